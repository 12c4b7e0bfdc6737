import type { AuditRecord } from './audit-record';
import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { ReadDatabase } from '../database/read-database';
import { Prisma } from '../generated/prisma/client';
import { histogramPercentile, NONE_ID } from './audit-rollups';
import type { MeterSumsText } from './meter-lines';

export interface AuditFilter {
  tenantId?: string;
  /** One call: its request id (exact). */
  requestId?: string;
  /** One customer's calls; null: the calls of no customer (IS NULL). */
  customerId?: string | null;
  apiKeyId?: string;
  endpointId?: string;
  httpStatus?: number;
  from?: Date;
  to?: Date;
}

/** How many UTC days (today included) the measured latencies cover. */
export const MEASURED_LATENCY_DAYS = 7;

/**
 * Reads of the audit trail, newest first, paged by keyset (common/pagination), and of its rollups.
 * Every one tolerates staleness (no call is authorized or billed from them, and no request reads here
 * what it just wrote), so all go through ReadDatabase: DATABASE_READ_URL's replica when one is set.
 */
@Injectable()
export class AuditQueryService {
  constructor(private readonly db: ReadDatabase) {}

  /** Newest first: `take` records matching `filter` after the page `cursor` ended. */
  list(filter: AuditFilter, take: number, cursor?: string) {
    const where: Prisma.AuditRecordWhereInput = {
      id: filter.requestId,
      tenantId: filter.tenantId,
      customerId: filter.customerId,
      apiKeyId: filter.apiKeyId,
      endpointId: filter.endpointId,
      httpStatus: filter.httpStatus,
      createdAt: filter.from || filter.to ? { gte: filter.from, lt: filter.to } : undefined,
    };
    const after = afterCursor(cursor);
    // The meters column holds what the writer put there (AuditMeters).
    return this.db.read(
      (prisma) =>
        prisma.auditRecord.findMany({ where: after ? { AND: [where, after] } : where, orderBy: NEWEST_FIRST, take }) as Promise<
          AuditRecord[]
        >,
    );
  }

  /**
   * One call by its request id, within `tenantId` when given (another tenant's call is not found);
   * null when there is none. The primary key leads with the id, so each month's partition answers
   * from its index.
   */
  find(requestId: string, tenantId?: string): Promise<AuditRecord | null> {
    return this.db.read((prisma) => prisma.auditRecord.findFirst({ where: { id: requestId, tenantId } }) as Promise<AuditRecord | null>);
  }

  /**
   * Sums of the audit trail per endpoint or per day, exact, read from a rollup (never a scan of the
   * raw records): one tenant's from its range of usage_daily (tenant, day, …), the operator's across
   * every tenant from the (day, endpoint) rollup. The sums run in Postgres numeric and come back as
   * decimal strings (never a float). Whole UTC days: `from` inclusive, `to` exclusive, both at
   * midnight UTC. A whole report: at most one row per endpoint, or per day of the period.
   */
  async summarize(filter: Pick<AuditFilter, 'tenantId'> & ReportDays, groupBy: 'endpoint' | 'day'): Promise<SummaryRow[]> {
    const group = groupBy === 'endpoint' ? Prisma.sql`nullif(endpoint_id, ${none})::text` : Prisma.sql`to_char(day, 'YYYY-MM-DD')`;
    const source =
      filter.tenantId === undefined
        ? Prisma.sql`usage_daily_by_endpoint WHERE ${days(filter)}`
        : Prisma.sql`usage_daily WHERE tenant_id = ${filter.tenantId}::uuid AND ${days(filter)}`;
    if (groupBy === 'day') {
      const rows = await this.db.read(
        (prisma) => prisma.$queryRaw<RawSummaryRow[]>`SELECT ${group} AS key, ${SUMS_AS_TEXT} FROM ${source} GROUP BY 1 ORDER BY 1`,
      );
      return rows.map(summaryRow);
    }
    // Per endpoint, with its meters (a tenant's from its range of usage_daily_by_meter, every
    // tenant's from the (day, endpoint, meter) rollup), in the same statement: one snapshot, so the
    // money of an endpoint's meters sums to its own even while batches land.
    const meterSource =
      filter.tenantId === undefined
        ? Prisma.sql`usage_daily_by_endpoint_meter WHERE ${days(filter)}`
        : Prisma.sql`usage_daily_by_meter WHERE tenant_id = ${filter.tenantId}::uuid AND ${days(filter)}`;
    const rows = await this.db.read(
      (prisma) => prisma.$queryRaw<Array<RawSummaryRow & { meters: MeterSumsText[] }>>`
      WITH lines AS (SELECT ${group} AS key, ${SUMS_AS_TEXT} FROM ${source} GROUP BY 1),
      meters AS (SELECT endpoint_id::text AS key, meter, ${METER_SUMS} FROM ${meterSource} GROUP BY 1, 2)
      SELECT l.*, coalesce((SELECT json_agg(${METER_SUMS_JSON} ORDER BY m.meter) FROM meters m WHERE m.key = l.key), '[]'::json) AS meters
      FROM lines l ORDER BY 1`,
    );
    return rows.map((r) => ({ ...summaryRow(r), meters: r.meters }));
  }

  /**
   * One page of the sums per customer of a tenant, or per tenant across every tenant, in the order
   * of their ids (the calls without one, under the nil UUID, first): `take` groups after
   * `afterKey`, beside the totals of the whole period, both read in one statement (one snapshot).
   * A page is one range of its rollup's key ((tenant, customer, day) or (tenant, day)), so it costs
   * the same on any page and for any number of groups; the totals come from the coarsest rollup
   * that holds them: the tenant's days (by tenant), the endpoints' days (across every tenant).
   */
  async summaryPage(scope: SummaryPageScope, period: ReportDays, take: number, afterKey?: string): Promise<SummaryPage> {
    const after =
      afterKey === undefined
        ? Prisma.empty
        : Prisma.sql`AND ${Prisma.raw(scope.groupBy === 'customer' ? 'customer_id' : 'tenant_id')} > ${afterKey}::uuid`;
    const [page, totals] =
      scope.groupBy === 'customer'
        ? [
            Prisma.sql`SELECT customer_id AS key, ${SUMS} FROM usage_daily_by_customer
              WHERE tenant_id = ${scope.tenantId}::uuid ${after} AND ${days(period)} GROUP BY customer_id ORDER BY customer_id LIMIT ${take}`,
            Prisma.sql`SELECT ${SUMS} FROM usage_daily_by_tenant WHERE tenant_id = ${scope.tenantId}::uuid AND ${days(period)}`,
          ]
        : [
            Prisma.sql`SELECT tenant_id AS key, ${SUMS} FROM usage_daily_by_tenant
              WHERE ${days(period)} ${after} GROUP BY tenant_id ORDER BY tenant_id LIMIT ${take}`,
            Prisma.sql`SELECT ${SUMS} FROM usage_daily_by_endpoint WHERE ${days(period)}`,
          ];
    const rows = await this.db.read(
      (prisma) => prisma.$queryRaw<Array<RawSummaryRow & { is_total: boolean }>>`
      WITH page AS (${page}), totals AS (${totals})
      SELECT false AS is_total, key::text AS key, ${SUMS_AS_TEXT} FROM page GROUP BY key
      UNION ALL
      SELECT true, NULL, ${SUMS_AS_TEXT} FROM totals
      ORDER BY is_total, key`,
    );
    const total = rows.find((r) => r.is_total);
    return {
      groups: rows.filter((r) => !r.is_total).map(summaryRow),
      totals: summaryRow(total ?? { key: null, calls: '0', errors: '0', quantity: '0', ...ZERO_MONEY }),
    };
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
    const rows = await this.db.read(
      (prisma) => prisma.$queryRaw<Array<{ endpoint_id: string; calls: string; buckets: string[] }>>`
      SELECT endpoint_id, sum(calls)::text AS calls,
        ARRAY(SELECT sum(b)::text FROM latency_daily l2, unnest(l2.buckets) WITH ORDINALITY AS x(b, i)
              WHERE l2.endpoint_id = l.endpoint_id AND l2.day >= ${since}::date GROUP BY i ORDER BY i) AS buckets
      FROM latency_daily l
      WHERE day >= ${since}::date
      GROUP BY endpoint_id`,
    );
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

/** A report's period in whole UTC days: `from` inclusive, `to` exclusive, both at midnight UTC. */
export interface ReportDays {
  from: Date;
  to: Date;
}

/** What a page of sums groups by: one tenant's customers, or every tenant (the operator's). */
export type SummaryPageScope = { groupBy: 'customer'; tenantId: string } | { groupBy: 'tenant' };

export interface SummaryPage {
  /** Keyed by the raw id (the nil UUID for the calls without one), as the next page starts after it. */
  groups: SummaryRow[];
  totals: SummaryRow;
}

const none = Prisma.raw(`'${NONE_ID}'::uuid`);

function days(period: ReportDays): Prisma.Sql {
  return Prisma.sql`day >= ${utcDay(period.from)}::date AND day < ${utcDay(period.to)}::date`;
}

/** The sums of a rollup's rows: numeric (a sum of bigints may outgrow int8). */
const SUMS = Prisma.sql`sum(calls) AS calls, sum(errors) AS errors, sum(quantity) AS quantity,
  sum(wholesale_pico_usd) AS wholesale_pico_usd, sum(resale_pico_usd) AS resale_pico_usd,
  sum(customer_price_pico_usd) AS customer_price_pico_usd`;

/** The same sums as exact decimal strings (of rollup rows, or of sums of them: summing once more is the identity on one row). */
const SUMS_AS_TEXT = Prisma.sql`coalesce(sum(calls), 0)::text AS calls, coalesce(sum(errors), 0)::text AS errors,
  coalesce(sum(quantity), 0)::text AS quantity, coalesce(sum(wholesale_pico_usd), 0)::text AS wholesale_pico_usd,
  coalesce(sum(resale_pico_usd), 0)::text AS resale_pico_usd, coalesce(sum(customer_price_pico_usd), 0)::text AS customer_price_pico_usd`;

/** A meter rollup's sums (numeric). */
const METER_SUMS = Prisma.sql`sum(quantity) AS quantity, sum(wholesale_pico_usd) AS wholesale_pico_usd,
  sum(resale_pico_usd) AS resale_pico_usd, sum(customer_price_pico_usd) AS customer_price_pico_usd`;

/** One meter's sums of `meters m` as a JSON object of decimal strings (a JSON number would pass through a double). */
const METER_SUMS_JSON = Prisma.sql`json_build_object('meter', m.meter, 'quantity', m.quantity::text,
  'wholesale_pico_usd', m.wholesale_pico_usd::text, 'resale_pico_usd', m.resale_pico_usd::text,
  'customer_price_pico_usd', m.customer_price_pico_usd::text)`;

const ZERO_MONEY = { wholesale_pico_usd: '0', resale_pico_usd: '0', customer_price_pico_usd: '0' };

type RawSummaryRow = Omit<SummaryRow, 'calls' | 'errors'> & { calls: string; errors: string };

function summaryRow(r: RawSummaryRow): SummaryRow {
  return {
    key: r.key,
    calls: Number(r.calls),
    errors: Number(r.errors),
    quantity: r.quantity,
    wholesale_pico_usd: r.wholesale_pico_usd,
    resale_pico_usd: r.resale_pico_usd,
    customer_price_pico_usd: r.customer_price_pico_usd,
  };
}

/** One group of a summary: counts, and sums as exact decimal strings (pico-USD, base units). */
export interface SummaryRow {
  key: string | null;
  calls: number;
  errors: number;
  quantity: string;
  wholesale_pico_usd: string;
  resale_pico_usd: string;
  customer_price_pico_usd: string;
  /** Per endpoint only: the endpoint's sums per meter (whose money sums to the row's). */
  meters?: MeterSumsText[];
}
