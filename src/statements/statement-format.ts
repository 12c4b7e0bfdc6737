import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, type Type, UseInterceptors } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import { CSV_CONTENT_TYPE } from '../common/http/csv';
import { statementCsv, statementCsvFileName } from './statement-csv';
import type { OperatorStatementView, StatementView } from './dto/statement.view';
import type { StatementFormat } from './dto/statement-format.requests';

/** The format this request gets (its `format` was validated before the handler ran). */
export function negotiatedFormat(req: Request): StatementFormat {
  const asked = req.query.format;
  if (asked === 'csv' || asked === 'json') return asked;
  return req.accepts(['application/json', 'text/csv']) === 'text/csv' ? 'csv' : 'json';
}

/** Turns the statement a handler returns into CSV when the request asked for it. */
@Injectable()
export class StatementFormatInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler<StatementView | OperatorStatementView>): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    return next.handle().pipe(
      map((statement) => {
        // Caches must keep the two formats of one URL apart.
        res.vary('Accept');
        if (negotiatedFormat(req) === 'json') return statement;
        res.attachment(statementCsvFileName(statement));
        res.type(CSV_CONTENT_TYPE);
        return statementCsv(statement);
      }),
    );
  }
}

/** A route that answers one statement, as JSON or CSV (documented with both media types). */
export function StatementResponse(view: Type<StatementView | OperatorStatementView>) {
  return applyDecorators(
    UseInterceptors(StatementFormatInterceptor),
    ApiExtraModels(view),
    ApiOkResponse({
      description: 'The statement: JSON, or CSV (`?format=csv` or `Accept: text/csv`; a header row, RFC 4180, money in USD).',
      content: {
        'application/json': { schema: { $ref: getSchemaPath(view) } },
        'text/csv': { schema: { type: 'string' } },
      },
    }),
  );
}
