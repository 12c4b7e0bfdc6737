import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AuditFilterQuery } from '../../audit/dto/audit-filter.query';
import { AuditTrailService } from '../../audit/audit-trail.service';
import { CallingTenant } from '../auth/management-key.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { ResellerAuditRecordPage, ResellerAuditRecordView } from './dto/reseller-audit.dto';

/** The calling tenant's audit trail: every call of its keys and its customers' keys. */
@ResellerApi('audit')
export class ResellerAuditController {
  constructor(private readonly trail: AuditTrailService) {}

  @Get('audit')
  @ApiOperation({ summary: 'Your audit trail, newest first, by customer, key, slug, status and time' })
  @ApiOkResponse({ type: ResellerAuditRecordPage })
  list(@CallingTenant() tenantId: string, @Query() query: AuditFilterQuery) {
    return this.trail.page(AuditFilterQuery.toTrailQuery(query, tenantId), (row, slug) => ResellerAuditRecordView.from(row, slug));
  }
}
