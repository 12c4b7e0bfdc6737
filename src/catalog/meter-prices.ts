import { GatewayError } from '../common/errors/error-catalog';
import { MAX_PICO_USD, maxQuantityForPrice } from '../common/money/money';
import type { BillingUnit, Meter } from '../generated/prisma/enums';
import type { MeterPricing } from './catalog-entry';
import type { MeterPriceDefinition, PriceDefinition } from './endpoint';
import { DEFAULT_METER, METER_NAMES, METERS, SPLIT_TOKEN_METERS } from './meters';

/**
 * A price's meters from its definition (the shorthand is the billing unit's one meter), checked:
 * at least one meter, none twice, and a text price either `tokens` alone or split with both input
 * and output (cached input and cache writes optional), so every token a provider reports has a price
 * to bill at (METERS[m].billsAs). 400 invalid_request listing the problems otherwise.
 */
export function meterPricesOf(unit: BillingUnit, definition: PriceDefinition, what = 'the price'): MeterPriceDefinition[] {
  const prices: MeterPriceDefinition[] =
    definition.prices ??
    (definition.wholesalePicoUsdPerUnit === undefined
      ? []
      : [
          {
            meter: DEFAULT_METER[unit],
            wholesalePicoUsdPerUnit: definition.wholesalePicoUsdPerUnit,
            resalePicoUsdPerUnit: definition.resalePicoUsdPerUnit,
          },
        ]);
  const problems = meterPriceProblems(prices).map((problem) => `${what}: ${problem}`);
  if (problems.length) throw new GatewayError('invalid_request', problems.join('; '), { problems });
  return [...prices].sort((a, b) => METER_NAMES.indexOf(a.meter) - METER_NAMES.indexOf(b.meter));
}

function meterPriceProblems(prices: readonly MeterPriceDefinition[]): string[] {
  if (prices.length === 0) return ['needs at least one meter'];
  const problems: string[] = [];
  const meters = new Set<Meter>();
  for (const p of prices) {
    if (meters.has(p.meter)) problems.push(`meter ${p.meter} is listed twice`);
    meters.add(p.meter);
    if (p.wholesalePicoUsdPerUnit < 0n || p.resalePicoUsdPerUnit < 0n) problems.push(`meter ${p.meter} has a negative price`);
  }
  const split = SPLIT_TOKEN_METERS.filter((m) => meters.has(m));
  if (split.length > 0) {
    if (meters.has('tokens')) problems.push('a text price is either tokens alone or split into input and output tokens, not both');
    else if (!meters.has('input_tokens') || !meters.has('output_tokens'))
      problems.push('a split text price needs both input_tokens and output_tokens');
  }
  return problems;
}

/**
 * The meters of a price as calls bill them. Each meter's cap is the operator's max_quantity_per_call
 * for meters measured like the slug's unit (else the meter's default), lowered so that each meter's
 * wholesale and resale amounts stay within an equal share of int8: the call's sums never overflow.
 */
export function meterPricings(
  unit: BillingUnit,
  prices: readonly MeterPriceDefinition[],
  maxQuantityPerCall: bigint | null,
): MeterPricing[] {
  const unitMeasure = METERS[DEFAULT_METER[unit]].measure;
  const share = MAX_PICO_USD / BigInt(Math.max(prices.length, 1));
  const priced = new Set(prices.map((p) => p.meter));
  return prices.map(({ meter, wholesalePicoUsdPerUnit, resalePicoUsdPerUnit }) => {
    const definition = METERS[meter];
    const cap = (definition.measure === unitMeasure ? maxQuantityPerCall : null) ?? definition.maxQuantityPerCall;
    return {
      meter,
      perUnit: definition.perUnit,
      wholesalePicoUsdPerUnit,
      resalePicoUsdPerUnit,
      quantityCap: minOf(
        cap,
        maxQuantityForPrice(wholesalePicoUsdPerUnit, definition.perUnit, share),
        maxQuantityForPrice(resalePicoUsdPerUnit, definition.perUnit, share),
      ),
      sources: METER_NAMES.filter((source) => billedMeter(source, priced) === meter),
    };
  });
}

/** The priced meter a quantity of `meter` bills at: itself, else the first of its billsAs that is priced; null when none is. */
export function billedMeter(meter: Meter, priced: ReadonlySet<Meter>): Meter | null {
  if (priced.has(meter)) return meter;
  return METERS[meter].billsAs.find((m) => priced.has(m)) ?? null;
}

function minOf(...values: bigint[]): bigint {
  return values.reduce((a, b) => (b < a ? b : a));
}
