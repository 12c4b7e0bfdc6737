import { Injectable } from '@nestjs/common';
import type { CatalogEntry, MeterPricing, Pricing } from '../catalog/catalog-entry';
import type { Caller } from '../keys/caller';
import type { Usage } from '../proxy/provider.types';
import { DEFAULT_METER, METER_NAMES, METERS, type MeterQuantities } from '../catalog/meters';
import type { Meter } from '../generated/prisma/enums';
import { holdPricing, holdQuantities } from './call-hold';
import { chargePicoUsd, discountedChargePicoUsd, markedUpChargePicoUsd, MAX_PICO_USD, maxPriceForQuantity } from '../common/money/money';
import { slugCustomerPrices, type SlugCustomerPrices } from '../keys/customer-prices';

/** How the billed quantity was obtained; recorded on the audit row. */
export type UsageSource = 'reported' | 'estimated' | 'capped';

/** What billing needs to know of the caller: whose key (a customer's or the tenant's own), its plan's discount and its tenant's prices for it. */
export type CallerPricing = Pick<Caller, 'customerId' | 'resaleDiscountBps' | 'customerPrices'>;

/** One meter of a charge: its billed quantity (base measure) and its three amounts, each rounded once. */
export interface MeterCharge {
  meter: Meter;
  quantity: bigint;
  wholesalePicoUsd: bigint;
  resalePicoUsd: bigint;
  customerPicoUsd: bigint;
}

export interface Charge {
  /** The billed quantities in the measure of the slug's billing unit, summed (the audit's `quantity`: all tokens of a text call). */
  quantity: bigint;
  source: UsageSource;
  /** What the upstream costs the operator: the sum of the meters'. */
  wholesalePicoUsd: bigint;
  /** What the tenant owes the operator: the catalog's resale price under the tenant's plan, summed over the meters. */
  resalePicoUsd: bigint;
  /**
   * What the caller pays: `billed_usd`, the stream's `cost_usd`, summed over the meters. Per meter:
   * the tenant's fixed price for it, else its markup over the meter's resale figure (precedence:
   * src/billing/customer-prices.ts); without either, a customer pays the catalog's list (resale)
   * price before the plan's discount, and a tenant's own key pays the resale figure (what the tenant owes).
   */
  customerPicoUsd: bigint;
  /** The meters billed (a quantity above 0), in the price's meter order. */
  meters: readonly MeterCharge[];
  /**
   * The usage named only meters this price has no price for (an upstream that measures what the
   * operator did not price): billed one unit of the price's first meter instead, never free.
   */
  unpriced: boolean;
}

/** What a budget reserves before a call: the resale and customer figures of a charge. */
export interface MaxCallCharge {
  resalePicoUsd: bigint;
  customerPicoUsd: bigint;
}

/**
 * Turns usage into the three amounts of the ledger, in pico-USD, per meter of the chosen price
 * (the endpoint's, or the caller's model's), each rounded once:
 * - wholesale cost: the meter's wholesale price;
 * - resale revenue: its resale price less the tenant plan's discount;
 * - customer price: the tenant's fixed price for this caller on the meter (the same for every model
 *   of the slug), else the tenant's markup over the meter's resale revenue (so it follows each
 *   model's price), resolved when the key was loaded (src/billing/customer-prices.ts); without
 *   either, a customer key pays the catalog's resale price undiscounted (the list price: the plan's
 *   discount is the tenant's margin), a tenant's own key the resale revenue.
 * A quantity of a meter the price lacks bills at the meter it `billsAs` (src/catalog/meters.ts).
 * Wholesale and resale never depend on a price the tenant sets.
 */
@Injectable()
export class BillingService {
  /**
   * Each caller's last hold, by the objects and quantities it was priced from: most slugs hold the
   * same quantities call after call (one call, one record), and a caller and a catalog entry are
   * replaced, never changed, when their prices change. Saves the hold's pricing (a charge, its
   * lines and their BigInts) on the call path of budgeted callers.
   */
  private readonly lastHolds = new WeakMap<
    CallerPricing,
    { endpoint: CatalogEntry; pricing: Pricing; meters: MeterQuantities; hold: MaxCallCharge }
  >();

  /**
   * A meter's quantity over its cap (the catalog's sanity cap, lowered so that every amount fits
   * int8) is billed at the cap and the call marked `capped`: never more, never free. The cap is
   * compared before anything is multiplied; the tenant's price never lowers it.
   */
  charge(caller: CallerPricing, endpoint: CatalogEntry, pricing: Pricing, usage: Usage): Charge {
    const unitMeasure = METERS[DEFAULT_METER[endpoint.billingUnit]].measure;
    const slugPrices = slugCustomerPrices(caller.customerPrices, endpoint.slug);
    const share = pricing.meters.length > 1 ? MAX_PICO_USD / BigInt(pricing.meters.length) : MAX_PICO_USD;
    const charge: Charge = {
      quantity: 0n,
      source: usage.source,
      wholesalePicoUsd: 0n,
      resalePicoUsd: 0n,
      customerPicoUsd: 0n,
      meters: [],
      unpriced: false,
    };
    const lines: MeterCharge[] = [];
    for (const price of pricing.meters) {
      let quantity = 0n;
      for (const source of price.sources) {
        const q = usage.meters[source];
        if (q !== undefined && q > 0n) quantity += q;
      }
      if (quantity === 0n) continue;
      if (quantity > price.quantityCap) {
        quantity = price.quantityCap;
        charge.source = 'capped';
      }
      lines.push(meterCharge(caller, price, quantity, slugPrices, share));
    }
    if (lines.length === 0 && pricing.meters.length > 0 && hasUsage(usage)) {
      const first = pricing.meters[0];
      const quantity = first.perUnit < first.quantityCap ? first.perUnit : first.quantityCap;
      lines.push(meterCharge(caller, first, quantity, slugPrices, share));
      charge.source = 'estimated';
      charge.unpriced = true;
    }
    for (const line of lines) {
      if (METERS[line.meter].measure === unitMeasure) charge.quantity += line.quantity;
      charge.wholesalePicoUsd += line.wholesalePicoUsd;
      charge.resalePicoUsd += line.resalePicoUsd;
      charge.customerPicoUsd += line.customerPicoUsd;
    }
    charge.meters = lines;
    return charge;
  }

  /**
   * What this call holds on its budgets: the charge of the quantities its input implies
   * (call-hold.ts), at the price it picks (`pricing` when the call named its model outside the
   * input, as the OpenAI door's does), billed as `charge` would bill them (same caps, discount and
   * customer prices). Synchronous and without a read: it runs on the call path of budgeted callers.
   */
  holdCharge(
    caller: CallerPricing,
    endpoint: CatalogEntry,
    input: Record<string, unknown>,
    pricing: Pricing = holdPricing(endpoint, input),
  ): MaxCallCharge {
    const meters = holdQuantities(endpoint.billingUnit, pricing, input);
    const last = this.lastHolds.get(caller);
    if (last && last.endpoint === endpoint && last.pricing === pricing && sameQuantities(pricing, meters, last.meters)) return last.hold;
    const { resalePicoUsd, customerPicoUsd } = this.charge(caller, endpoint, pricing, { meters, source: 'estimated' });
    const hold: MaxCallCharge = Object.freeze({ resalePicoUsd, customerPicoUsd });
    this.lastHolds.set(caller, { endpoint, pricing, meters, hold });
    return hold;
  }

  /**
   * The most a call on this endpoint can be billed to this caller, whatever model it picks and
   * whatever usage its upstream reports: the largest charge at any of the endpoint's prices, every
   * meter at its cap. The resale and customer figures may come from different models.
   */
  maxCallCharge(caller: CallerPricing, endpoint: CatalogEntry): MaxCallCharge {
    const most: MaxCallCharge = { resalePicoUsd: 0n, customerPicoUsd: 0n };
    for (const pricing of endpoint.models.length > 0 ? endpoint.models : [endpoint.pricing]) {
      const meters: Usage['meters'] = {};
      for (const price of pricing.meters) meters[price.meter] = price.quantityCap;
      const charge = this.charge(caller, endpoint, pricing, { meters, source: 'reported' });
      if (charge.resalePicoUsd > most.resalePicoUsd) most.resalePicoUsd = charge.resalePicoUsd;
      if (charge.customerPicoUsd > most.customerPicoUsd) most.customerPicoUsd = charge.customerPicoUsd;
    }
    return most;
  }
}

/**
 * One meter's amounts. The customer amount of a tenant's fixed price or markup stops at the meter's
 * share of int8: a fixed price is refused when set if a call at the cap would pass it
 * (maxCustomerPricePicoUsdPerUnit), so it stops there only should the operator raise a cap later;
 * a markup (at most MAX_MARKUP_BPS, over whatever the catalog's price becomes) may reach it at a
 * meter's cap, and stops there rather than wrap or lower the quantity.
 */
function meterCharge(
  caller: CallerPricing,
  price: MeterPricing,
  quantity: bigint,
  slugPrices: SlugCustomerPrices | null,
  share: bigint,
): MeterCharge {
  const resalePicoUsd = discountedChargePicoUsd(quantity, price.resalePicoUsdPerUnit, price.perUnit, caller.resaleDiscountBps);
  const fixed = slugPrices?.fixed.get(price.meter);
  const markupBps = slugPrices?.markupBps ?? null;
  let customerPicoUsd: bigint;
  if (fixed !== undefined) {
    const amount = chargePicoUsd(quantity, fixed, price.perUnit);
    customerPicoUsd = amount > share ? share : amount;
  } else if (markupBps !== null) {
    // From the exact product, not from resalePicoUsd: one rounding.
    const amount = markedUpChargePicoUsd(quantity, price.resalePicoUsdPerUnit, price.perUnit, caller.resaleDiscountBps, markupBps);
    customerPicoUsd = amount > share ? share : amount;
  } else if (caller.customerId === null || caller.resaleDiscountBps <= 0n) {
    // Without a discount the list price is the resale figure: no second multiplication.
    customerPicoUsd = resalePicoUsd;
  } else {
    customerPicoUsd = chargePicoUsd(quantity, price.resalePicoUsdPerUnit, price.perUnit);
  }
  return {
    meter: price.meter,
    quantity,
    wholesalePicoUsd: chargePicoUsd(quantity, price.wholesalePicoUsdPerUnit, price.perUnit),
    resalePicoUsd,
    customerPicoUsd,
  };
}

/** Whether two holds of one price have the same quantity on each of its meters. */
function sameQuantities(pricing: Pricing, a: MeterQuantities, b: MeterQuantities): boolean {
  for (const price of pricing.meters) if (a[price.meter] !== b[price.meter]) return false;
  return true;
}

function hasUsage(usage: Usage): boolean {
  for (const meter in usage.meters) if ((usage.meters[meter as Meter] ?? 0n) > 0n) return true;
  return false;
}

/**
 * The highest price a tenant may set on this meter of the endpoint, per the meter's unit: a call at
 * the meter's cap under any of the endpoint's prices (every model's, else the endpoint's) is still
 * billed within that price's share of int8. Null when no price of the endpoint bills the meter.
 */
export function maxCustomerPricePicoUsdPerUnit(endpoint: CatalogEntry, meter: Meter): bigint | null {
  let most: bigint | null = null;
  for (const pricing of endpoint.models.length > 0 ? endpoint.models : [endpoint.pricing]) {
    const price = pricing.meters.find((p) => p.meter === meter);
    if (!price) continue;
    const share = pricing.meters.length > 1 ? MAX_PICO_USD / BigInt(pricing.meters.length) : MAX_PICO_USD;
    const highest = maxPriceForQuantity(price.quantityCap, price.perUnit, share);
    if (most === null || highest < most) most = highest;
  }
  return most;
}

/** The meters a tenant may price on this endpoint: those some price of it bills (every model's, else the endpoint's), in METER_NAMES order. */
export function customerPricedMeters(endpoint: CatalogEntry): Meter[] {
  return METER_NAMES.filter((meter) => maxCustomerPricePicoUsdPerUnit(endpoint, meter) !== null);
}
