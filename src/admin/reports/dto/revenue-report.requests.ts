import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { ReportQuery } from '../../../audit/dto/report.requests';

export class RevenueReportQuery extends ReportQuery {
  @ApiProperty({
    enum: ['tenant', 'slug', 'day'],
    description:
      'One row per tenant (paged: `limit` tenants per page, in the order of their ids, the calls without a tenant first), per slug or per UTC day (whole).',
  })
  @IsIn(['tenant', 'slug', 'day'])
  group_by!: 'tenant' | 'slug' | 'day';

  @ApiPropertyOptional({
    format: 'uuid',
    description: "Only this tenant's usage and plan fees (by tenant: its row alone). An unknown tenant has none: zeros.",
  })
  @IsOptional()
  @IsUUID()
  tenant_id?: string;
}

/** The export's query: the report's, without its page (an export is the whole report). */
export class RevenueExportQuery extends OmitType(RevenueReportQuery, ['limit', 'cursor'] as const) {}
