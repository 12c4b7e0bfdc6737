import { Injectable } from '@nestjs/common';
import { GatewayError } from '../../common/errors/error-catalog';
import { type Page, toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, type PageQuery } from '../../common/pagination/page.requests';
import { CustomersService } from '../../customers/customers.service';
import { customerIdFilter } from '../../customers/dto/customer-id-filter.requests';
import { ApiKeyView, CreatedApiKeyView, RotatedApiKeyView } from '../../keys/dto/api-key.view';
import { KeysService } from '../../keys/keys.service';
import {
  DEFAULT_ROTATION_GRACE_SECONDS,
  type CreateResellerKeyRequest,
  type ResellerKeyListQuery,
  type RotateResellerKeyRequest,
  type UpdateResellerKeyRequest,
} from './dto/reseller-key.requests';

/** Gateway keys of the calling tenant and of its customers. */
@Injectable()
export class ResellerKeysService {
  constructor(
    private readonly keys: KeysService,
    private readonly customers: CustomersService,
  ) {}

  /** A key of the tenant itself (customerId null) or of one of its customers (404 for anyone else's). */
  async create(tenantId: string, customerId: string | null, body: CreateResellerKeyRequest): Promise<CreatedApiKeyView> {
    if (customerId !== null) await this.customers.get(tenantId, customerId);
    const { key, record } = await this.keys.create(tenantId, {
      customerId,
      name: body.name,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
    });
    return CreatedApiKeyView.withSecret(record, key);
  }

  async list(tenantId: string, query: ResellerKeyListQuery): Promise<Page<ApiKeyView>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await this.keys.listForTenant(tenantId, limit + 1, query.cursor, {
      customerId: customerIdFilter(query.customer_id),
      ids: query.ids,
    });
    const used = await this.keys.lastUsed(rows.slice(0, limit).map((k) => k.id));
    return toPage(rows, limit, (k) => ApiKeyView.from(k, used.get(k.id)));
  }

  /** One customer's keys (404 when the tenant has no such customer, rather than an empty page). */
  async listOfCustomer(tenantId: string, customerId: string, query: PageQuery): Promise<Page<ApiKeyView>> {
    await this.customers.get(tenantId, customerId);
    return this.list(tenantId, { limit: query.limit, cursor: query.cursor, customer_id: customerId });
  }

  async get(tenantId: string, keyId: string): Promise<ApiKeyView> {
    const key = found(await this.keys.getForTenant(tenantId, keyId));
    return ApiKeyView.from(key, (await this.keys.lastUsed([key.id])).get(key.id));
  }

  async update(tenantId: string, keyId: string, body: UpdateResellerKeyRequest): Promise<ApiKeyView> {
    const key = await this.keys.updateForTenant(tenantId, keyId, {
      name: body.name,
      expiresAt: body.expires_at === undefined ? undefined : body.expires_at === null ? null : new Date(body.expires_at),
    });
    return ApiKeyView.from(found(key));
  }

  /** Expires a key now: it is refused as expired from the next call on, on every process. */
  async expire(tenantId: string, keyId: string): Promise<ApiKeyView> {
    return ApiKeyView.from(found(await this.keys.updateForTenant(tenantId, keyId, { expiresAt: new Date() })));
  }

  async rotate(tenantId: string, keyId: string, body: RotateResellerKeyRequest): Promise<RotatedApiKeyView> {
    const graceMs = (body.grace_seconds ?? DEFAULT_ROTATION_GRACE_SECONDS) * 1000;
    const rotated = found(await this.keys.rotateForTenant(tenantId, keyId, graceMs));
    return { key: CreatedApiKeyView.withSecret(rotated.record, rotated.key), previous: ApiKeyView.from(rotated.previous) };
  }

  async revoke(tenantId: string, keyId: string): Promise<ApiKeyView> {
    return ApiKeyView.from(found(await this.keys.revokeForTenant(tenantId, keyId)));
  }
}

function found<K>(key: K | null): K {
  if (!key) throw new GatewayError('resource_not_found', 'No API key has this id.');
  return key;
}
