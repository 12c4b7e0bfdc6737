import { Inject, Injectable } from '@nestjs/common';
import { AuditFilterQuery } from '../../audit/dto/audit-filter.requests';
import { AuditTrailService } from '../../audit/audit-trail.service';
import { GatewayError } from '../../common/errors/error-catalog';
import type { CsvValue } from '../../common/http/csv';
import type { Page } from '../../common/pagination/cursor';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CustomersService } from '../../customers/customers.service';
import { KeysService } from '../../keys/keys.service';
import { TenantsService } from '../../tenants/tenants.service';
import type { AuditExportQuery, AuditQuery } from './dto/audit.requests';
import { AuditCallView, AuditRecordView } from './dto/audit-record.view';

/** The columns of the operator's trail as CSV: the JSON rows' fields (money as their USD strings), the key's name beside its id. */
export const OPERATOR_AUDIT_CSV_COLUMNS = [
  'request_id',
  'created_at',
  'tenant_id',
  'endpoint',
  'method',
  'status',
  'error_code',
  'latency_ms',
  'door',
  'upstream_id',
  'providers_tried',
  'usage_source',
  'stream_outcome',
  'customer_id',
  'api_key_id',
  'api_key_name',
  'client_ip',
  'quantity',
  'wholesale_usd',
  'resale_usd',
  'customer_price_usd',
  'operator_margin_usd',
  'reseller_margin_usd',
] as const;

/** The whole audit trail, for the operator: every tenant, every filter. */
@Injectable()
export class AdminAuditService {
  constructor(
    private readonly trail: AuditTrailService,
    private readonly tenants: TenantsService,
    private readonly keys: KeysService,
    private readonly customers: CustomersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  list(query: AuditQuery): Promise<Page<AuditRecordView>> {
    return this.trail.page(AuditFilterQuery.toTrailQuery(query, query.tenant_id), (row, slug, meters) =>
      AuditRecordView.from(row, slug, meters),
    );
  }

  /** Every record `query` selects, as CSV rows, a page at a time (EXPORT_PAGE_SIZE): the JSON pages' rows and figures, each key named. */
  async *csvPages(query: AuditExportQuery): AsyncGenerator<CsvValue[][]> {
    const pages = this.trail.pages(
      AuditFilterQuery.toTrailQuery(query, query.tenant_id),
      this.config.EXPORT_PAGE_SIZE,
      (row, slug, meters) => AuditRecordView.from(row, slug, meters),
    );
    for await (const records of pages) {
      const keyName = await this.keyNames(records);
      yield records.map((r) =>
        OPERATOR_AUDIT_CSV_COLUMNS.map((column) =>
          column === 'api_key_name' ? (r.api_key_id ? keyName.get(r.api_key_id) : null) : r[column],
        ),
      );
    }
  }

  /** Any tenant's call, in full; none with this request id is a 404. */
  async call(requestId: string): Promise<AuditCallView> {
    const call = await this.trail.call(requestId, undefined);
    if (!call) throw new GatewayError('resource_not_found', 'No call has this request id.');
    const { tenantId, apiKeyId, customerId } = call.row;
    const [tenant, key, customer] = await Promise.all([
      tenantId ? this.tenants.get(tenantId).catch(() => null) : null,
      apiKeyId ? this.keys.get(apiKeyId) : null,
      tenantId && customerId ? this.customers.list(tenantId, 1, undefined, { ids: [customerId] }).then((found) => found[0] ?? null) : null,
    ]);
    return AuditCallView.fromCall(call, { tenant, key, customer });
  }

  /** The names of the keys of a page: one read per tenant on it. */
  private async keyNames(records: AuditRecordView[]): Promise<Map<string, string>> {
    const byTenant = new Map<string, Set<string>>();
    for (const r of records) {
      if (!r.tenant_id || !r.api_key_id) continue;
      byTenant.set(r.tenant_id, (byTenant.get(r.tenant_id) ?? new Set()).add(r.api_key_id));
    }
    const names = new Map<string, string>();
    for (const [tenantId, ids] of byTenant) {
      for (const key of await this.keys.listForTenant(tenantId, ids.size, undefined, { ids: [...ids] })) names.set(key.id, key.name);
    }
    return names;
  }
}
