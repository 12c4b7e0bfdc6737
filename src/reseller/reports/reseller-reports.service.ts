import { Inject, Injectable } from '@nestjs/common';
import { AuditTrailService } from '../../audit/audit-trail.service';
import { ReportPeriodQuery } from '../../audit/dto/report.requests';
import { reportCsvColumns, reportCsvPages } from '../../audit/report-csv';
import type { CsvValue } from '../../common/http/csv';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import type { UsageExportQuery, UsageReportQuery } from './dto/usage-report.requests';
import { UsageReportView } from './dto/usage-report.view';

/** The figures of the usage report's CSV, as its JSON rows name them. */
const USAGE_FIGURES = ['calls', 'errors', 'quantity', 'customer_price_usd', 'resale_usd', 'reseller_margin_usd'] as const;
export const USAGE_CSV_COLUMNS = reportCsvColumns(USAGE_FIGURES);

/** A tenant's usage report: its own rollups' sums, never another tenant's. */
@Injectable()
export class ResellerReportsService {
  constructor(
    private readonly trail: AuditTrailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async usage(tenantId: string, query: UsageReportQuery): Promise<UsageReportView> {
    const period = ReportPeriodQuery.period(query);
    return UsageReportView.from(query.group_by, period, await this.trail.summary({ tenantId, ...period }, query.group_by, query));
  }

  /** The whole report as CSV rows: by customer, EXPORT_PAGE_SIZE customers a page; by slug or day, whole. */
  csvPages(tenantId: string, query: UsageExportQuery): AsyncGenerator<CsvValue[][]> {
    const paged = query.group_by === 'customer';
    return reportCsvPages(USAGE_FIGURES, (cursor) =>
      this.usage(tenantId, { ...query, ...(paged ? { limit: this.config.EXPORT_PAGE_SIZE, cursor } : {}) }),
    );
  }
}
