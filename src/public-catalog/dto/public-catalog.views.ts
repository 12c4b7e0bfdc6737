import { ApiProperty } from '@nestjs/swagger';
import { BILLING_UNITS } from '../../catalog/billing-units';
import type { CatalogEntry } from '../../catalog/catalog-entry';
import { picoUsdToDecimalString } from '../../common/money/money';
import { UsdAmountProperty } from '../../common/money/usd-amount.decorators';
import { BillingUnit, Category } from '../../generated/prisma/enums';
import { PlanView } from '../../plans/dto/plan.view';

/** An endpoint as the website publishes it: what it does, what it costs, how fast it is. Never upstreams or wholesale prices. */
export class PublicEndpointView {
  @ApiProperty({ example: 'text.generate' }) slug!: string;
  @ApiProperty({ enum: Object.values(Category), enumName: 'Category' }) category!: Category;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: Object.values(BillingUnit), enumName: 'BillingUnit' }) billing_unit!: BillingUnit;
  @ApiProperty({ example: '1k tokens' }) billing_unit_label!: string;
  @UsdAmountProperty({ description: "USD per billing unit: the catalog's resale price (before a plan's discount).", example: '0.003' })
  price_usd_per_unit!: string;
  @ApiProperty({ type: 'integer' }) declared_latency_ms!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Median latency of the answered calls of the last 7 UTC days; null: none.' })
  measured_p50_ms!: number | null;
  @ApiProperty() streamable!: boolean;

  static from(e: CatalogEntry, measuredP50Ms: number | null): PublicEndpointView {
    return Object.assign(new PublicEndpointView(), {
      slug: e.slug,
      category: e.category,
      description: e.description,
      billing_unit: e.billingUnit,
      billing_unit_label: BILLING_UNITS[e.billingUnit].label,
      price_usd_per_unit: picoUsdToDecimalString(e.resalePicoUsdPerUnit),
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
}
