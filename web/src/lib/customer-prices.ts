/**
 * What a reseller's customers pay, as the console shows it: one row per meter of each slug, and the
 * price that applies to it under the gateway's precedence (src/keys/customer-prices.ts): a fixed
 * price for the meter (the customer's own, else the one for every customer), else a markup on the
 * slug (the customer's, else the tenant's), else a markup on every slug (`*`, the same order), else
 * the catalog's list price. Pure: the pages compose it with their queries. Per-unit figures here are
 * what the price pages show; the gateway rounds once per meter of a call from the exact product.
 */
import type { MarkupView, Meter, PriceView, PublicEndpointView } from '@unified-api-gateway/sdk';
import { METER_NAMES } from './meters';
import { discountedPicoUsd, usdToPicoUsd } from './money';

/** The slug of a markup on every slug. */
export const EVERY_SLUG = '*';
/** The highest markup the API takes: 1000 %. */
export const MAX_MARKUP_BPS = 100_000;

/** One meter of a slug a reseller may price. */
export interface MeterRow {
  key: string;
  slug: string;
  meter: Meter;
  /** The meter's unit: "1k input tokens", "image". */
  unitLabel: string;
  /** The catalog's list price per unit: the default price's, else the first model's that has the meter. */
  listPico: bigint;
  /** The model whose list price that is, when it is not the default price's. */
  listModel: string | null;
}

/** Every meter of every slug: the default price's meters, then any other model's, in the gateway's meter order. */
export function meterRows(endpoints: readonly PublicEndpointView[]): MeterRow[] {
  const rows: MeterRow[] = [];
  for (const endpoint of endpoints) {
    const found = new Map<Meter, MeterRow>();
    const take = (prices: PublicEndpointView['prices'], model: string | null) => {
      for (const price of prices) {
        if (found.has(price.meter)) continue;
        found.set(price.meter, {
          key: `${endpoint.slug} ${price.meter}`,
          slug: endpoint.slug,
          meter: price.meter,
          unitLabel: price.unit_label,
          listPico: usdToPicoUsd(price.price_usd_per_unit) ?? 0n,
          listModel: model,
        });
      }
    };
    take(endpoint.prices, null);
    for (const model of endpoint.models.slice(1)) take(model.prices, model.name);
    rows.push(...[...found.values()].sort((a, b) => METER_NAMES.indexOf(a.meter) - METER_NAMES.indexOf(b.meter)));
  }
  return rows;
}

/** A scope's own prices and markups (every customer, or one customer). */
export interface ScopePrices {
  prices: readonly PriceView[];
  markups: readonly MarkupView[];
}

/** What applies to one meter for a scope, and where it comes from. */
export type AppliedPrice =
  { kind: 'fixed'; pico: bigint; own: boolean } | { kind: 'markup'; bps: number; own: boolean; everySlug: boolean } | { kind: 'list' };

/**
 * The price that applies to a meter for this scope: `own` is the scope's (a customer's, or every
 * customer's on the tenant's page), `fallback` the prices for every customer where `own` is one
 * customer's (null on the tenant's page).
 */
export function appliedPrice(row: MeterRow, own: ScopePrices, fallback: ScopePrices | null): AppliedPrice {
  const scopes: Array<[ScopePrices, boolean]> = fallback
    ? [
        [own, true],
        [fallback, false],
      ]
    : [[own, true]];
  for (const [scope, isOwn] of scopes) {
    const fixed = scope.prices.find((p) => p.slug === row.slug && p.meter === row.meter);
    if (fixed) return { kind: 'fixed', pico: usdToPicoUsd(fixed.price_usd_per_unit) ?? 0n, own: isOwn };
  }
  for (const slug of [row.slug, EVERY_SLUG]) {
    for (const [scope, isOwn] of scopes) {
      const markup = scope.markups.find((m) => m.slug === slug);
      if (markup) return { kind: 'markup', bps: markup.markup_bps, own: isOwn, everySlug: slug === EVERY_SLUG };
    }
  }
  return { kind: 'list' };
}

/**
 * What a customer pays per unit under a markup: the list price under the plan's discount, marked
 * up, rounded half up once (as the gateway rounds a call's amount).
 */
export function markedUpPicoUsd(listPico: bigint, discountBps: number, markupBps: number): bigint {
  if (markupBps <= 0) return discountedPicoUsd(listPico, discountBps);
  const kept = 10_000n - BigInt(Math.max(0, Math.min(discountBps, 10_000)));
  const denominator = 100_000_000n;
  return (listPico * kept * (10_000n + BigInt(markupBps)) * 2n + denominator) / (denominator * 2n);
}

/** What this scope's customers pay per unit of the meter now. */
export function paysPicoUsd(row: MeterRow, applied: AppliedPrice, discountBps: number): bigint {
  if (applied.kind === 'fixed') return applied.pico;
  if (applied.kind === 'markup') return markedUpPicoUsd(row.listPico, discountBps, applied.bps);
  return row.listPico;
}

/** A percentage as typed ("25", "12.5", "0.01") in basis points, or null unless 0 to 1000 % with at most 2 decimals. */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/\s*%$/, ''));
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bps <= MAX_MARKUP_BPS ? bps : null;
}

/** Basis points as a percentage to type again ("12.5" for 1250). */
export function bpsToPercentInput(bps: number): string {
  return String(bps / 100);
}
