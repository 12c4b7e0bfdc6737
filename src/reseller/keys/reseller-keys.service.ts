import { Injectable } from '@nestjs/common';
import { GatewayError } from '../../common/errors/error-catalog';
import { type Page, toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../../common/pagination/page.dto';
import { CustomersService } from '../../customers/customers.service';
import { ApiKeyView, CreatedApiKeyView } from '../../keys/dto/api-key.view';
import { KeysService } from '../../keys/keys.service';
import type { CreateResellerKeyRequest, ResellerKeyListQuery } from './dto/reseller-key.requests';

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
      rateLimitPerWindow: body.rate_limit_per_window ?? null,
    });
    return CreatedApiKeyView.withSecret(record, key);
  }

  async list(tenantId: string, query: ResellerKeyListQuery): Promise<Page<ApiKeyView>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await this.keys.listForTenant(tenantId, limit + 1, query.cursor, { customerId: query.customer_id });
    return toPage(rows, limit, ApiKeyView.from);
  }

  async get(tenantId: string, keyId: string): Promise<ApiKeyView> {
    return ApiKeyView.from(found(await this.keys.getForTenant(tenantId, keyId)));
  }

  async revoke(tenantId: string, keyId: string): Promise<ApiKeyView> {
    return ApiKeyView.from(found(await this.keys.revokeForTenant(tenantId, keyId)));
  }
}

function found<K>(key: K | null): K {
  if (!key) throw new GatewayError('resource_not_found', 'No API key has this id.');
  return key;
}
