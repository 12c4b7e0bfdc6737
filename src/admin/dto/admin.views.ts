import { BILLING_UNITS } from '../../catalog/billing-units';
import { picoUsdToDecimalString } from '../../common/money/money';
import type { CatalogEntry } from '../../catalog/catalog-entry';
import type { StoredEndpoint } from '../../catalog/catalog.repository';
import type { PublicApiKey } from '../../keys/api-key.repository';
import type { StoredTenant } from '../../tenants/tenants.repository';

/**
 * Response shapes of the operator API. Each view lists exactly the fields it exposes, so an
 * internal column (a key hash, say) can never leak by being added to a model.
 */

export function tenantView(t: StoredTenant) {
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    parent_id: t.parentId,
    rate_limit_per_window: t.rateLimitPerWindow,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

export function apiKeyView(k: PublicApiKey) {
  return {
    id: k.id,
    tenant_id: k.tenantId,
    name: k.name,
    prefix: k.prefix,
    status: k.status,
    rate_limit_per_window: k.rateLimitPerWindow,
    expires_at: k.expiresAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
    created_at: k.createdAt.toISOString(),
  };
}

export function catalogEntryView(e: StoredEndpoint | CatalogEntry) {
  const stored = 'limit' in e;
  const upstreams = stored ? (e as StoredEndpoint).upstreams : (e as CatalogEntry).upstreams.map((u) => ({ ...u, enabled: true }));
  const models = stored
    ? (e as StoredEndpoint).models
    : (e as CatalogEntry).models.map((m) => ({ name: m.model!, wholesalePicoUsdPerUnit: m.wholesalePicoUsdPerUnit, resalePicoUsdPerUnit: m.resalePicoUsdPerUnit }));
  return {
    slug: e.slug,
    category: e.category,
    billing_unit: e.billingUnit,
    billing_unit_label: BILLING_UNITS[e.billingUnit].label,
    description: e.description,
    wholesale_pico_usd_per_unit: Number(e.wholesalePicoUsdPerUnit),
    resale_pico_usd_per_unit: Number(e.resalePicoUsdPerUnit),
    wholesale_usd_per_unit: picoUsdToDecimalString(e.wholesalePicoUsdPerUnit),
    resale_usd_per_unit: picoUsdToDecimalString(e.resalePicoUsdPerUnit),
    max_quantity_per_call: e.maxQuantityPerCall === null ? null : Number(e.maxQuantityPerCall),
    /** The cap in force: the operator's, else the billing unit's default. */
    effective_max_quantity_per_call: Number(e.maxQuantityPerCall ?? BILLING_UNITS[e.billingUnit].maxQuantityPerCall),
    models: models.map((m) => ({
      name: m.name,
      wholesale_pico_usd_per_unit: Number(m.wholesalePicoUsdPerUnit),
      resale_pico_usd_per_unit: Number(m.resalePicoUsdPerUnit),
      wholesale_usd_per_unit: picoUsdToDecimalString(m.wholesalePicoUsdPerUnit),
      resale_usd_per_unit: picoUsdToDecimalString(m.resalePicoUsdPerUnit),
    })),
    default_rate_limit: e.defaultRateLimit,
    endpoint_rate_limit: stored ? ((e as StoredEndpoint).limit?.requestsPerWindow ?? null) : (e as CatalogEntry).endpointRateLimit,
    declared_latency_ms: e.declaredLatencyMs,
    streamable: e.streamable,
    enabled: e.enabled,
    upstreams: upstreams.map((u) => ({
      id: u.id,
      name: u.name,
      kind: u.kind,
      base_url: u.baseUrl,
      path: u.path,
      timeout_ms: u.timeoutMs,
      auth_header: u.authHeader,
      auth_scheme: u.authScheme,
      auth_secret_env: u.authSecretEnv,
      max_response_bytes: u.maxResponseBytes,
      deadline_ms: u.deadlineMs,
      model: u.model,
      serves_model: u.servesModel,
      enabled: u.enabled,
    })),
  };
}

export interface AuditRow {
  id: string;
  createdAt: Date;
  tenantId: string | null;
  apiKeyId: string | null;
  endpointId: string | null;
  method: string;
  httpStatus: number;
  errorCode: string | null;
  latencyMs: number;
  clientIp: string | null;
  upstreamId: string | null;
  providersTried: number;
  quantity: bigint;
  wholesalePicoUsd: bigint;
  resalePicoUsd: bigint;
  usageSource: string | null;
  streamOutcome: string | null;
}

/** `slugOf` maps endpoint ids back to slugs from the in-memory catalog (rows keep ids only). */
export function auditRecordView(r: AuditRow, slugOf: (endpointId: string) => string | null) {
  return {
    request_id: r.id,
    created_at: r.createdAt.toISOString(),
    tenant_id: r.tenantId,
    api_key_id: r.apiKeyId,
    endpoint: r.endpointId ? slugOf(r.endpointId) : null,
    endpoint_id: r.endpointId,
    method: r.method,
    status: r.httpStatus,
    error_code: r.errorCode,
    latency_ms: r.latencyMs,
    client_ip: r.clientIp,
    upstream_id: r.upstreamId,
    providers_tried: r.providersTried,
    quantity: Number(r.quantity),
    // Strings: a pico-USD amount over 2^53 (about $9,007) would lose digits as a JSON number.
    wholesale_pico_usd: r.wholesalePicoUsd.toString(),
    resale_pico_usd: r.resalePicoUsd.toString(),
    resale_usd: picoUsdToDecimalString(r.resalePicoUsd),
    usage_source: r.usageSource,
    stream_outcome: r.streamOutcome,
  };
}
