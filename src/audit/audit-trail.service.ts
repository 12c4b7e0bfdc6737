import { Injectable } from '@nestjs/common';
import type { CatalogEntry } from '../catalog/catalog-entry';
import { CatalogService } from '../catalog/catalog.service';
import { GatewayError } from '../common/errors/error-catalog';
import { decodeKeyCursor, encodeKeyCursor, type Page, toPage } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../common/pagination/page.requests';
import type { AuditRecord } from './audit-record';
import { AuditFilter, AuditQueryService, type ReportDays, type SummaryRow } from './audit-query.service';
import { NONE_ID } from './audit-rollups';
import { auditMeterLines, meterLinesFromText, type MeterLine } from './meter-lines';

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

  /**
   * `view` gets each row with its slug and its meter lines (auditMeterLines: a record from before
   * meters counts as its slug unit's one meter, as the rollups count it).
   */
  async page<V>(query: AuditTrailQuery, view: (row: AuditRecord, slug: string | null, meters: MeterLine[]) => V): Promise<Page<V>> {
    const { slug, limit = DEFAULT_PAGE_SIZE, cursor, ...filter } = query;
    let endpointId: string | undefined;
    if (slug !== undefined) {
      endpointId = this.catalog.find(slug)?.id;
      if (!endpointId) return { data: [], next_cursor: null };
    }
    const rows = await this.audit.list({ ...filter, endpointId }, limit + 1, cursor);
    return toPage(rows, limit, (row) => {
      const endpoint = row.endpointId ? this.catalog.findById(row.endpointId) : undefined;
      return view(row, endpoint?.slug ?? null, auditMeterLines(row, endpoint?.billingUnit ?? null));
    });
  }

  /**
   * One call of the trail with its endpoint (from the catalog: rows keep ids only) and its meter
   * lines; null when there is no such call within `tenantId` (undefined: any tenant's).
   */
  async call(requestId: string, tenantId: string | undefined): Promise<TrailCall | null> {
    const row = await this.audit.find(requestId, tenantId);
    if (!row) return null;
    const endpoint = row.endpointId ? this.catalog.findById(row.endpointId) : undefined;
    return { row, endpoint, meters: auditMeterLines(row, endpoint?.billingUnit ?? null) };
  }

  /**
   * Every call that `query` selects, newest first, one keyset page of `pageSize` rows at a time (an
   * export: never more than a page in memory). Each page is read only when the consumer asks for
   * it, so a slow reader holds the next read back. `limit` and `cursor` of the query are ignored.
   */
  async *pages<V>(
    query: AuditTrailQuery,
    pageSize: number,
    view: (row: AuditRecord, slug: string | null, meters: MeterLine[]) => V,
  ): AsyncGenerator<V[]> {
    let cursor: string | undefined;
    do {
      const page = await this.page({ ...query, limit: pageSize, cursor }, view);
      if (page.data.length > 0) yield page.data;
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
  }

  /**
   * A report: sums of calls, usage and money per group (a slug, rather than an endpoint id) and the
   * totals of the period, exact to the pico-dollar (Postgres's sums of the rollups, which equal the
   * sums of the audit records).
   *
   * By customer and by tenant it is paged (`limit` groups after `cursor`, in the order of their
   * ids): a tenant may have tens of thousands of customers, and the operator thousands of tenants,
   * where one answer would read and send them all. The totals then come from a coarser rollup in the
   * same statement, so every page carries the whole period's. By slug (one row per endpoint) and by
   * day (at most 366) the report comes whole, its totals being the sums of its rows; by slug each row
   * has its lines per meter too.
   */
  async summary(filter: ReportDays & { tenantId?: string }, groupBy: ReportGroup, page: ReportPage = {}): Promise<Summary> {
    if (groupBy === 'customer' || groupBy === 'tenant') return this.summaryPage(filter, groupBy, page);
    if (page.limit !== undefined || page.cursor !== undefined) {
      throw new GatewayError(
        'invalid_request',
        `The report by ${groupBy} comes whole: \`limit\` and \`cursor\` page the reports by customer and by tenant.`,
      );
    }
    const rows = await this.audit.summarize(filter, groupBy === 'slug' ? 'endpoint' : 'day');
    const slugById = groupBy === 'slug' ? new Map(this.catalog.list().map((e) => [e.id, e.slug])) : null;
    const groups = rows.map((r) => {
      const group = summaryGroup(r, slugById && r.key ? (slugById.get(r.key) ?? r.key) : r.key);
      return r.meters ? { ...group, meters: meterLinesFromText(r.meters) } : group;
    });
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
    return { groups, totals, next_cursor: null };
  }

  private async summaryPage(
    filter: ReportDays & { tenantId?: string },
    groupBy: 'customer' | 'tenant',
    page: ReportPage,
  ): Promise<Summary> {
    const { tenantId, ...period } = filter;
    // A tenant's report groups by its customers; the operator's (no tenant) by tenant. Neither API
    // offers the other pairing, which would need a rollup of its own.
    if ((groupBy === 'customer') !== (tenantId !== undefined))
      throw new Error(`no report by ${groupBy} ${tenantId ? 'for one tenant' : 'across tenants'}`);
    const limit = page.limit ?? DEFAULT_PAGE_SIZE;
    const after = page.cursor === undefined ? undefined : decodeKeyCursor(page.cursor);
    const scope = tenantId === undefined ? ({ groupBy: 'tenant' } as const) : ({ groupBy: 'customer', tenantId } as const);
    const { groups, totals } = await this.audit.summaryPage(scope, period, limit + 1, after);
    const shown = groups.slice(0, limit);
    return {
      groups: shown.map((r) => summaryGroup(r, r.key === NONE_ID ? null : r.key)),
      totals: summaryGroup(totals, null),
      next_cursor: groups.length > limit ? encodeKeyCursor(shown[shown.length - 1].key!) : null,
    };
  }
}

function summaryGroup(r: SummaryRow, key: string | null): SummaryGroup {
  return {
    key,
    calls: r.calls,
    errors: r.errors,
    quantity: BigInt(r.quantity),
    wholesalePicoUsd: BigInt(r.wholesale_pico_usd),
    resalePicoUsd: BigInt(r.resale_pico_usd),
    customerPicoUsd: BigInt(r.customer_price_pico_usd),
  };
}

/** A call of the trail and what the catalog says of its endpoint (undefined: none, or no longer in the catalog). */
export interface TrailCall {
  row: AuditRecord;
  endpoint: CatalogEntry | undefined;
  meters: MeterLine[];
}

/** Where a page of a paged report starts, and how many groups it holds. */
export interface ReportPage {
  limit?: number;
  cursor?: string;
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
  /** What the callers were billed (the tenants' prices for their customers, else the list prices; own keys: the resale figures). */
  customerPicoUsd: bigint;
  /**
   * By slug only: the slug's lines per meter (their money sums to the group's exactly; each
   * quantity is in its meter's base measure). Absent in the other groupings and in the totals.
   */
  meters?: MeterLine[];
}

export interface Summary {
  groups: SummaryGroup[];
  /** The whole period's, whatever the page. */
  totals: SummaryGroup;
  /** The cursor of the next page of a paged report; null on the last page and for a whole report. */
  next_cursor: string | null;
}
