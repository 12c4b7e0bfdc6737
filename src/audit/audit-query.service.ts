import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';

export interface AuditFilter {
  tenantId?: string;
  customerId?: string;
  apiKeyId?: string;
  endpointId?: string;
  httpStatus?: number;
  from?: Date;
  to?: Date;
}

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
   * The median and 95th percentile latency of each endpoint's last `sample` answered calls (status 200), from the audit
   * trail: one bounded index scan per endpoint (endpoint_id, created_at), whatever the table's size.
   */
  async measuredLatencies(sample = 1000): Promise<Map<string, { p50Ms: number; p95Ms: number; calls: number }>> {
    const rows = await this.prisma.$queryRaw<Array<{ endpoint_id: string; p50: number; p95: number; calls: number }>>`
      SELECT e.id AS endpoint_id,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY recent.latency_ms)::float8 AS p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY recent.latency_ms)::float8 AS p95,
        count(*)::int AS calls
      FROM catalog_endpoints e
      CROSS JOIN LATERAL (
        SELECT latency_ms FROM audit_records a
        WHERE a.endpoint_id = e.id AND a.http_status = 200
        ORDER BY a.created_at DESC LIMIT ${sample}
      ) AS recent
      GROUP BY e.id`;
    return new Map(rows.map((r) => [r.endpoint_id, { p50Ms: Math.round(r.p50), p95Ms: Math.round(r.p95), calls: r.calls }]));
  }

  /**
   * Sums of the audit trail grouped by one dimension, exact: the sums run in Postgres numeric and
   * come back as decimal strings (never a float). `from` inclusive, `to` exclusive.
   */
  async summarize(filter: Pick<AuditFilter, 'tenantId'> & { from: Date; to: Date }, groupBy: SummaryDimension): Promise<SummaryRow[]> {
    const group = SUMMARY_GROUPS[groupBy];
    const tenant = filter.tenantId === undefined ? Prisma.empty : Prisma.sql`AND tenant_id = ${filter.tenantId}::uuid`;
    return this.prisma.$queryRaw<SummaryRow[]>`
      SELECT ${group}::text AS key,
        count(*)::int AS calls,
        count(*) FILTER (WHERE http_status >= 400)::int AS errors,
        coalesce(sum(quantity), 0)::text AS quantity,
        coalesce(sum(wholesale_pico_usd), 0)::text AS wholesale_pico_usd,
        coalesce(sum(resale_pico_usd), 0)::text AS resale_pico_usd,
        coalesce(sum(customer_price_pico_usd), 0)::text AS customer_price_pico_usd
      FROM audit_records
      WHERE created_at >= ${filter.from} AND created_at < ${filter.to} ${tenant}
      GROUP BY 1
      ORDER BY 1`;
  }
}

/** What a summary groups by; each maps to a fixed SQL expression (never caller text). */
export type SummaryDimension = 'tenant' | 'customer' | 'endpoint' | 'day';

const SUMMARY_GROUPS: Record<SummaryDimension, Prisma.Sql> = {
  tenant: Prisma.sql`tenant_id`,
  customer: Prisma.sql`customer_id`,
  endpoint: Prisma.sql`endpoint_id`,
  day: Prisma.sql`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
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
