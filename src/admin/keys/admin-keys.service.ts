import { Injectable } from '@nestjs/common';
import type { Actor } from '../../activity/actor';
import { GatewayError } from '../../common/errors/error-catalog';
import { toPage } from '../../common/pagination/cursor';
import { IdsPageQuery } from '../../common/pagination/ids.requests';
import { DEFAULT_PAGE_SIZE, PageQuery } from '../../common/pagination/page.requests';
import { KeysService } from '../../keys/keys.service';
import { ManagementKeysService } from '../../keys/management-keys.service';
import { TenantsService } from '../../tenants/tenants.service';
import type { CreateApiKeyRequest } from './dto/api-key.requests';
import { ApiKeyView, CreatedApiKeyView, CreatedManagementKeyView, ManagementKeyView } from '../../keys/dto/api-key.view';

/** The operator's key use cases: issue keys for a tenant, read them, revoke them. */
@Injectable()
export class AdminKeysService {
  constructor(
    private readonly tenants: TenantsService,
    private readonly keys: KeysService,
    private readonly managementKeys: ManagementKeysService,
  ) {}

  /** A key with a limit is recorded in the activity log as `actor`'s, in the key's transaction. */
  async create(actor: Actor, tenantId: string, body: CreateApiKeyRequest): Promise<CreatedApiKeyView> {
    await this.tenants.get(tenantId);
    const { key, record } = await this.keys.create(
      tenantId,
      {
        name: body.name,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        rateLimitPerWindow: body.rate_limit_per_window ?? null,
      },
      actor,
    );
    return CreatedApiKeyView.withSecret(record, key);
  }

  async listForTenant(tenantId: string, { limit = DEFAULT_PAGE_SIZE, cursor, ids }: IdsPageQuery) {
    await this.tenants.get(tenantId);
    const rows = await this.keys.listForTenant(tenantId, limit + 1, cursor, { ids });
    const used = await this.keys.lastUsed(rows.slice(0, limit).map((k) => k.id));
    return toPage(rows, limit, (k) => ApiKeyView.from(k, used.get(k.id)));
  }

  async get(keyId: string): Promise<ApiKeyView> {
    const key = requireKey(await this.keys.get(keyId));
    return ApiKeyView.from(key, (await this.keys.lastUsed([key.id])).get(key.id));
  }

  async revoke(keyId: string): Promise<ApiKeyView> {
    return ApiKeyView.from(requireKey(await this.keys.revoke(keyId)));
  }

  /** A key of the reseller API for a tenant: the tenant then manages its customers and keys itself. */
  async createManagementKey(tenantId: string, name: string | undefined): Promise<CreatedManagementKeyView> {
    await this.tenants.get(tenantId);
    const { key, record } = await this.managementKeys.create(tenantId, name);
    return CreatedManagementKeyView.withSecret(record, key);
  }

  async listManagementKeys(tenantId: string, { limit = DEFAULT_PAGE_SIZE, cursor }: PageQuery) {
    await this.tenants.get(tenantId);
    return toPage(await this.managementKeys.listForTenant(tenantId, limit + 1, cursor), limit, ManagementKeyView.from);
  }

  async revokeManagementKey(id: string): Promise<ManagementKeyView> {
    return ManagementKeyView.from(requireKey(await this.managementKeys.revoke(id)));
  }
}

function requireKey<K>(key: K | null): K {
  if (!key) throw new GatewayError('resource_not_found', 'No API key has this id.');
  return key;
}
