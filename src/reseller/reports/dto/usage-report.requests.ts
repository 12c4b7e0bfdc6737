import { ApiProperty, OmitType } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ReportQuery } from '../../../audit/dto/report.requests';

export class UsageReportQuery extends ReportQuery {
  @ApiProperty({
    enum: ['customer', 'slug', 'day'],
    description:
      'One row per customer (paged: `limit` customers per page, in the order of their ids, your own keys first), per slug or per UTC day (whole).',
  })
  @IsIn(['customer', 'slug', 'day'])
  group_by!: 'customer' | 'slug' | 'day';
}

/** The export's query: the report's, without its page (an export is the whole report). */
export class UsageExportQuery extends OmitType(UsageReportQuery, ['limit', 'cursor'] as const) {}
