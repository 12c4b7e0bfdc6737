import { Injectable } from '@nestjs/common';
import type { CatalogEntry, Pricing } from '../catalog/catalog-entry';
import type { Caller } from '../keys/caller';
import type { Usage } from '../proxy/provider.types';
import { BILLING_UNITS } from '../catalog/billing-units';
import { DEFAULT_METER, METER_NAMES, METERS } from '../catalog/meters';
import type { BillingUnit } from '../generated/prisma/enums';
import { holdPricing, holdQuantity } from './call-hold';
import { chargePicoUsd, discountedChargePicoUsd, MAX_PICO_USD, maxPriceForQuantity } from '../common/money/money';

/** How the billed quantity was obtained; recorded on the audit row. */
export type UsageSource = 'reported' | 'estimated' | 'capped';

/** What billing needs to know of the caller: whose key (a customer's or the tenant's own), its plan's discount and its tenant's prices for it. */
export type CallerPricing = Pick<Caller, 'customerId' | 'resaleDiscountBps' | 'customerPrices'>;

export interface Charge {
  quantity: bigint;
  source: UsageSource;
  /** What the upstream costs the operator. */
  wholesalePicoUsd: bigint;
  /** What the tenant owes the operator: the catalog's resale price under the tenant's plan. */
  resalePicoUsd: bigint;
  /**
   * What the caller pays: `billed_usd`, the stream's `cost_usd`. The tenant's price for it; without
   * one, a customer pays the catalog's list (resale) price before the plan's discount, and a
   * tenant's own key pays the resale figure (what the tenant owes).
   */
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
 *   tenant-wide one; the same for every model of the slug); without one, a customer key pays the
 *   catalog's resale price undiscounted (the list price: the plan's discount is the tenant's
 *   margin), a tenant's own key the resale revenue.
 * Wholesale and resale never depend on a price the tenant sets.
 */
@Injectable()
export class BillingService {
  /**
   * A quantity over the catalog's cap (its sanity cap, lowered so that quantity × price fits int8
   * for the wholesale and resale prices) is billed at the cap and marked `capped`: never more, never
   * free. The cap is compared before anything is multiplied; the tenant's price never lowers it.
   */
  charge(caller: CallerPricing, endpoint: CatalogEntry, pricing: Pricing, usage: Usage): Charge {
    const { perUnit } = BILLING_UNITS[endpoint.billingUnit];
    let quantity = quantityInUnitMeasure(usage, endpoint.billingUnit);
    let source: UsageSource = usage.source;
    if (quantity > pricing.quantityCap) {
      quantity = pricing.quantityCap;
      source = 'capped';
    }
    const resalePicoUsd = discountedChargePicoUsd(quantity, pricing.resalePicoUsdPerUnit, perUnit, caller.resaleDiscountBps);
    return {
      quantity,
      source,
      wholesalePicoUsd: chargePicoUsd(quantity, pricing.wholesalePicoUsdPerUnit, perUnit),
      resalePicoUsd,
      customerPicoUsd: customerChargePicoUsd(caller, endpoint.slug, pricing, perUnit, quantity, resalePicoUsd),
    };
  }

  /** The most usage one call at this price is billed for (what `charge` caps at): the catalog's cap, whoever calls. */
  quantityCap(_caller: CallerPricing, _endpoint: CatalogEntry, pricing: Pricing): bigint {
    return pricing.quantityCap;
  }

  /**
   * What this call holds on its budgets: the charge of the quantity its input implies
   * (call-hold.ts), at the price it picks, billed as `charge` would bill it (same cap, discount
   * and customer price). Synchronous and without a read: it runs on the call path of budgeted callers.
   */
  holdCharge(caller: CallerPricing, endpoint: CatalogEntry, input: Record<string, unknown>): MaxCallCharge {
    const pricing = holdPricing(endpoint, input);
    const quantity = holdQuantity(endpoint.billingUnit, pricing, input);
    const meters = { [DEFAULT_METER[endpoint.billingUnit]]: quantity };
    const { resalePicoUsd, customerPicoUsd } = this.charge(caller, endpoint, pricing, { meters, source: 'estimated' });
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
      const charge = this.charge(caller, endpoint, pricing, {
        meters: { [DEFAULT_METER[endpoint.billingUnit]]: quantity },
        source: 'reported',
      });
      if (charge.resalePicoUsd > most.resalePicoUsd) most.resalePicoUsd = charge.resalePicoUsd;
      if (charge.customerPicoUsd > most.customerPicoUsd) most.customerPicoUsd = charge.customerPicoUsd;
    }
    return most;
  }
}

/**
 * What the caller pays for `quantity` (see Charge.customerPicoUsd). A tenant's price is refused when
 * set if a call at the slug's cap would overflow int8 (maxCustomerPricePicoUsdPerUnit); should the
 * operator raise the cap later, the amount stops at the int8 maximum rather than wrap or lower the
 * billed quantity.
 */
function customerChargePicoUsd(
  caller: CallerPricing,
  slug: string,
  pricing: Pricing,
  perUnit: bigint,
  quantity: bigint,
  resalePicoUsd: bigint,
): bigint {
  // The one per-call cost of customer prices: a Map lookup, and only for callers that have any.
  const customerPrice = caller.customerPrices?.get(slug);
  if (customerPrice !== undefined) {
    const amount = chargePicoUsd(quantity, customerPrice, perUnit);
    return amount > MAX_PICO_USD ? MAX_PICO_USD : amount;
  }
  // Without a discount the list price is the resale figure: no second multiplication.
  if (caller.customerId === null || caller.resaleDiscountBps <= 0n) return resalePicoUsd;
  return chargePicoUsd(quantity, pricing.resalePicoUsdPerUnit, perUnit);
}

/**
 * The highest price a tenant may set on this endpoint per billing unit: a call at the quantity cap
 * of any of its prices (every model's, else the endpoint's) is still billed within int8 pico-USD.
 */
export function maxCustomerPricePicoUsdPerUnit(endpoint: CatalogEntry): bigint {
  const { perUnit } = BILLING_UNITS[endpoint.billingUnit];
  let most = MAX_PICO_USD;
  for (const pricing of endpoint.models.length > 0 ? endpoint.models : [endpoint.pricing]) {
    const price = maxPriceForQuantity(pricing.quantityCap, perUnit);
    if (price < most) most = price;
  }
  return most;
}

/** The usage as one quantity of the billing unit's measure: every meter of that measure together. */
function quantityInUnitMeasure(usage: Usage, unit: BillingUnit): bigint {
  const unitMeter = DEFAULT_METER[unit];
  const measure = METERS[unitMeter].measure;
  let quantity = 0n;
  for (const meter of METER_NAMES) {
    const q = usage.meters[meter];
    // A meter billed as the slug's (images on a generation slug: the simulator's media.image) counts too, never free.
    if (q !== undefined && q > 0n && (METERS[meter].measure === measure || METERS[meter].billsAs.includes(unitMeter))) quantity += q;
  }
  return quantity;
}
