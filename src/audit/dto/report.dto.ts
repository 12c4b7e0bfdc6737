import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';
import { GatewayError } from '../../common/errors/error-catalog';

const DAY_MS = 86_400_000;
/** The longest period one report covers: it is summed from the raw audit trail. */
export const MAX_REPORT_DAYS = 366;

/** The period of a report: `from` inclusive, `to` exclusive; by default the last 30 days. */
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
    const to = query.to ? new Date(query.to) : new Date(now);
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * DAY_MS);
    if (from >= to) throw new GatewayError('invalid_request', '`from` must be before `to`.');
    if (to.getTime() - from.getTime() > MAX_REPORT_DAYS * DAY_MS) {
      throw new GatewayError('invalid_request', `A report covers at most ${MAX_REPORT_DAYS} days.`, { max_days: MAX_REPORT_DAYS });
    }
    return { from, to };
  }
}

/** The period a report covers, as answered. */
export class ReportPeriodView {
  @ApiProperty({ format: 'date-time' }) from!: string;
  @ApiProperty({ format: 'date-time' }) to!: string;
}
