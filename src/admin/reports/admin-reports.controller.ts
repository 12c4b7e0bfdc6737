import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AuditTrailService } from '../../audit/audit-trail.service';
import { ReportPeriodQuery } from '../../audit/dto/report.dto';
import { AdminApi } from '../admin-api.decorator';
import { RevenueReportQuery, RevenueReportView } from './dto/revenue-report.dto';

/** The operator's reports over the audit trail. */
@AdminApi('reports')
export class AdminReportsController {
  constructor(private readonly trail: AuditTrailService) {}

  @Get('reports/revenue')
  @ApiOperation({
    summary: 'Wholesale cost, resale revenue, customer price and both margins by tenant (paged), slug or day, with exact totals',
  })
  @ApiOkResponse({ type: RevenueReportView })
  async revenue(@Query() query: RevenueReportQuery): Promise<RevenueReportView> {
    const period = ReportPeriodQuery.period(query);
    return RevenueReportView.from(query.group_by, period, await this.trail.summary(period, query.group_by, query));
  }
}
