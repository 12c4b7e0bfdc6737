import { Inject, Injectable } from '@nestjs/common';
import { AuditTrailService } from '../../audit/audit-trail.service';
import { AuditFilterQuery } from '../../audit/dto/audit-filter.requests';
import { GatewayError } from '../../common/errors/error-catalog';
import type { CsvValue } from '../../common/http/csv';
import type { Page } from '../../common/pagination/cursor';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CustomersService } from '../../customers/customers.service';
import { NO_CUSTOMER } from '../../customers/dto/customer-id-filter.requests';
import { KeysService } from '../../keys/keys.service';
import { ResellerAuditCallView, ResellerAuditRecordView } from './dto/reseller-audit.view';

/** The columns of the trail's CSV: the JSON rows' fields (money as their USD strings), the key's name beside its id. */
export const RESELLER_AUDIT_CSV_COLUMNS = [
  'request_id',
  'created_at',
  'endpoint',
  'method',
  'status',
  'error_code',
  'latency_ms',
  'door',
  'stream_outcome',
  'customer_id',
  'api_key_id',
  'api_key_name',
  'client_ip',
  'quantity',
  'customer_price_usd',
  'resale_usd',
  'reseller_margin_usd',
] as const;

/** A tenant's audit trail: every call of its keys and its customers' keys, and nothing of another tenant's. */
@Injectable()
export class ResellerAuditService {
  constructor(
    private readonly trail: AuditTrailService,
    private readonly customers: CustomersService,
    private readonly keys: KeysService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One page of the tenant's records, filtered as `query` says. A customer or key of another tenant
   * (or none at all) gives an empty page, never an error: the answer must not tell which ids exist.
   */
  async page(tenantId: string, query: AuditFilterQuery): Promise<Page<ResellerAuditRecordView>> {
    const trailQuery = await this.trailQuery(tenantId, query);
    if (!trailQuery) return { data: [], next_cursor: null };
    return this.trail.page(trailQuery, (row, slug, meters) => ResellerAuditRecordView.from(row, slug, meters));
  }

  /**
   * Every record `query` selects (its page and cursor aside), as CSV rows, a page at a time
   * (EXPORT_PAGE_SIZE): the same rows and figures as the JSON pages, each key named.
   */
  async *csvPages(tenantId: string, query: AuditFilterQuery): AsyncGenerator<CsvValue[][]> {
    const trailQuery = await this.trailQuery(tenantId, query);
    if (!trailQuery) return;
    const pages = this.trail.pages(trailQuery, this.config.EXPORT_PAGE_SIZE, (row, slug, meters) =>
      ResellerAuditRecordView.from(row, slug, meters),
    );
    for await (const records of pages) {
      const keyIds = [...new Set(records.flatMap((r) => (r.api_key_id ? [r.api_key_id] : [])))];
      const keys = keyIds.length ? await this.keys.listForTenant(tenantId, keyIds.length, undefined, { ids: keyIds }) : [];
      const keyName = new Map(keys.map((k) => [k.id, k.name]));
      yield records.map((r) =>
        RESELLER_AUDIT_CSV_COLUMNS.map((column) =>
          column === 'api_key_name' ? (r.api_key_id ? keyName.get(r.api_key_id) : null) : r[column],
        ),
      );
    }
  }

  /** One call of the tenant's, in full; another tenant's (or none) is a 404 that says nothing more. */
  async call(tenantId: string, requestId: string): Promise<ResellerAuditCallView> {
    const call = await this.trail.call(requestId, tenantId);
    if (!call) throw new GatewayError('resource_not_found', 'No call has this request id.');
    const { apiKeyId, customerId } = call.row;
    const [key, customer] = await Promise.all([
      apiKeyId ? this.keys.getForTenant(tenantId, apiKeyId) : null,
      customerId ? this.customers.list(tenantId, 1, undefined, { ids: [customerId] }).then((found) => found[0] ?? null) : null,
    ]);
    return ResellerAuditCallView.fromCall(call, key, customer);
  }

  /** The trail query of `query` within the tenant; null when it names a customer or key the tenant does not have. */
  private async trailQuery(tenantId: string, query: AuditFilterQuery) {
    // A customer or key filter: once it is known to be this tenant's, the records are read by it
    // alone. With the tenant beside it, Postgres took the two as independent, expected a handful
    // of rows, and read and sorted every record of a busy customer (up to 2 s on 10M records;
    // by the customer's own index, 0.2 ms: bench:reports). `customer_id=none` (the calls of no
    // customer) names no subject of the tenant's: it stays within the tenant, read by the partial
    // index of the calls without a customer.
    const customerId = query.customer_id === NO_CUSTOMER ? undefined : query.customer_id;
    const owned =
      (customerId === undefined || (await this.customers.belongsTo(tenantId, customerId))) &&
      (query.api_key_id === undefined || (await this.keys.getForTenant(tenantId, query.api_key_id)) !== null);
    if (!owned) return null;
    const byOwnedSubject = customerId !== undefined || query.api_key_id !== undefined;
    return AuditFilterQuery.toTrailQuery(query, byOwnedSubject ? undefined : tenantId);
  }
}
