import { Injectable } from '@nestjs/common';
import { GatewayError } from '../../common/errors/error-catalog';
import { toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE, PageQuery } from '../../common/pagination/page.dto';
import { KeysService } from '../../keys/keys.service';
import { TenantsService } from '../../tenants/tenants.service';
import type { CreateApiKeyRequest } from './dto/api-key.requests';
import { ApiKeyView, CreatedApiKeyView } from './dto/api-key.view';

/** The operator's key use cases: issue keys for a tenant, read them, revoke them. */
@Injectable()
export class AdminKeysService {
  constructor(
    private readonly tenants: TenantsService,
    private readonly keys: KeysService,
  ) {}

  async create(tenantId: string, body: CreateApiKeyRequest): Promise<CreatedApiKeyView> {
    await this.tenants.get(tenantId);
    const { key, record } = await this.keys.create(tenantId, {
      name: body.name,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      rateLimitPerWindow: body.rate_limit_per_window ?? null,
    });
    return CreatedApiKeyView.withSecret(record, key);
  }

  async listForTenant(tenantId: string, { limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery) {
    await this.tenants.get(tenantId);
    return toPage(await this.keys.listForTenant(tenantId, limit + 1, cursor), limit, ApiKeyView.from);
  }

  async get(keyId: string): Promise<ApiKeyView> {
    return ApiKeyView.from(requireKey(await this.keys.get(keyId)));
  }

  async revoke(keyId: string): Promise<ApiKeyView> {
    return ApiKeyView.from(requireKey(await this.keys.revoke(keyId)));
  }
}

function requireKey<K>(key: K | null): K {
  if (!key) throw new GatewayError('resource_not_found', 'No API key has this id.');
  return key;
}
