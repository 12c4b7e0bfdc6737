import { Injectable } from '@nestjs/common';
import type { Actor } from '../../activity/actor';
import { AuditQueryService } from '../../audit/audit-query.service';
import { CatalogService } from '../../catalog/catalog.service';
import type { EndpointChanges, MeterPriceDefinition, ModelDefinition, PriceDefinition } from '../../catalog/endpoint';
import { parseSlug } from '../../catalog/slug';
import { defineUpstream, type UpstreamDefinition } from '../../catalog/upstream';
import { readUsageMapping } from '../../catalog/usage-mapping';
import { GatewayError } from '../../common/errors/error-catalog';
import { describeServed, kindServes } from '../../proxy/provider-kind';
import { PROVIDER_KINDS } from '../../proxy/provider-kinds';
import { usdToPicoUsd } from '../../common/money/money';
import type {
  CreateCatalogEntryRequest,
  MeterPriceRequest,
  ModelRequest,
  ReplaceModelsRequest,
  ReplaceUpstreamsRequest,
  UpdateCatalogEntryRequest,
  UpstreamRequest,
} from './dto/catalog.requests';
import { CatalogEntryView, CatalogListView, EndpointLatencyListView } from './dto/catalog-entry.view';

/**
 * The operator's catalog use cases. Every change goes through CatalogService, which broadcasts it:
 * every gateway process serves the new prices, limits and upstreams at once, without a restart.
 */
@Injectable()
export class AdminCatalogService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly audit: AuditQueryService,
  ) {}

  /** Declared against measured latency per slug, from the daily latency histograms of the last 7 days. */
  async latency(): Promise<EndpointLatencyListView> {
    const measured = await this.audit.measuredLatencies();
    const entries = [...this.catalog.list()].sort((a, b) => a.slug.localeCompare(b.slug));
    return {
      data: entries.map((e) => {
        const m = measured.get(e.id);
        return {
          slug: e.slug,
          declared_latency_ms: e.declaredLatencyMs,
          measured_p50_ms: m?.p50Ms ?? null,
          measured_p95_ms: m?.p95Ms ?? null,
          sample_calls: m?.calls ?? 0,
        };
      }),
    };
  }

  async list(): Promise<CatalogListView> {
    return { data: (await this.catalog.listStored()).map(CatalogEntryView.from) };
  }

  async get(slug: string): Promise<CatalogEntryView> {
    return CatalogEntryView.from(await this.catalog.requireStored(slug));
  }

  async create(body: CreateCatalogEntryRequest, actor: Actor): Promise<CatalogEntryView> {
    checkKindsServe(body.slug, body.upstreams);
    await this.catalog.create(
      {
        slug: body.slug,
        description: body.description ?? '',
        ...priceDefinition(body, 'the price'),
        maxQuantityPerCall: body.max_quantity_per_call === undefined ? null : BigInt(body.max_quantity_per_call),
        maxOutputTokens: body.max_output_tokens ?? null,
        defaultRateLimit: body.default_rate_limit,
        declaredLatencyMs: body.declared_latency_ms ?? 0,
        streamable: body.streamable ?? false,
      },
      body.upstreams.map(toUpstreamDefinition),
      (body.models ?? []).map(toModelDefinition),
      actor,
    );
    return this.get(body.slug);
  }

  async update(slug: string, body: UpdateCatalogEntryRequest, actor: Actor): Promise<CatalogEntryView> {
    await this.catalog.update(
      slug,
      {
        description: body.description,
        ...priceChanges(body),
        maxQuantityPerCall: body.max_quantity_per_call === null ? null : optionalBigInt(body.max_quantity_per_call),
        maxOutputTokens: body.max_output_tokens,
        defaultRateLimit: body.default_rate_limit,
        declaredLatencyMs: body.declared_latency_ms,
        streamable: body.streamable,
        enabled: body.enabled,
      },
      actor,
    );
    return this.get(slug);
  }

  async setEndpointLimit(slug: string, requestsPerWindow: number | null, actor: Actor): Promise<CatalogEntryView> {
    await this.catalog.setEndpointLimit(slug, requestsPerWindow, actor);
    return this.get(slug);
  }

  async replaceUpstreams(slug: string, body: ReplaceUpstreamsRequest): Promise<CatalogEntryView> {
    // An unknown slug is a 404 before anything about its upstreams.
    await this.catalog.requireStored(slug);
    checkKindsServe(slug, body.upstreams);
    await this.catalog.replaceUpstreams(slug, body.upstreams.map(toUpstreamDefinition));
    return this.get(slug);
  }

  async replaceModels(slug: string, body: ReplaceModelsRequest, actor: Actor): Promise<CatalogEntryView> {
    await this.catalog.replaceModels(slug, body.models.map(toModelDefinition), actor);
    return this.get(slug);
  }
}

/**
 * Each upstream's kind serves the slug (provider-kind.ts kindServes): an openai upstream on
 * vision.ocr would fail every call, so it is refused here, next to the upstream's kind field. A
 * slug that is not `<category>.<operation>` is left to the catalog's own check.
 */
function checkKindsServe(slug: string, upstreams: UpstreamRequest[]): void {
  const parsed = parseSlug(slug);
  if (!parsed) return;
  const problems = upstreams.flatMap((u, index) =>
    kindServes(PROVIDER_KINDS[u.kind], slug, parsed.category)
      ? []
      : [`upstreams.${index}.kind ${u.kind} does not serve ${slug}; it serves ${describeServed(PROVIDER_KINDS[u.kind])}`],
  );
  if (problems.length > 0) throw new GatewayError('invalid_request', problems.join('; '), { problems });
}

function optionalBigInt(value: number | undefined): bigint | undefined {
  return value === undefined ? undefined : BigInt(value);
}

function optionalPicoUsd(usd: string | undefined): bigint | undefined {
  return usd === undefined ? undefined : usdToPicoUsd(usd);
}

function toUpstreamDefinition(u: UpstreamRequest): UpstreamDefinition {
  return defineUpstream({
    name: u.name,
    kind: u.kind,
    baseUrl: PROVIDER_KINDS[u.kind].needsBaseUrl ? (u.base_url ?? null) : null,
    path: u.path,
    timeoutMs: u.timeout_ms,
    authHeader: u.auth_header,
    authScheme: u.auth_scheme,
    authSecretEnv: u.auth_secret_env,
    maxResponseBytes: u.max_response_bytes,
    deadlineMs: u.deadline_ms,
    model: u.model,
    servesModel: u.serves_model,
    // Validated by the DTO; read again for its defaults (unit, required), stored explicit.
    usageMapping: u.usage_mapping === undefined || u.usage_mapping === null ? null : (readUsageMapping(u.usage_mapping).mapping ?? null),
    enabled: u.enabled,
  });
}

function toModelDefinition(m: ModelRequest): ModelDefinition {
  return { name: m.name, ...priceDefinition(m, `model ${m.name}`), maxOutputTokens: m.max_output_tokens ?? null };
}

interface PriceFields {
  prices?: MeterPriceRequest[];
  wholesale_usd_per_unit?: string;
  resale_usd_per_unit?: string;
}

/** A price from a request: its meters, or both shorthand fields (one meter in the slug's unit); 400 for both ways at once or half a shorthand. */
function priceDefinition(body: PriceFields, what: string): PriceDefinition {
  if (body.prices !== undefined) {
    refuseShorthandBesidePrices(body, what);
    return { prices: body.prices.map(toMeterPrice) };
  }
  if (body.wholesale_usd_per_unit === undefined || body.resale_usd_per_unit === undefined) {
    throw new GatewayError('invalid_request', `${what}: send "prices", or both wholesale_usd_per_unit and resale_usd_per_unit.`);
  }
  return {
    wholesalePicoUsdPerUnit: usdToPicoUsd(body.wholesale_usd_per_unit),
    resalePicoUsdPerUnit: usdToPicoUsd(body.resale_usd_per_unit),
  };
}

/** A price change: new meters, or either shorthand field (the slug's one meter). */
function priceChanges(body: PriceFields): Pick<EndpointChanges, 'prices' | 'wholesalePicoUsdPerUnit' | 'resalePicoUsdPerUnit'> {
  if (body.prices !== undefined) {
    refuseShorthandBesidePrices(body, 'the price');
    return { prices: body.prices.map(toMeterPrice) };
  }
  return {
    wholesalePicoUsdPerUnit: optionalPicoUsd(body.wholesale_usd_per_unit),
    resalePicoUsdPerUnit: optionalPicoUsd(body.resale_usd_per_unit),
  };
}

function refuseShorthandBesidePrices(body: PriceFields, what: string): void {
  if (body.wholesale_usd_per_unit !== undefined || body.resale_usd_per_unit !== undefined) {
    throw new GatewayError(
      'invalid_request',
      `${what}: send "prices" or the wholesale_usd_per_unit and resale_usd_per_unit shorthand, not both.`,
    );
  }
}

function toMeterPrice(p: MeterPriceRequest): MeterPriceDefinition {
  return {
    meter: p.meter,
    wholesalePicoUsdPerUnit: usdToPicoUsd(p.wholesale_usd_per_unit),
    resalePicoUsdPerUnit: usdToPicoUsd(p.resale_usd_per_unit),
  };
}
