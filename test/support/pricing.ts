import type { Pricing } from '../../src/catalog/catalog-entry';
import { meterPricings } from '../../src/catalog/meter-prices';
import { DEFAULT_METER } from '../../src/catalog/meters';
import type { BillingUnit, Meter } from '../../src/generated/prisma/enums';

/**
 * A price as the catalog builds it (meterPricings), for tests of billing without a catalog: one
 * meter in the billing unit (prices per unit, `quantityCap` as the operator's max_quantity_per_call),
 * or the meters given.
 */
export function testPricing(options: {
  unit?: BillingUnit;
  resale?: bigint;
  wholesale?: bigint;
  quantityCap?: bigint | null;
  model?: string | null;
  maxOutputTokens?: bigint | null;
  meters?: Array<{ meter: Meter; wholesale: bigint; resale: bigint }>;
}): Pricing {
  const unit = options.unit ?? 'tokens_1k';
  const prices = (options.meters ?? [{ meter: DEFAULT_METER[unit], wholesale: options.wholesale ?? 0n, resale: options.resale ?? 0n }]).map(
    (m) => ({ meter: m.meter, wholesalePicoUsdPerUnit: m.wholesale, resalePicoUsdPerUnit: m.resale }),
  );
  return {
    model: options.model ?? null,
    meters: meterPricings(unit, prices, options.quantityCap ?? null),
    maxOutputTokens: options.maxOutputTokens ?? null,
    upstreams: [],
  };
}
