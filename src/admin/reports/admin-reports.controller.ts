import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminApi } from '../admin-api.decorator';
import { AdminReportsService } from './admin-reports.service';
import { RevenueReportQuery } from './dto/revenue-report.requests';
import { RevenueReportView } from './dto/revenue-report.view';

/** The operator's reports over the audit trail. */
@AdminApi('reports')
export class AdminReportsController {
  constructor(private readonly reports: AdminReportsService) {}

  @Get('reports/revenue')
  @ApiOperation({
    summary:
      'Wholesale cost, resale revenue, customer price, both margins and plan fees by tenant (paged), slug or day, with exact totals; optionally of one tenant',
  })
  @ApiOkResponse({ type: RevenueReportView })
  revenue(@Query() query: RevenueReportQuery): Promise<RevenueReportView> {
    return this.reports.revenue(query);
  }
}
