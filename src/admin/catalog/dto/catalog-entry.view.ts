import { ApiProperty } from '@nestjs/swagger';
import { BILLING_UNITS } from '../../../catalog/billing-units';
import type { StoredEndpoint } from '../../../catalog/catalog.repository';
import { isUsable } from '../../../catalog/catalog.service';
import { picoUsdToDecimalString } from '../../../common/money/money';
import { UsdAmountProperty } from '../../../common/money/usd-amount.decorators';
import { DEFAULT_METER, METERS } from '../../../catalog/meters';
import { BillingUnit, Category, Meter, ProviderKind } from '../../../generated/prisma/enums';
import { METER_NAMES } from '../../../catalog/meters';
import type { UsageLocation, UsageUnit } from '../../../catalog/usage-mapping';
import { LOCATION_SCHEMA, REQUIRED_DESCRIPTION, UNIT_DESCRIPTION, USAGE_UNITS } from './catalog.requests';

/** One entry of an http upstream's usage mapping as stored (the defaults filled in). */
export class UsageMappingEntryView {
  @ApiProperty({ enum: METER_NAMES, enumName: 'Meter' })
  meter!: string;

  @ApiProperty(LOCATION_SCHEMA)
  from!: UsageLocation;

  @ApiProperty({ enum: USAGE_UNITS, description: UNIT_DESCRIPTION })
  unit!: UsageUnit;

  @ApiProperty({ description: REQUIRED_DESCRIPTION })
  required!: boolean;
}

type StoredUpstream = StoredEndpoint['upstreams'][number];
type StoredModel = StoredEndpoint['models'][number];

/** An upstream of an endpoint, disabled ones included. Never a secret: only the name of the variable that holds it. */
export class UpstreamView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: Object.values(ProviderKind), enumName: 'ProviderKind' }) kind!: ProviderKind;
  @ApiProperty({ type: String, nullable: true }) base_url!: string | null;
  @ApiProperty() path!: string;
  @ApiProperty({ type: 'integer' }) timeout_ms!: number;
  @ApiProperty({ type: String, nullable: true }) auth_header!: string | null;
  @ApiProperty({ type: String, nullable: true }) auth_scheme!: string | null;
  @ApiProperty({ type: String, nullable: true }) auth_secret_env!: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) max_response_bytes!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) deadline_ms!: number | null;
  @ApiProperty({ type: String, nullable: true }) model!: string | null;
  @ApiProperty({ type: String, nullable: true }) serves_model!: string | null;
  @ApiProperty({
    type: [UsageMappingEntryView],
    nullable: true,
    description: "http upstreams: where each meter's quantity is in the answer; null: `usage.quantity` in the slug's unit.",
  })
  usage_mapping!: UsageMappingEntryView[] | null;
  @ApiProperty() enabled!: boolean;
  @ApiProperty({
    description:
      'Whether calls are sent to it: enabled, and its auth_secret_env variable set on the gateway (an upstream whose secret is missing is skipped).',
  })
  usable!: boolean;

  static from(this: void, u: StoredUpstream): UpstreamView {
    return Object.assign(new UpstreamView(), {
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
      // As stored (the API stores it validated, with its defaults filled in).
      usage_mapping: u.usageMapping as UsageMappingEntryView[] | null,
      enabled: u.enabled,
      usable: isUsable(u),
    } satisfies UpstreamView);
  }
}

/** One meter of a price. */
export class MeterPriceView {
  @ApiProperty({ enum: Object.values(Meter), enumName: 'Meter' }) meter!: Meter;
  @ApiProperty({ example: '1k input tokens', description: 'What one unit of the meter is.' }) unit_label!: string;
  @UsdAmountProperty("USD per the meter's unit that the upstream costs.") wholesale_usd_per_unit!: string;
  @UsdAmountProperty("USD per the meter's unit that tenants pay (before their plan discount).") resale_usd_per_unit!: string;

  static from(this: void, p: { meter: Meter; wholesalePicoUsdPerUnit: bigint; resalePicoUsdPerUnit: bigint }): MeterPriceView {
    return Object.assign(new MeterPriceView(), {
      meter: p.meter,
      unit_label: METERS[p.meter].label,
      wholesale_usd_per_unit: picoUsdToDecimalString(p.wholesalePicoUsdPerUnit),
      resale_usd_per_unit: picoUsdToDecimalString(p.resalePicoUsdPerUnit),
    } satisfies MeterPriceView);
  }
}

/** The shorthand of a price in the slug's billing unit alone: its one meter's prices, else null (priced in other meters). */
function unitPrice(
  unit: BillingUnit,
  prices: ReadonlyArray<{ meter: Meter; wholesalePicoUsdPerUnit: bigint; resalePicoUsdPerUnit: bigint }>,
) {
  const only = prices.length === 1 && prices[0].meter === DEFAULT_METER[unit] ? prices[0] : null;
  return {
    wholesale_usd_per_unit: only ? picoUsdToDecimalString(only.wholesalePicoUsdPerUnit) : null,
    resale_usd_per_unit: only ? picoUsdToDecimalString(only.resalePicoUsdPerUnit) : null,
  };
}

/** A model a caller may choose, at its own prices. */
export class ModelView {
  @ApiProperty() name!: string;
  @ApiProperty({ type: [MeterPriceView], description: 'The price per meter.' }) prices!: MeterPriceView[];
  @UsdAmountProperty({
    description: 'USD per billing unit that the upstream costs for this model; null: priced in other meters (see prices).',
    nullable: true,
  })
  wholesale_usd_per_unit!: string | null;
  @UsdAmountProperty({
    description: 'USD per billing unit that tenants pay for this model (before their plan discount); null: priced in other meters.',
    nullable: true,
  })
  resale_usd_per_unit!: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "The model's output limit in tokens (held by budgets for a call without max_tokens); null: the endpoint's.",
  })
  max_output_tokens!: number | null;

  static from(this: void, m: StoredModel, unit: BillingUnit): ModelView {
    return Object.assign(new ModelView(), {
      name: m.name,
      prices: m.prices.map(MeterPriceView.from),
      ...unitPrice(unit, m.prices),
      max_output_tokens: m.maxOutputTokens,
    } satisfies ModelView);
  }
}

/** A catalog endpoint as stored (the operator sees disabled upstreams too). */
export class CatalogEntryView {
  @ApiProperty({ example: 'text.generate' }) slug!: string;
  @ApiProperty({ enum: Object.values(Category), enumName: 'Category' }) category!: Category;
  @ApiProperty({ enum: Object.values(BillingUnit), enumName: 'BillingUnit' }) billing_unit!: BillingUnit;
  @ApiProperty({ example: '1k tokens' }) billing_unit_label!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: [MeterPriceView], description: 'The price per meter of a call on an endpoint without models.' })
  prices!: MeterPriceView[];
  @UsdAmountProperty({
    description: 'USD per billing unit that the upstream costs; null: priced in other meters (see prices).',
    example: '0.001',
    nullable: true,
  })
  wholesale_usd_per_unit!: string | null;
  @UsdAmountProperty({
    description: 'USD per billing unit that tenants pay (before their plan discount); null: priced in other meters.',
    example: '0.0015',
    nullable: true,
  })
  resale_usd_per_unit!: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "The operator's cap on one call's usage; null: the billing unit's default.",
  })
  max_quantity_per_call!: number | null;
  @ApiProperty({ type: 'integer', description: "The cap in force: the operator's, else the billing unit's default." })
  effective_max_quantity_per_call!: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'Token endpoints: the most output tokens one call can produce, as the operator declared it; a budget holds it for a call without max_tokens. null: none declared (the quantity cap is held).',
  })
  max_output_tokens!: number | null;
  @ApiProperty({ type: [ModelView] }) models!: ModelView[];
  @ApiProperty({ type: 'integer' }) default_rate_limit!: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "The operator's per-endpoint limit (per key per window); null: default_rate_limit applies.",
  })
  endpoint_rate_limit!: number | null;
  @ApiProperty({ type: 'integer' }) declared_latency_ms!: number;
  @ApiProperty() streamable!: boolean;
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ type: [UpstreamView], description: 'In fallback order.' }) upstreams!: UpstreamView[];

  static from(this: void, e: StoredEndpoint): CatalogEntryView {
    return Object.assign(new CatalogEntryView(), {
      slug: e.slug,
      category: e.category,
      billing_unit: e.billingUnit,
      billing_unit_label: BILLING_UNITS[e.billingUnit].label,
      description: e.description,
      prices: e.prices.map(MeterPriceView.from),
      ...unitPrice(e.billingUnit, e.prices),
      max_quantity_per_call: e.maxQuantityPerCall === null ? null : Number(e.maxQuantityPerCall),
      effective_max_quantity_per_call: Number(e.maxQuantityPerCall ?? BILLING_UNITS[e.billingUnit].maxQuantityPerCall),
      max_output_tokens: e.maxOutputTokens,
      models: e.models.map((m) => ModelView.from(m, e.billingUnit)),
      default_rate_limit: e.defaultRateLimit,
      endpoint_rate_limit: e.limit?.requestsPerWindow ?? null,
      declared_latency_ms: e.declaredLatencyMs,
      streamable: e.streamable,
      enabled: e.enabled,
      upstreams: e.upstreams.map(UpstreamView.from),
    } satisfies CatalogEntryView);
  }
}

/** The whole catalog: it is operator-defined and small (held in every process's memory), so it is not paged. */
export class CatalogListView {
  @ApiProperty({ type: [CatalogEntryView], description: 'Every endpoint, by slug.' })
  data!: CatalogEntryView[];
}

/** One endpoint's declared latency beside what the audit trail measured. */
export class EndpointLatencyView {
  @ApiProperty({ example: 'text.generate' }) slug!: string;
  @ApiProperty({ type: 'integer', description: 'What the catalog publishes.' }) declared_latency_ms!: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Median of the answered calls of the last 7 UTC days (from the daily latency histograms); null: none.',
  })
  measured_p50_ms!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: '95th percentile of the same calls.' }) measured_p95_ms!: number | null;
  @ApiProperty({ type: 'integer', description: 'How many answered calls the figures are taken from (the last 7 UTC days).' })
  sample_calls!: number;
}

export class EndpointLatencyListView {
  @ApiProperty({ type: [EndpointLatencyView], description: 'Every endpoint, by slug.' })
  data!: EndpointLatencyView[];
}
