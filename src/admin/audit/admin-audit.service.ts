import { Injectable } from '@nestjs/common';
import { AuditTrailService } from '../../audit/audit-trail.service';
import type { Page } from '../../common/pagination/cursor';
import type { AuditQuery } from './dto/audit.query';
import { AuditRecordView } from './dto/audit-record.view';

/** The whole audit trail, for the operator: every tenant, every filter. */
@Injectable()
export class AdminAuditService {
  constructor(private readonly trail: AuditTrailService) {}

  list(query: AuditQuery): Promise<Page<AuditRecordView>> {
    return this.trail.page(
      {
        tenantId: query.tenant_id,
        customerId: query.customer_id,
        apiKeyId: query.api_key_id,
        slug: query.slug,
        httpStatus: query.status,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        limit: query.limit,
        cursor: query.cursor,
      },
      (row, slug) => AuditRecordView.from(row, slug),
    );
  }
}
