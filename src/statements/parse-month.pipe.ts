import { Injectable, PipeTransform } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import { parseMonth } from './statement-month';

/** A `:month` path parameter: `YYYY-MM` (a UTC calendar month), else 400 before any query runs. */
@Injectable()
export class ParseMonthPipe implements PipeTransform<string, Date> {
  transform(value: string): Date {
    const month = typeof value === 'string' ? parseMonth(value) : null;
    if (!month) throw new GatewayError('invalid_request', 'The month in the path is not YYYY-MM (a UTC calendar month, e.g. 2026-10).');
    return month;
  }
}
