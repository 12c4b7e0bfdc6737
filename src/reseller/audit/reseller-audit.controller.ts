import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AuditFilterQuery } from '../../audit/dto/audit-filter.query';
import { AuditTrailService } from '../../audit/audit-trail.service';
import type { Page } from '../../common/pagination/cursor';
import { CustomersService } from '../../customers/customers.service';
import { NO_CUSTOMER } from '../../customers/dto/customer-id-filter';
import { KeysService } from '../../keys/keys.service';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { ResellerAuditRecordPage, ResellerAuditRecordView } from './dto/reseller-audit.dto';

/** The calling tenant's audit trail: every call of its keys and its customers' keys. */
@ResellerApi('audit')
export class ResellerAuditController {
  constructor(
    private readonly trail: AuditTrailService,
    private readonly customers: CustomersService,
    private readonly keys: KeysService,
  ) {}

  @Get('audit')
  @ApiOperation({ summary: 'Your audit trail, newest first, by customer (or your own keys only), key, slug, status and time' })
  @ApiOkResponse({ type: ResellerAuditRecordPage })
  async list(@CallingTenant() tenantId: string, @Query() query: AuditFilterQuery): Promise<Page<ResellerAuditRecordView>> {
    // A customer or key filter: once it is known to be this tenant's, the records are read by it
    // alone. With the tenant beside it, Postgres took the two as independent, expected a handful
    // of rows, and read and sorted every record of a busy customer (up to 2 s on 10M records;
    // by the customer's own index, 0.2 ms: bench:reports). Another tenant's id: an empty page.
    // `customer_id=none` (the calls of no customer) names no subject of the tenant's: it stays
    // within the tenant, read by the partial index of the calls without a customer.
    const customerId = query.customer_id === NO_CUSTOMER ? undefined : query.customer_id;
    const scoped =
      (customerId === undefined || (await this.customers.belongsTo(tenantId, customerId))) &&
      (query.api_key_id === undefined || (await this.keys.getForTenant(tenantId, query.api_key_id)) !== null);
    if (!scoped) return { data: [], next_cursor: null };
    const byOwnedSubject = customerId !== undefined || query.api_key_id !== undefined;
    return this.trail.page(AuditFilterQuery.toTrailQuery(query, byOwnedSubject ? undefined : tenantId), (row, slug, meters) =>
      ResellerAuditRecordView.from(row, slug, meters),
    );
  }
}
