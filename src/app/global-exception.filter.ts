import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorToAnswer, failedToAnswer, sendError } from '../common/errors/error-response';
import type { LingeringCloseBounds } from '../common/http/lingering-close';
import { requestIdOf } from '../common/http/request-id.middleware';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/**
 * The error filter of every route that has none of its own (the operator API, probes, unknown
 * paths): `{ "error": { code, message, request_id } }` with the catalog's status. Public calls have
 * their own filter (gateway/public-call-exception.filter.ts), which also audits and rate-limits them.
 */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly lingering: LingeringCloseBounds;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.lingering = { maxBytes: config.LINGERING_CLOSE_MAX_BYTES, maxMs: config.LINGERING_CLOSE_MAX_MS };
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const requestId = requestIdOf(req);
    try {
      sendError(req, res, errorToAnswer(exception, requestId), requestId, this.lingering);
    } catch (err) {
      failedToAnswer(res, requestId, err);
    }
  }
}
