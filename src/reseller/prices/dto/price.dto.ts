import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { CATEGORY_BILLING_UNIT } from '../../../catalog/billing-units';
import { parseSlug } from '../../../catalog/slug';
import { picoUsdToDecimalString } from '../../../common/money/money';
import { BillingUnit } from '../../../generated/prisma/enums';
import type { StoredPrice } from '../../../prices/prices.service';

/** The price a customer pays per billing unit of a slug. */
export class SetPriceRequest {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    example: 2_000_000_000,
    description:
      "Pico-USD (1e-12 USD) per billing unit of the slug, the unit of the catalog's resale price ($0.002 per 1k tokens is 2000000000). " +
      'It applies to every model of the slug.',
  })
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  price_pico_usd_per_unit!: number;
}

/** A price you set: for every customer (customer_id null) or for one. */
export class PriceView {
  @ApiProperty({ example: 'text.generate' }) slug!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The customer the price is for; null: every customer.' })
  customer_id!: string | null;
  @ApiProperty({ enum: Object.values(BillingUnit), enumName: 'BillingUnit', description: "The slug's billing unit." })
  billing_unit!: BillingUnit;
  @ApiProperty({ type: 'integer', description: 'Pico-USD per billing unit.' }) price_pico_usd_per_unit!: number;
  @ApiProperty({ description: 'The same price as an exact USD decimal.', example: '0.002' }) price_usd_per_unit!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;

  static from(this: void, p: StoredPrice): PriceView {
    return Object.assign(new PriceView(), {
      slug: p.slug,
      customer_id: p.customerId,
      // Stored slugs were checked against the catalog, and a slug's category fixes its unit.
      billing_unit: CATEGORY_BILLING_UNIT[parseSlug(p.slug)!.category],
      price_pico_usd_per_unit: Number(p.pricePicoUsdPerUnit),
      price_usd_per_unit: picoUsdToDecimalString(p.pricePicoUsdPerUnit),
      updated_at: p.updatedAt.toISOString(),
    } satisfies PriceView);
  }
}

/** Prices by slug: at most one per catalog endpoint, so the list is not paged (like the catalog itself). */
export class PriceListView {
  @ApiProperty({ type: [PriceView] }) data!: PriceView[];
}
