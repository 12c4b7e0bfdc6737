import { Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CsvExportResponse } from '../../common/http/csv-export.decorator';
import { streamCsv } from '../../common/http/csv-stream';
import { AdminApi } from '../admin-api.decorator';
import { AdminReportsService, REVENUE_CSV_COLUMNS } from './admin-reports.service';
import { RevenueExportQuery, RevenueReportQuery } from './dto/revenue-report.requests';
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

  @Get('reports/revenue/export')
  @ApiOperation({ summary: 'The revenue report as a CSV download: the whole period (every page by tenant), rows, meters and totals' })
  @CsvExportResponse(REVENUE_CSV_COLUMNS, 'The report (a `row` per group, a `meter` row per meter of a slug, the `total` row last)')
  async export(@Query() query: RevenueExportQuery, @Res() res: Response): Promise<void> {
    await streamCsv(res, `revenue-by-${query.group_by}.csv`, REVENUE_CSV_COLUMNS, this.reports.csvPages(query));
  }
}
