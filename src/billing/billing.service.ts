import { Injectable } from '@nestjs/common';
import type { CatalogEntry, Pricing } from '../catalog/catalog-entry';
import type { Caller } from '../keys/caller';
import type { Usage } from '../proxy/provider.types';
import { BILLING_UNITS } from '../catalog/billing-units';
import { holdPricing, holdQuantity } from './call-hold';
import { chargePicoUsd, discountedChargePicoUsd, maxQuantityForPrice } from '../common/money/money';

/** How the billed quantity was obtained; recorded on the audit row. */
export type UsageSource = 'reported' | 'estimated' | 'capped';

/** What billing needs to know of the caller: its plan's discount and its tenant's prices for it. */
export type CallerPricing = Pick<Caller, 'resaleDiscountBps' | 'customerPrices'>;

export interface Charge {
  quantity: bigint;
  source: UsageSource;
  /** What the upstream costs the operator. */
  wholesalePicoUsd: bigint;
  /** What the tenant owes the operator: the catalog's resale price under the tenant's plan. */
  resalePicoUsd: bigint;
  /** What the caller pays: `billed_usd`, the stream's `cost_usd`. The tenant's price for it, else the resale figure. */
  customerPicoUsd: bigint;
}

/** What a budget reserves before a call: the resale and customer figures of a charge. */
export interface MaxCallCharge {
  resalePicoUsd: bigint;
  customerPicoUsd: bigint;
}

/**
 * Turns usage into the three amounts of the ledger, in pico-USD, each rounded once:
 * - wholesale cost: the chosen price's (the endpoint's, or the caller's model's) wholesale price;
 * - resale revenue: its resale price less the tenant plan's discount;
 * - customer price: the tenant's price for this caller on the slug (a customer's own over the
 *   tenant-wide one; the same for every model of the slug), else the resale revenue.
 */
@Injectable()
export class BillingService {
  /**
   * A quantity over the cap (the catalog's sanity cap, lowered so that quantity × price fits int8
   * for every amount, the caller's own price included) is billed at the cap and marked `capped`:
   * never more, never free. The cap is compared before anything is multiplied.
   */
  charge(caller: CallerPricing, endpoint: CatalogEntry, pricing: Pricing, usage: Usage): Charge {
    const { perUnit } = BILLING_UNITS[endpoint.billingUnit];
    // The one per-call cost of customer prices: a Map lookup, and only for callers that have any.
    const customerPrice = caller.customerPrices?.get(endpoint.slug);
    const cap = customerPrice === undefined ? pricing.quantityCap : capAtPrice(pricing, customerPrice, perUnit);
    let quantity = usage.quantity < 0n ? 0n : usage.quantity;
    let source: UsageSource = usage.source;
    if (quantity > cap) {
      quantity = cap;
      source = 'capped';
    }
    const resalePicoUsd = discountedChargePicoUsd(quantity, pricing.resalePicoUsdPerUnit, perUnit, caller.resaleDiscountBps);
    return {
      quantity,
      source,
      wholesalePicoUsd: chargePicoUsd(quantity, pricing.wholesalePicoUsdPerUnit, perUnit),
      resalePicoUsd,
      customerPicoUsd: customerPrice === undefined ? resalePicoUsd : chargePicoUsd(quantity, customerPrice, perUnit),
    };
  }

  /** The most usage one call at this price is billed for, for this caller (what `charge` caps at). */
  quantityCap(caller: CallerPricing, endpoint: CatalogEntry, pricing: Pricing): bigint {
    const customerPrice = caller.customerPrices?.get(endpoint.slug);
    if (customerPrice === undefined) return pricing.quantityCap;
    return capAtPrice(pricing, customerPrice, BILLING_UNITS[endpoint.billingUnit].perUnit);
  }

  /**
   * What this call holds on its budgets: the charge of the quantity its input implies
   * (call-hold.ts), at the price it picks, billed as `charge` would bill it (same cap, discount
   * and customer price). Synchronous and without a read: it runs on the call path of budgeted callers.
   */
  holdCharge(caller: CallerPricing, endpoint: CatalogEntry, input: Record<string, unknown>): MaxCallCharge {
    const pricing = holdPricing(endpoint, input);
    const quantity = holdQuantity(endpoint.billingUnit, pricing, input);
    const { resalePicoUsd, customerPicoUsd } = this.charge(caller, endpoint, pricing, { quantity, source: 'estimated' });
    return { resalePicoUsd, customerPicoUsd };
  }

  /**
   * The most a call on this endpoint can be billed to this caller, whatever model it picks and
   * whatever usage its upstream reports: the largest charge at any of the endpoint's prices, at that
   * price's quantity cap. The resale and customer figures may come from different models.
   */
  maxCallCharge(caller: CallerPricing, endpoint: CatalogEntry): MaxCallCharge {
    const most: MaxCallCharge = { resalePicoUsd: 0n, customerPicoUsd: 0n };
    for (const pricing of endpoint.models.length > 0 ? endpoint.models : [endpoint.pricing]) {
      const quantity = this.quantityCap(caller, endpoint, pricing);
      const charge = this.charge(caller, endpoint, pricing, { quantity, source: 'reported' });
      if (charge.resalePicoUsd > most.resalePicoUsd) most.resalePicoUsd = charge.resalePicoUsd;
      if (charge.customerPicoUsd > most.customerPicoUsd) most.customerPicoUsd = charge.customerPicoUsd;
    }
    return most;
  }
}

/** The price's cap, lowered where the caller's own price would make its charge overflow int8. */
function capAtPrice(pricing: Pricing, customerPicoUsdPerUnit: bigint, perUnit: bigint): bigint {
  const cap = maxQuantityForPrice(customerPicoUsdPerUnit, perUnit);
  return cap < pricing.quantityCap ? cap : pricing.quantityCap;
}
