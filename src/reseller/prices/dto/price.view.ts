import { ApiProperty } from '@nestjs/swagger';
import { CATEGORY_BILLING_UNIT } from '../../../catalog/billing-units';
import { parseSlug } from '../../../catalog/slug';
import { picoUsdToDecimalString } from '../../../common/money/money';
import { UsdAmountProperty } from '../../../common/money/usd-amount.decorators';
import { METERS } from '../../../catalog/meters';
import { BillingUnit, Meter } from '../../../generated/prisma/enums';
import type { StoredPrice } from '../../../prices/prices.service';

/** A fixed price you set on one meter of a slug: for every customer (customer_id null) or for one. */
export class PriceView {
  @ApiProperty({ example: 'text.generate' }) slug!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The customer the price is for; null: every customer.' })
  customer_id!: string | null;
  @ApiProperty({ enum: Object.values(BillingUnit), enumName: 'BillingUnit', description: "The slug's billing unit." })
  billing_unit!: BillingUnit;
  @ApiProperty({ enum: Object.values(Meter), enumName: 'Meter', description: 'The meter the price is for.' }) meter!: Meter;
  @ApiProperty({ example: '1k input tokens', description: "The meter's unit the price is per." }) unit_label!: string;
  @UsdAmountProperty({ description: "USD per the meter's unit.", example: '0.002' }) price_usd_per_unit!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;

  static from(this: void, p: StoredPrice): PriceView {
    return Object.assign(new PriceView(), {
      slug: p.slug,
      customer_id: p.customerId,
      // Stored slugs were checked against the catalog, and a slug's category fixes its unit.
      billing_unit: CATEGORY_BILLING_UNIT[parseSlug(p.slug)!.category],
      meter: p.meter,
      unit_label: METERS[p.meter].label,
      price_usd_per_unit: picoUsdToDecimalString(p.pricePicoUsdPerUnit),
      updated_at: p.updatedAt.toISOString(),
    } satisfies PriceView);
  }
}

/** Prices by slug and meter: at most one per meter of a catalog endpoint, so the list is not paged (like the catalog itself). */
export class PriceListView {
  @ApiProperty({ type: [PriceView] }) data!: PriceView[];
}
