import { Injectable } from '@nestjs/common';
import type { CatalogEntry, Pricing } from '../catalog/catalog-entry';
import type { Usage } from '../proxy/provider.types';
import { BILLING_UNITS } from '../catalog/billing-units';
import { chargePicoUsd } from '../common/money/money';

/** How the billed quantity was obtained; recorded on the audit row. */
export type UsageSource = 'reported' | 'estimated' | 'capped';

export interface Charge {
  quantity: bigint;
  source: UsageSource;
  /** What the upstream costs the operator. */
  wholesalePicoUsd: bigint;
  /** What the tenant owes the operator. */
  resalePicoUsd: bigint;
  /** What the caller pays: `billed_usd`, the stream's `cost_usd`. */
  customerPicoUsd: bigint;
}

/**
 * Turns usage into money: wholesale cost (what the upstream costs us) and resale revenue (what the
 * caller pays), in pico-USD at the chosen price (the endpoint's, or the caller's model's).
 */
@Injectable()
export class BillingService {
  /**
   * A quantity over the price's cap (the catalog's sanity cap, lowered so quantity × price fits
   * int8) is billed at the cap and marked `capped`: never more, never free. The cap is compared
   * before anything is multiplied.
   */
  charge(endpoint: CatalogEntry, pricing: Pricing, usage: Usage): Charge {
    const { perUnit } = BILLING_UNITS[endpoint.billingUnit];
    let quantity = usage.quantity < 0n ? 0n : usage.quantity;
    let source: UsageSource = usage.source;
    if (quantity > pricing.quantityCap) {
      quantity = pricing.quantityCap;
      source = 'capped';
    }
    const resalePicoUsd = chargePicoUsd(quantity, pricing.resalePicoUsdPerUnit, perUnit);
    return {
      quantity,
      source,
      wholesalePicoUsd: chargePicoUsd(quantity, pricing.wholesalePicoUsdPerUnit, perUnit),
      resalePicoUsd,
      customerPicoUsd: resalePicoUsd,
    };
  }

  /**
   * The most one call on this endpoint can be billed (its quantity cap at the dearest of its prices),
   * for each party: what budgets hold while the call runs. Before the body is read the model is not
   * known, so the dearest model's price is taken.
   */
  maxCallCharge(endpoint: CatalogEntry): { resalePicoUsd: bigint; customerPicoUsd: bigint } {
    const { perUnit } = BILLING_UNITS[endpoint.billingUnit];
    let resalePicoUsd = 0n;
    for (const pricing of endpoint.models.length > 0 ? endpoint.models : [endpoint.pricing]) {
      const charge = chargePicoUsd(pricing.quantityCap, pricing.resalePicoUsdPerUnit, perUnit);
      if (charge > resalePicoUsd) resalePicoUsd = charge;
    }
    return { resalePicoUsd, customerPicoUsd: resalePicoUsd };
  }
}
