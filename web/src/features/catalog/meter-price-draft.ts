/**
 * A price as the operator edits it: wholesale and resale per meter (docs/concepts/meters.md). A
 * slug priced in its billing unit's one meter shows the two fields it always had and is sent as the
 * shorthand (wholesale_usd_per_unit, resale_usd_per_unit); meters can be added (input and output
 * tokens, characters beside minutes, …) and are then sent as `prices`. The rows are checked as the
 * API checks them (meterSetProblems, amounts of at most 12 decimals).
 */
import { ApiError } from '../../api/client';
import type { BillingUnit, Meter, MeterPriceRequest, MeterPriceView } from '@unified-api-gateway/sdk';
import { DEFAULT_METER, isUnitPrice, METER_NAMES, meterSetProblems } from '../../lib/meters';
import { picoUsdAsPriceInput, usdToPicoUsd } from '../../lib/money';

export interface MeterPriceDraft {
  key: string;
  meter: Meter;
  /** USD per the meter's unit, as typed. */
  wholesale: string;
  resale: string;
}

/** The price fields of a request: the shorthand of a price in the slug's one meter, or its meters. */
export type PriceFields = { prices: MeterPriceRequest[] } | { wholesale_usd_per_unit: string; resale_usd_per_unit: string };

let nextKey = 0;
export function draftKey(): string {
  nextKey += 1;
  return `meter-${nextKey}`;
}

/** A new price: the billing unit's one meter, amounts to be typed. */
export function newMeterPrices(unit: BillingUnit, wholesale = '', resale = ''): MeterPriceDraft[] {
  return [{ key: draftKey(), meter: DEFAULT_METER[unit], wholesale, resale }];
}

export function toMeterPriceDrafts(prices: readonly MeterPriceView[]): MeterPriceDraft[] {
  return prices.map((p) => ({ key: draftKey(), meter: p.meter, wholesale: p.wholesale_usd_per_unit, resale: p.resale_usd_per_unit }));
}

/** A USD amount as typed, as the exact decimal string the API takes; null when it is not one. */
export function priceInput(text: string): string | null {
  const pico = usdToPicoUsd(text);
  return pico === null ? null : picoUsdAsPriceInput(pico);
}

const AMOUNT_PROBLEM = 'An amount in USD, at most 12 decimals.';

export interface CheckedPrices {
  /** What is wrong with the set of meters, in the API's words. */
  problems: string[];
  /** Per row: what is wrong with each amount. */
  amounts: Array<{ wholesale: string | null; resale: string | null }>;
  valid: boolean;
  /**
   * The request's price fields (only when valid): the shorthand where the price is the slug's one
   * meter and `shorthand` allows it, else `prices`.
   */
  fields: (shorthand: boolean) => PriceFields;
}

export function checkMeterPrices(rows: readonly MeterPriceDraft[], unit: BillingUnit): CheckedPrices {
  const problems = meterSetProblems(rows.map((row) => row.meter));
  const amounts = rows.map((row) => ({
    wholesale: priceInput(row.wholesale) === null ? AMOUNT_PROBLEM : null,
    resale: priceInput(row.resale) === null ? AMOUNT_PROBLEM : null,
  }));
  const valid = problems.length === 0 && amounts.every((a) => a.wholesale === null && a.resale === null);
  return {
    problems,
    amounts,
    valid,
    fields: (shorthand) => {
      const prices = rows.map((row) => ({
        meter: row.meter,
        wholesale_usd_per_unit: priceInput(row.wholesale)!,
        resale_usd_per_unit: priceInput(row.resale)!,
      }));
      return shorthand &&
        isUnitPrice(
          unit,
          rows.map((row) => row.meter),
        )
        ? { wholesale_usd_per_unit: prices[0].wholesale_usd_per_unit, resale_usd_per_unit: prices[0].resale_usd_per_unit }
        : { prices };
    },
  };
}

/** The property paths (under `prefix`, e.g. `models.0.`) whose API problems the editor shows beside its fields. */
export function meterPricePaths(prefix: string, count: number): string[] {
  return [
    `${prefix}wholesale_usd_per_unit`,
    `${prefix}resale_usd_per_unit`,
    `${prefix}prices`,
    ...Array.from({ length: count }, (_, i) =>
      ['meter', 'wholesale_usd_per_unit', 'resale_usd_per_unit'].map((field) => `${prefix}prices.${i}.${field}`),
    ).flat(),
  ];
}

/**
 * The API's problems with one price as a whole (src/catalog/meter-prices.ts): each starts with what
 * it is about, `the price: …` or `model <name>: …`.
 */
export function priceProblemsOf(error: unknown, what: string): string[] {
  if (!(error instanceof ApiError) || error.code !== 'invalid_request') return [];
  return error.problems.filter((problem) => problem.startsWith(`${what}: `));
}

/** Meters worth offering first when one is added to a price in this unit. */
const SUGGESTED: Partial<Record<BillingUnit, readonly Meter[]>> = {
  tokens_1k: ['input_tokens', 'output_tokens', 'cached_input_tokens', 'cache_write_tokens'],
  minute: ['characters'],
};

/** The meter "Add a meter" adds: a suggested one that keeps the price valid, else any such, else the first unused. */
export function meterToAdd(rows: readonly MeterPriceDraft[], unit: BillingUnit): Meter | null {
  const used = new Set(rows.map((row) => row.meter));
  const unused = METER_NAMES.filter((m) => !used.has(m));
  const suggested = (SUGGESTED[unit] ?? []).filter((m) => !used.has(m));
  const keepsValid = (m: Meter) => meterSetProblems([...used, m]).length === 0;
  return suggested.find(keepsValid) ?? unused.find(keepsValid) ?? suggested[0] ?? unused[0] ?? null;
}

/** A meter sold below what it costs: resale under wholesale, and the loss on each unit. */
export interface MeterLoss {
  meter: Meter;
  wholesalePico: bigint;
  resalePico: bigint;
  lossPico: bigint;
}

/** The meters of a price whose resale is below its wholesale (amounts that do not parse are left to the form's checks). */
export function metersBelowCost(rows: readonly MeterPriceDraft[]): MeterLoss[] {
  return rows.flatMap((row) => {
    const wholesalePico = usdToPicoUsd(row.wholesale);
    const resalePico = usdToPicoUsd(row.resale);
    if (wholesalePico === null || resalePico === null || resalePico >= wholesalePico) return [];
    return [{ meter: row.meter, wholesalePico, resalePico, lossPico: wholesalePico - resalePico }];
  });
}
