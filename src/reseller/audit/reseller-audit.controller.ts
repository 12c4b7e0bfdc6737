import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AuditFilterQuery } from '../../audit/dto/audit-filter.requests';
import type { Page } from '../../common/pagination/cursor';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { ResellerAuditRecordPage, ResellerAuditRecordView } from './dto/reseller-audit.view';
import { ResellerAuditService } from './reseller-audit.service';

/** The calling tenant's audit trail: every call of its keys and its customers' keys. */
@ResellerApi('audit')
export class ResellerAuditController {
  constructor(private readonly audit: ResellerAuditService) {}

  @Get('audit')
  @ApiOperation({ summary: 'Your audit trail, newest first, by customer (or your own keys only), key, slug, status and time' })
  @ApiOkResponse({ type: ResellerAuditRecordPage })
  list(@CallingTenant() tenantId: string, @Query() query: AuditFilterQuery): Promise<Page<ResellerAuditRecordView>> {
    return this.audit.page(tenantId, query);
  }
}
