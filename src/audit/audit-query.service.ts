import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import { histogramPercentile, NONE_ID } from './audit-rollups';

export interface AuditFilter {
  tenantId?: string;
  customerId?: string;
  apiKeyId?: string;
  endpointId?: string;
  httpStatus?: number;
  from?: Date;
  to?: Date;
}

/** How many UTC days (today included) the measured latencies cover. */
export const MEASURED_LATENCY_DAYS = 7;

/** Reads of the audit trail, newest first, paged by keyset (common/pagination). */
@Injectable()
export class AuditQueryService {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first: `take` records matching `filter` after the page `cursor` ended. */
  list(filter: AuditFilter, take: number, cursor?: string) {
    const where: Prisma.AuditRecordWhereInput = {
      tenantId: filter.tenantId,
      customerId: filter.customerId,
      apiKeyId: filter.apiKeyId,
      endpointId: filter.endpointId,
      httpStatus: filter.httpStatus,
      createdAt: filter.from || filter.to ? { gte: filter.from, lt: filter.to } : undefined,
    };
    const after = afterCursor(cursor);
    return this.prisma.auditRecord.findMany({ where: after ? { AND: [where, after] } : where, orderBy: NEWEST_FIRST, take });
  }

  /**
   * Sums of the audit trail grouped by one dimension, exact, read from the daily rollup (never a
   * scan of the raw records): the sums run in Postgres numeric and come back as decimal strings
   * (never a float). Whole UTC days: `from` inclusive, `to` exclusive, both at midnight UTC.
   */
  async summarize(filter: Pick<AuditFilter, 'tenantId'> & { from: Date; to: Date }, groupBy: SummaryDimension): Promise<SummaryRow[]> {
    const group = SUMMARY_GROUPS[groupBy];
    const tenant = filter.tenantId === undefined ? Prisma.empty : Prisma.sql`AND tenant_id = ${filter.tenantId}::uuid`;
    // One tenant's report reads its rows of the finest rollup; the operator's, across every tenant,
    // the coarse rollup of its grouping.
    const table =
      filter.tenantId !== undefined || groupBy === 'customer'
        ? Prisma.raw('usage_daily')
        : groupBy === 'tenant'
          ? Prisma.raw('usage_daily_by_tenant')
          : Prisma.raw('usage_daily_by_endpoint');
    const rows = await this.prisma.$queryRaw<Array<Omit<SummaryRow, 'calls' | 'errors'> & { calls: string; errors: string }>>`
      SELECT ${group}::text AS key,
        sum(calls)::text AS calls,
        sum(errors)::text AS errors,
        sum(quantity)::text AS quantity,
        sum(wholesale_pico_usd)::text AS wholesale_pico_usd,
        sum(resale_pico_usd)::text AS resale_pico_usd,
        sum(customer_price_pico_usd)::text AS customer_price_pico_usd
      FROM ${table}
      WHERE day >= ${utcDay(filter.from)}::date AND day < ${utcDay(filter.to)}::date ${tenant}
      GROUP BY 1
      ORDER BY 1`;
    return rows.map((r) => ({ ...r, calls: Number(r.calls), errors: Number(r.errors) }));
  }

  /**
   * The median and 95th percentile latency of each endpoint's answered calls (status 200) over the
   * last `days` UTC days (today included), from the daily latency histograms.
   */
  async measuredLatencies(
    days = MEASURED_LATENCY_DAYS,
    now = new Date(),
  ): Promise<Map<string, { p50Ms: number; p95Ms: number; calls: number }>> {
    const since = utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
    const rows = await this.prisma.$queryRaw<Array<{ endpoint_id: string; calls: string; buckets: string[] }>>`
      SELECT endpoint_id, sum(calls)::text AS calls,
        ARRAY(SELECT sum(b)::text FROM latency_daily l2, unnest(l2.buckets) WITH ORDINALITY AS x(b, i)
              WHERE l2.endpoint_id = l.endpoint_id AND l2.day >= ${since}::date GROUP BY i ORDER BY i) AS buckets
      FROM latency_daily l
      WHERE day >= ${since}::date
      GROUP BY endpoint_id`;
    const measured = new Map<string, { p50Ms: number; p95Ms: number; calls: number }>();
    for (const r of rows) {
      const buckets = r.buckets.map(Number);
      const p50 = histogramPercentile(buckets, 0.5);
      const p95 = histogramPercentile(buckets, 0.95);
      if (p50 !== null && p95 !== null)
        measured.set(r.endpoint_id, { p50Ms: Math.round(p50), p95Ms: Math.round(p95), calls: Number(r.calls) });
    }
    return measured;
  }
}

/** The UTC calendar day of an instant, `YYYY-MM-DD` (never the session time zone's). */
function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** What a summary groups by; each maps to a fixed SQL expression (never caller text). */
export type SummaryDimension = 'tenant' | 'customer' | 'endpoint' | 'day';

const none = Prisma.raw(`'${NONE_ID}'::uuid`);
const SUMMARY_GROUPS: Record<SummaryDimension, Prisma.Sql> = {
  tenant: Prisma.sql`nullif(tenant_id, ${none})`,
  customer: Prisma.sql`nullif(customer_id, ${none})`,
  endpoint: Prisma.sql`nullif(endpoint_id, ${none})`,
  day: Prisma.sql`to_char(day, 'YYYY-MM-DD')`,
};

/** One group of a summary: counts, and sums as exact decimal strings (pico-USD, base units). */
export interface SummaryRow {
  key: string | null;
  calls: number;
  errors: number;
  quantity: string;
  wholesale_pico_usd: string;
  resale_pico_usd: string;
  customer_price_pico_usd: string;
}
