import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AuditTrailService } from '../../audit/audit-trail.service';
import { ReportPeriodQuery } from '../../audit/dto/report.requests';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { UsageReportQuery } from './dto/usage-report.requests';
import { UsageReportView } from './dto/usage-report.view';

/** The calling tenant's usage, billing, cost and margin. */
@ResellerApi('reports')
export class ResellerReportsController {
  constructor(private readonly trail: AuditTrailService) {}

  @Get('reports/usage')
  @ApiOperation({
    summary:
      'Calls, usage, what your customers were billed, what you owe and your margin by customer (paged), slug or day, with exact totals',
  })
  @ApiOkResponse({ type: UsageReportView })
  async usage(@CallingTenant() tenantId: string, @Query() query: UsageReportQuery): Promise<UsageReportView> {
    const period = ReportPeriodQuery.period(query);
    return UsageReportView.from(query.group_by, period, await this.trail.summary({ tenantId, ...period }, query.group_by, query));
  }
}
