import { Injectable } from '@nestjs/common';
import { AuditQueryService } from '../audit/audit-query.service';
import type { ModelInput, UpstreamInput } from '../catalog/catalog.repository';
import { CatalogService } from '../catalog/catalog.service';
import { GatewayError } from '../common/errors/error-catalog';
import { KeysService } from '../keys/keys.service';
import { TenantsService } from '../tenants/tenants.service';
import {
  AuditQuery,
  CreateApiKeyRequest,
  CreateCatalogEntryRequest,
  CreateTenantRequest,
  ModelRequest,
  ReplaceModelsRequest,
  ReplaceUpstreamsRequest,
  UpdateCatalogEntryRequest,
  UpdateTenantRequest,
  UpstreamRequest,
} from './dto/admin.requests';
import { apiKeyView, auditRecordView, catalogEntryView, tenantView } from './dto/admin.views';

const DEFAULT_PAGE_SIZE = 100;

/** The operator API's use cases: translate wire DTOs to the domain services and back to views. */
@Injectable()
export class AdminService {
  constructor(
    private readonly tenants: TenantsService,
    private readonly keys: KeysService,
    private readonly catalog: CatalogService,
    private readonly audit: AuditQueryService,
  ) {}

  async createTenant(body: CreateTenantRequest) {
    return tenantView(await this.tenants.create(body.name, body.rate_limit_per_window ?? null));
  }

  async getTenant(id: string) {
    return tenantView(await this.tenants.get(id));
  }

  async listTenants(limit = DEFAULT_PAGE_SIZE, cursor?: string) {
    const rows = await this.tenants.list(limit + 1, cursor);
    const page = rows.slice(0, limit);
    return { data: page.map(tenantView), next_cursor: rows.length > limit ? page[page.length - 1].id : null };
  }

  async updateTenant(id: string, body: UpdateTenantRequest) {
    return tenantView(
      await this.tenants.update(id, { name: body.name, status: body.status, rateLimitPerWindow: body.rate_limit_per_window }),
    );
  }

  /** The only response that ever contains a key's secret. */
  async createKey(tenantId: string, body: CreateApiKeyRequest) {
    await this.tenants.get(tenantId);
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    const { key, record } = await this.keys.create(tenantId, {
      name: body.name,
      expiresAt,
      rateLimitPerWindow: body.rate_limit_per_window ?? null,
    });
    return { ...apiKeyView(record), key };
  }

  async listKeys(tenantId: string) {
    await this.tenants.get(tenantId);
    return { data: (await this.keys.listForTenant(tenantId)).map(apiKeyView) };
  }

  async getKey(keyId: string) {
    const key = await this.keys.get(keyId);
    if (!key) throw new GatewayError('resource_not_found', 'No API key has this id.');
    return apiKeyView(key);
  }

  async revokeKey(keyId: string) {
    const key = await this.keys.revoke(keyId);
    if (!key) throw new GatewayError('resource_not_found', 'No API key has this id.');
    return apiKeyView(key);
  }

  listCatalog() {
    return { data: this.catalog.list().map(catalogEntryView) };
  }

  async getCatalogEntry(slug: string) {
    return catalogEntryView(await this.catalog.requireStored(slug));
  }

  async updateCatalogEntry(slug: string, body: UpdateCatalogEntryRequest) {
    await this.catalog.update(slug, {
      description: body.description,
      wholesalePicoUsdPerUnit: body.wholesale_pico_usd_per_unit === undefined ? undefined : BigInt(body.wholesale_pico_usd_per_unit),
      resalePicoUsdPerUnit: body.resale_pico_usd_per_unit === undefined ? undefined : BigInt(body.resale_pico_usd_per_unit),
      maxQuantityPerCall: body.max_quantity_per_call === undefined ? undefined : body.max_quantity_per_call === null ? null : BigInt(body.max_quantity_per_call),
      defaultRateLimit: body.default_rate_limit,
      declaredLatencyMs: body.declared_latency_ms,
      streamable: body.streamable,
      enabled: body.enabled,
    });
    return this.getCatalogEntry(slug);
  }

  async setEndpointLimit(slug: string, requestsPerWindow: number | null) {
    await this.catalog.setEndpointLimit(slug, requestsPerWindow);
    return this.getCatalogEntry(slug);
  }

  async createCatalogEntry(body: CreateCatalogEntryRequest) {
    await this.catalog.create(
      {
        slug: body.slug,
        description: body.description ?? '',
        wholesalePicoUsdPerUnit: BigInt(body.wholesale_pico_usd_per_unit),
        resalePicoUsdPerUnit: BigInt(body.resale_pico_usd_per_unit),
        maxQuantityPerCall: body.max_quantity_per_call === undefined ? null : BigInt(body.max_quantity_per_call),
        defaultRateLimit: body.default_rate_limit,
        declaredLatencyMs: body.declared_latency_ms ?? 0,
        streamable: body.streamable ?? false,
      },
      body.upstreams.map(toUpstreamInput),
      (body.models ?? []).map(toModelInput),
    );
    return this.getCatalogEntry(body.slug);
  }

  async replaceUpstreams(slug: string, body: ReplaceUpstreamsRequest) {
    await this.catalog.replaceUpstreams(slug, body.upstreams.map(toUpstreamInput));
    return this.getCatalogEntry(slug);
  }

  async replaceModels(slug: string, body: ReplaceModelsRequest) {
    await this.catalog.replaceModels(slug, body.models.map(toModelInput));
    return this.getCatalogEntry(slug);
  }

  async listAudit(query: AuditQuery) {
    let endpointId: string | undefined;
    if (query.slug) {
      endpointId = this.catalog.find(query.slug)?.id;
      if (!endpointId) return { data: [], next_cursor: null };
    }
    const page = await this.audit.list(
      {
        tenantId: query.tenant_id,
        apiKeyId: query.api_key_id,
        endpointId,
        httpStatus: query.status,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      },
      query.limit ?? DEFAULT_PAGE_SIZE,
      query.cursor,
    );
    const slugById = new Map(this.catalog.list().map((e) => [e.id, e.slug]));
    return { data: page.data.map((r) => auditRecordView(r, (id) => slugById.get(id) ?? null)), next_cursor: page.nextCursor };
  }
}

function toUpstreamInput(u: UpstreamRequest): UpstreamInput {
  return {
    name: u.name,
    kind: u.kind,
    baseUrl: u.kind === 'simulator' ? null : (u.base_url ?? null),
    path: u.path ?? '',
    timeoutMs: u.timeout_ms ?? 30_000,
    authHeader: u.auth_header ?? null,
    authScheme: u.auth_scheme ?? null,
    authSecretEnv: u.auth_secret_env ?? null,
    maxResponseBytes: u.max_response_bytes ?? null,
    deadlineMs: u.deadline_ms ?? null,
    model: u.model ?? null,
    servesModel: u.serves_model ?? null,
    enabled: u.enabled ?? true,
  };
}

function toModelInput(m: ModelRequest): ModelInput {
  return { name: m.name, wholesalePicoUsdPerUnit: BigInt(m.wholesale_pico_usd_per_unit), resalePicoUsdPerUnit: BigInt(m.resale_pico_usd_per_unit) };
}
