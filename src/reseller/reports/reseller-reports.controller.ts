import { Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CsvExportResponse } from '../../common/http/csv-export.decorator';
import { streamCsv } from '../../common/http/csv-stream';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { UsageExportQuery, UsageReportQuery } from './dto/usage-report.requests';
import { UsageReportView } from './dto/usage-report.view';
import { ResellerReportsService, USAGE_CSV_COLUMNS } from './reseller-reports.service';

/** The calling tenant's usage, billing, cost and margin. */
@ResellerApi('reports')
export class ResellerReportsController {
  constructor(private readonly reports: ResellerReportsService) {}

  @Get('reports/usage')
  @ApiOperation({
    summary:
      'Calls, usage, what your customers were billed, what you owe and your margin by customer (paged), slug or day, with exact totals',
  })
  @ApiOkResponse({ type: UsageReportView })
  usage(@CallingTenant() tenantId: string, @Query() query: UsageReportQuery): Promise<UsageReportView> {
    return this.reports.usage(tenantId, query);
  }

  @Get('reports/usage/export')
  @ApiOperation({ summary: 'The usage report as a CSV download: the whole period (every page by customer), rows, meters and totals' })
  @CsvExportResponse(USAGE_CSV_COLUMNS, 'The report (a `row` per group, a `meter` row per meter of a slug, the `total` row last)')
  async export(@CallingTenant() tenantId: string, @Query() query: UsageExportQuery, @Res() res: Response): Promise<void> {
    await streamCsv(res, `usage-by-${query.group_by}.csv`, USAGE_CSV_COLUMNS, this.reports.csvPages(tenantId, query));
  }
}
