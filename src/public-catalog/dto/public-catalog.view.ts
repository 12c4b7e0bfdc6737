import { ApiProperty } from '@nestjs/swagger';
import { BILLING_UNITS } from '../../catalog/billing-units';
import type { CatalogEntry, MeterPricing } from '../../catalog/catalog-entry';
import { DEFAULT_METER, METERS } from '../../catalog/meters';
import { picoUsdToDecimalString } from '../../common/money/money';
import { UsdAmountProperty } from '../../common/money/usd-amount.decorators';
import { BillingUnit, Category, Meter } from '../../generated/prisma/enums';
import { PlanView } from '../../plans/dto/plan.view';

/** One meter of a published price. */
export class PublicMeterPriceView {
  @ApiProperty({ enum: Object.values(Meter), enumName: 'Meter' }) meter!: Meter;
  @ApiProperty({ example: '1k input tokens' }) unit_label!: string;
  @UsdAmountProperty({
    description: "USD per the meter's unit: the catalog's resale price (before a plan's discount).",
    example: '0.00015',
  })
  price_usd_per_unit!: string;

  static from(this: void, p: MeterPricing): PublicMeterPriceView {
    return Object.assign(new PublicMeterPriceView(), {
      meter: p.meter,
      unit_label: METERS[p.meter].label,
      price_usd_per_unit: picoUsdToDecimalString(p.resalePicoUsdPerUnit),
    } satisfies PublicMeterPriceView);
  }
}

/** A model a caller may name, with its price per meter. */
export class PublicModelView {
  @ApiProperty() name!: string;
  @ApiProperty({ type: [PublicMeterPriceView] }) prices!: PublicMeterPriceView[];
}

/** An endpoint as the website publishes it: what it does, what it costs, how fast it is. Never upstreams or wholesale prices. */
export class PublicEndpointView {
  @ApiProperty({ example: 'text.generate' }) slug!: string;
  @ApiProperty({ enum: Object.values(Category), enumName: 'Category' }) category!: Category;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: Object.values(BillingUnit), enumName: 'BillingUnit' }) billing_unit!: BillingUnit;
  @ApiProperty({ example: '1k tokens' }) billing_unit_label!: string;
  @UsdAmountProperty({
    description:
      "USD per billing unit: the catalog's resale price of the default price (before a plan's discount); null: it is priced in other meters (see prices).",
    example: '0.003',
    nullable: true,
  })
  price_usd_per_unit!: string | null;
  @ApiProperty({
    type: [PublicMeterPriceView],
    description: 'The default price per meter (the first model’s, on an endpoint with models).',
  })
  prices!: PublicMeterPriceView[];
  @ApiProperty({
    type: [PublicModelView],
    description: 'The models a caller may name (those an upstream serves now), the first being the default; empty: one price.',
  })
  models!: PublicModelView[];
  @ApiProperty({ type: 'integer' }) declared_latency_ms!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Median latency of the answered calls of the last 7 UTC days; null: none.' })
  measured_p50_ms!: number | null;
  @ApiProperty() streamable!: boolean;

  static from(e: CatalogEntry, measuredP50Ms: number | null): PublicEndpointView {
    const pricing = e.models[0] ?? e.pricing;
    const unitMeter = pricing.meters.length === 1 && pricing.meters[0].meter === DEFAULT_METER[e.billingUnit] ? pricing.meters[0] : null;
    return Object.assign(new PublicEndpointView(), {
      slug: e.slug,
      category: e.category,
      description: e.description,
      billing_unit: e.billingUnit,
      billing_unit_label: BILLING_UNITS[e.billingUnit].label,
      price_usd_per_unit: unitMeter ? picoUsdToDecimalString(unitMeter.resalePicoUsdPerUnit) : null,
      prices: pricing.meters.map(PublicMeterPriceView.from),
      // A model no upstream can serve (a provider's whose secret is not set) is not offered.
      models: e.models
        .filter((m) => m.upstreams.length > 0)
        .map((m) => ({ name: m.model!, prices: m.meters.map(PublicMeterPriceView.from) })),
      declared_latency_ms: e.declaredLatencyMs,
      measured_p50_ms: measuredP50Ms,
      streamable: e.streamable,
    } satisfies PublicEndpointView);
  }
}

export class PublicCatalogView {
  @ApiProperty({ type: [PublicEndpointView], description: 'Every enabled endpoint, by slug.' })
  data!: PublicEndpointView[];
}

export class PublicPlansView {
  @ApiProperty({ type: [PlanView], description: 'The public plans, cheapest first.' })
  data!: PlanView[];
  @ApiProperty({
    example: 60,
    description:
      'The window every request limit counts in, in seconds (RATE_LIMIT_WINDOW_SECONDS): a limit of 5 is 5 requests per this many seconds.',
  })
  rate_limit_window_seconds!: number;
}
