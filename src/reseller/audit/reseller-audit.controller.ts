import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AuditTrailService } from '../../audit/audit-trail.service';
import { CallingTenant } from '../auth/management-key.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { ResellerAuditQuery, ResellerAuditRecordPage, ResellerAuditRecordView } from './dto/reseller-audit.dto';

/** The calling tenant's audit trail: every call of its keys and its customers' keys. */
@ResellerApi('audit')
export class ResellerAuditController {
  constructor(private readonly trail: AuditTrailService) {}

  @Get('audit')
  @ApiOperation({ summary: 'Your audit trail, newest first, by customer, key, slug, status and time' })
  @ApiOkResponse({ type: ResellerAuditRecordPage })
  list(@CallingTenant() tenantId: string, @Query() query: ResellerAuditQuery) {
    return this.trail.page(
      {
        tenantId,
        customerId: query.customer_id,
        apiKeyId: query.api_key_id,
        slug: query.slug,
        httpStatus: query.status,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        limit: query.limit,
        cursor: query.cursor,
      },
      (row, slug) => ResellerAuditRecordView.from(row, slug),
    );
  }
}
