import { Injectable } from '@nestjs/common';
import { AuditQueryService } from '../../audit/audit-query.service';
import { CatalogService } from '../../catalog/catalog.service';
import { type Page, toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../../common/pagination/page.dto';
import type { AuditQuery } from './dto/audit.query';
import { AuditRecordView } from './dto/audit-record.view';

/** The whole audit trail, for the operator: every tenant, every filter. */
@Injectable()
export class AdminAuditService {
  constructor(
    private readonly audit: AuditQueryService,
    private readonly catalog: CatalogService,
  ) {}

  async list(query: AuditQuery): Promise<Page<AuditRecordView>> {
    let endpointId: string | undefined;
    if (query.slug) {
      endpointId = this.catalog.find(query.slug)?.id;
      if (!endpointId) return { data: [], next_cursor: null };
    }
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await this.audit.list(
      {
        tenantId: query.tenant_id,
        apiKeyId: query.api_key_id,
        endpointId,
        httpStatus: query.status,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      },
      limit + 1,
      query.cursor,
    );
    const slugById = new Map(this.catalog.list().map((e) => [e.id, e.slug]));
    return toPage(rows, limit, (r) => AuditRecordView.from(r, (id) => slugById.get(id) ?? null));
  }
}
