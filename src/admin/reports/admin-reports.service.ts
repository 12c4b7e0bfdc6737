import { Inject, Injectable } from '@nestjs/common';
import { reportCsvColumns, reportCsvPages } from '../../audit/report-csv';
import type { CsvValue } from '../../common/http/csv';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { NONE_ID } from '../../audit/audit-rollups';
import { AuditTrailService, type Summary, type SummaryGroup } from '../../audit/audit-trail.service';
import { ReportPeriodQuery } from '../../audit/dto/report.requests';
import { decodeKeyCursor, encodeKeyCursor } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../../common/pagination/page.requests';
import { feeOf } from '../../plans/plan-fees';
import { PlanFees } from '../../plans/plan-fees.service';
import type { RevenueExportQuery, RevenueReportQuery } from './dto/revenue-report.requests';
import { RevenueReportView } from './dto/revenue-report.view';

/** The figures of the revenue report's CSV, as its JSON rows name them. */
const REVENUE_FIGURES = [
  'calls',
  'errors',
  'quantity',
  'wholesale_usd',
  'resale_usd',
  'customer_price_usd',
  'operator_margin_usd',
  'reseller_margin_usd',
  'plan_fee_usd',
  'total_revenue_usd',
] as const;
export const REVENUE_CSV_COLUMNS = reportCsvColumns(REVENUE_FIGURES);

/** A revenue group with the plan fees of its tenants (null where a group is no tenant: a slug, a day). */
export type RevenueGroup = SummaryGroup & { planFeePicoUsd: bigint | null };

/**
 * The operator's revenue report: usage revenue from the rollups (the audit trail's sums) and, beside
 * it, the tenants' plan fees of the period (prorated like the statements', see plans/plan-fees.ts),
 * for every tenant or the one `tenant_id` names (an unknown one has nothing: zeros, like the audit
 * trail's filter).
 */
@Injectable()
export class AdminReportsService {
  constructor(
    private readonly trail: AuditTrailService,
    private readonly planFees: PlanFees,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The whole report as CSV rows: by tenant, EXPORT_PAGE_SIZE tenants a page; by slug or day, whole. */
  csvPages(query: RevenueExportQuery): AsyncGenerator<CsvValue[][]> {
    const paged = query.group_by === 'tenant';
    return reportCsvPages(REVENUE_FIGURES, (cursor) =>
      this.revenue({ ...query, ...(paged ? { limit: this.config.EXPORT_PAGE_SIZE, cursor } : {}) }),
    );
  }

  async revenue(query: RevenueReportQuery): Promise<RevenueReportView> {
    const period = ReportPeriodQuery.period(query);
    const tenantId = query.tenant_id;
    const fees = new Map([...(await this.planFees.byTenant(period, tenantId))].map(([tenant, lines]) => [tenant, feeOf(lines)]));
    const totalFee = [...fees.values()].reduce((sum, fee) => sum + fee, 0n);
    let groups: RevenueGroup[];
    let summary: Summary;
    if (query.group_by !== 'tenant') {
      summary = await this.trail.summary({ ...period, tenantId }, query.group_by, query);
      groups = summary.groups.map((g) => ({ ...g, planFeePicoUsd: null }));
    } else if (tenantId !== undefined) {
      // One tenant: its row alone (the sums of its days), when it has usage or a fee in the period.
      summary = await this.trail.summary({ ...period, tenantId }, 'day');
      const row = { ...summary.totals, key: tenantId, planFeePicoUsd: fees.get(tenantId) ?? 0n };
      groups = row.calls > 0 || row.planFeePicoUsd > 0n ? [row] : [];
      summary = { ...summary, next_cursor: null };
    } else {
      ({ summary, groups } = await this.tenantPage(period, query, fees));
    }
    return RevenueReportView.from(
      query.group_by,
      period,
      { groups, totals: { ...summary.totals, planFeePicoUsd: totalFee } },
      summary.next_cursor,
    );
  }

  /**
   * A page of the report by tenant: the tenants with usage (the rollups' page) and those with only a
   * plan fee, merged in the order of their ids. The rollups' page holds the first `limit` tenants with
   * usage after the cursor, so every one of them among the first `limit` merged is in it.
   */
  private async tenantPage(period: { from: Date; to: Date }, query: RevenueReportQuery, fees: Map<string, bigint>) {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor === undefined ? undefined : decodeKeyCursor(query.cursor);
    const summary = await this.trail.summary(period, 'tenant', query);
    const byKey = new Map(summary.groups.map((g) => [g.key ?? NONE_ID, g]));
    const keys = [...new Set([...byKey.keys(), ...[...fees.keys()].filter((tenant) => after === undefined || tenant > after)])].sort();
    const shown = keys.slice(0, limit);
    const groups: RevenueGroup[] = shown.map((key) => {
      const usage = byKey.get(key) ?? { ...ZERO_GROUP, key };
      return { ...usage, planFeePicoUsd: usage.key === null ? null : (fees.get(key) ?? 0n) };
    });
    const more = keys.length > limit || summary.next_cursor !== null;
    return { summary: { ...summary, next_cursor: more && shown.length > 0 ? encodeKeyCursor(shown[shown.length - 1]) : null }, groups };
  }
}

const ZERO_GROUP: SummaryGroup = {
  key: null,
  calls: 0,
  errors: 0,
  quantity: 0n,
  wholesalePicoUsd: 0n,
  resalePicoUsd: 0n,
  customerPicoUsd: 0n,
};
