import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { type Page, toPage } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../common/pagination/page.dto';
import type { AuditRecord } from './audit-record';
import { AuditFilter, AuditQueryService, SummaryDimension } from './audit-query.service';

/** A page request of the audit trail in the APIs' terms: a slug rather than an endpoint id. */
export interface AuditTrailQuery extends Omit<AuditFilter, 'endpointId'> {
  slug?: string;
  limit?: number;
  cursor?: string;
}

/**
 * Pages of the audit trail as the operator and reseller APIs serve them: a slug filter resolved
 * to its endpoint (an unknown slug has no calls), and each row given its slug for the view.
 */
@Injectable()
export class AuditTrailService {
  constructor(
    private readonly audit: AuditQueryService,
    private readonly catalog: CatalogService,
  ) {}

  async page<V>(query: AuditTrailQuery, view: (row: AuditRecord, slug: string | null) => V): Promise<Page<V>> {
    const { slug, limit = DEFAULT_PAGE_SIZE, cursor, ...filter } = query;
    let endpointId: string | undefined;
    if (slug !== undefined) {
      endpointId = this.catalog.find(slug)?.id;
      if (!endpointId) return { data: [], next_cursor: null };
    }
    const rows = await this.audit.list({ ...filter, endpointId }, limit + 1, cursor);
    const slugById = new Map(this.catalog.list().map((e) => [e.id, e.slug]));
    return toPage(rows, limit, (row) => view(row, row.endpointId ? (slugById.get(row.endpointId) ?? null) : null));
  }

  /**
   * Sums of calls, usage and money per group (a slug, rather than an endpoint id), and their totals,
   * exact to the pico-dollar: the totals are the sums of the groups, which are Postgres's sums of
   * the audit records.
   */
  async summary(filter: { tenantId?: string; from: Date; to: Date }, groupBy: ReportGroup): Promise<Summary> {
    const dimension: SummaryDimension = groupBy === 'slug' ? 'endpoint' : groupBy;
    const rows = await this.audit.summarize(filter, dimension);
    const slugById = groupBy === 'slug' ? new Map(this.catalog.list().map((e) => [e.id, e.slug])) : null;
    const groups = rows.map((r) => ({
      key: slugById && r.key ? (slugById.get(r.key) ?? r.key) : r.key,
      calls: r.calls,
      errors: r.errors,
      quantity: BigInt(r.quantity),
      wholesalePicoUsd: BigInt(r.wholesale_pico_usd),
      resalePicoUsd: BigInt(r.resale_pico_usd),
      customerPicoUsd: BigInt(r.customer_price_pico_usd),
    }));
    const totals = groups.reduce(
      (t, g) => ({
        key: null,
        calls: t.calls + g.calls,
        errors: t.errors + g.errors,
        quantity: t.quantity + g.quantity,
        wholesalePicoUsd: t.wholesalePicoUsd + g.wholesalePicoUsd,
        resalePicoUsd: t.resalePicoUsd + g.resalePicoUsd,
        customerPicoUsd: t.customerPicoUsd + g.customerPicoUsd,
      }),
      { key: null as string | null, calls: 0, errors: 0, quantity: 0n, wholesalePicoUsd: 0n, resalePicoUsd: 0n, customerPicoUsd: 0n },
    );
    return { groups, totals };
  }
}

/** What a report groups by, in the APIs' terms. */
export type ReportGroup = 'tenant' | 'customer' | 'slug' | 'day';

export interface SummaryGroup {
  /** The tenant or customer id, the slug, or the UTC day (YYYY-MM-DD); null for calls without one. */
  key: string | null;
  calls: number;
  /** Calls answered with a status of 400 or more. */
  errors: number;
  quantity: bigint;
  /** What the upstreams cost the operator. */
  wholesalePicoUsd: bigint;
  /** What the tenants owe the operator. */
  resalePicoUsd: bigint;
  /** What the callers were billed (the tenants' prices for their customers, else the resale figures). */
  customerPicoUsd: bigint;
}

export interface Summary {
  groups: SummaryGroup[];
  totals: SummaryGroup;
}
