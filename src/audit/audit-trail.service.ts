import { Injectable } from '@nestjs/common';
import { CatalogService } from '../catalog/catalog.service';
import { type Page, toPage } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../common/pagination/page.dto';
import type { AuditRecord } from './audit-record';
import { AuditFilter, AuditQueryService } from './audit-query.service';

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
}
