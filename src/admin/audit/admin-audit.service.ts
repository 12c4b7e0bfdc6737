import { Injectable } from '@nestjs/common';
import { AuditFilterQuery } from '../../audit/dto/audit-filter.requests';
import { AuditTrailService } from '../../audit/audit-trail.service';
import type { Page } from '../../common/pagination/cursor';
import type { AuditQuery } from './dto/audit.requests';
import { AuditRecordView } from './dto/audit-record.view';

/** The whole audit trail, for the operator: every tenant, every filter. */
@Injectable()
export class AdminAuditService {
  constructor(private readonly trail: AuditTrailService) {}

  list(query: AuditQuery): Promise<Page<AuditRecordView>> {
    return this.trail.page(AuditFilterQuery.toTrailQuery(query, query.tenant_id), (row, slug, meters) =>
      AuditRecordView.from(row, slug, meters),
    );
  }
}
