import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';
import { GatewayError } from '../../common/errors/error-catalog';
import { PageQuery } from '../../common/pagination/page.requests';

const DAY_MS = 86_400_000;

/** The longest period one report covers. */
export const MAX_REPORT_DAYS = 366;

/**
 * The period of a report, in whole UTC days (reports are summed from the daily rollups): `from`'s
 * day inclusive, `to` exclusive and rounded up to the next midnight (a `to` at midnight stays);
 * by default the last 30 days, today included.
 */
export class ReportPeriodQuery {
  @ApiPropertyOptional({ format: 'date-time', description: 'Start, inclusive; default: 30 days before `to`.' })
  @IsOptional()
  @IsISO8601({ strict: true })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'End, exclusive; default: now.' })
  @IsOptional()
  @IsISO8601({ strict: true })
  to?: string;

  static period(query: ReportPeriodQuery, now = Date.now()): { from: Date; to: Date } {
    const to = ceilToDay(query.to ? new Date(query.to).getTime() : now);
    const from = query.from ? floorToDay(new Date(query.from).getTime()) : new Date(to.getTime() - 30 * DAY_MS);
    if (from >= to) throw new GatewayError('invalid_request', '`from` must be before `to`.');
    if (to.getTime() - from.getTime() > MAX_REPORT_DAYS * DAY_MS) {
      throw new GatewayError('invalid_request', `A report covers at most ${MAX_REPORT_DAYS} days.`, { max_days: MAX_REPORT_DAYS });
    }
    return { from, to };
  }
}

/**
 * A report's period and, for the groupings that are paged (by customer, by tenant), the page:
 * `limit` groups after `cursor` (the previous page's `next_cursor`). The other groupings come whole
 * and refuse both.
 */
export class ReportQuery extends IntersectionType(ReportPeriodQuery, PageQuery) {}

function floorToDay(ms: number): Date {
  return new Date(Math.floor(ms / DAY_MS) * DAY_MS);
}

function ceilToDay(ms: number): Date {
  return new Date(Math.ceil(ms / DAY_MS) * DAY_MS);
}
