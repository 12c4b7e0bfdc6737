/**
 * Money is integer pico-USD (1e-12 USD, bigint) everywhere; these helpers are the only conversions.
 *
 * Why pico: the cheapest realistic price (embeddings, $0.02 per 1M tokens) makes a 3-token call
 * cost 60 nano-USD. Rounded to the micro-USD it was free; rounded to the nano-USD it would still
 * be off by 0.83 %. In pico-USD it is 60,000, and any call of at least one billing base unit is
 * within 0.0025 % of its exact price after the one rounding. int8 holds 9.2e18 pico-USD ($9.2M)
 * per row; sums are taken in Postgres numeric and JS bigint.
 */

export const PICO_USD_PER_USD = 1_000_000_000_000n;
/** The previous unit, for data written before the move to pico-USD (migration, old spill files). */
export const PICO_USD_PER_MICRO_USD = 1_000_000n;
/** The largest amount a bigint (int8) column holds: no charge may exceed it. */
export const MAX_PICO_USD = 9_223_372_036_854_775_807n;

/** round(quantity × pricePerUnit / perUnit) to the pico-USD, half up: the one rounding of a call. */
export function chargePicoUsd(quantity: bigint, picoUsdPerUnit: bigint, perUnit: bigint): bigint {
  if (quantity <= 0n || picoUsdPerUnit <= 0n) return 0n;
  const numerator = quantity * picoUsdPerUnit;
  return (numerator * 2n + perUnit) / (perUnit * 2n);
}

/** Basis points in a whole: a discount of 1000 bps is 10 %. */
export const BASIS_POINTS = 10_000n;

/**
 * round(quantity × pricePerUnit × (10000 − discountBps) / (perUnit × 10000)), half up: a catalog
 * price under a plan's discount, still rounded once per call (discounting the already rounded
 * charge would round twice). Never more than chargePicoUsd at the same price, so the int8 bound of
 * maxQuantityForPrice holds for it too; a discount of 10000 bps or more is free.
 */
export function discountedChargePicoUsd(quantity: bigint, picoUsdPerUnit: bigint, perUnit: bigint, discountBps: bigint): bigint {
  if (discountBps <= 0n) return chargePicoUsd(quantity, picoUsdPerUnit, perUnit);
  if (quantity <= 0n || picoUsdPerUnit <= 0n || discountBps >= BASIS_POINTS) return 0n;
  const numerator = quantity * picoUsdPerUnit * (BASIS_POINTS - discountBps);
  const denominator = perUnit * BASIS_POINTS;
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * round(quantity × pricePerUnit × (10000 − discountBps) × (10000 + markupBps) / (perUnit × 10000²)),
 * half up: a tenant's markup over its resale figure (the catalog price under its plan's discount),
 * rounded once from the exact product, never from the rounded resale figure (which would round
 * twice: 1.25 pico marked up 100 % is 2.5 → 3, not round(1.25) × 2 = 2). A markup of 0 is the resale
 * figure itself; a negative one counts as 0; a discount of 10000 bps or more is free. The amount may
 * pass int8 at a large markup: callers clamp it (BillingService, at the meter's share of int8).
 */
export function markedUpChargePicoUsd(
  quantity: bigint,
  picoUsdPerUnit: bigint,
  perUnit: bigint,
  discountBps: bigint,
  markupBps: bigint,
): bigint {
  if (markupBps <= 0n) return discountedChargePicoUsd(quantity, picoUsdPerUnit, perUnit, discountBps);
  const kept = discountBps <= 0n ? BASIS_POINTS : BASIS_POINTS - discountBps;
  if (quantity <= 0n || picoUsdPerUnit <= 0n || kept <= 0n) return 0n;
  const numerator = quantity * picoUsdPerUnit * kept * (BASIS_POINTS + markupBps);
  const denominator = perUnit * BASIS_POINTS * BASIS_POINTS;
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * The largest quantity whose charge at this price still fits an int8 column (or `limit`: a meter's
 * share of it, so that a call's meters summed fit too): the overflow check made before multiplying
 * (billing caps the quantity there rather than write a value Postgres rejects).
 */
export function maxQuantityForPrice(picoUsdPerUnit: bigint, perUnit: bigint, limit = MAX_PICO_USD): bigint {
  if (picoUsdPerUnit <= 0n) return MAX_PICO_USD;
  // q × p ≤ (limit − 1) × perUnit keeps round_half_up(q × p / perUnit) ≤ limit.
  return ((limit - 1n) * perUnit) / picoUsdPerUnit;
}

/**
 * The largest price per unit whose charge for this quantity still fits an int8 column: the same
 * bound as maxQuantityForPrice, solved for the price (a tenant's price is checked with it when set).
 */
export function maxPriceForQuantity(quantity: bigint, perUnit: bigint, limit = MAX_PICO_USD): bigint {
  if (quantity <= 0n) return MAX_PICO_USD;
  return ((limit - 1n) * perUnit) / quantity;
}

/** Exact decimal string of a pico-USD amount in USD, e.g. 1234567n → "0.000001234567". */
export function picoUsdToDecimalString(pico: bigint): string {
  const negative = pico < 0n;
  const abs = negative ? -pico : pico;
  const whole = abs / PICO_USD_PER_USD;
  const fraction = (abs % PICO_USD_PER_USD).toString().padStart(12, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A pico-USD amount as a JSON number of dollars (response `billed_usd`, stream `usage.cost_usd`).
 * Parsing the exact decimal string gives the double nearest to it, and JSON.stringify prints the
 * shortest decimal that parses back to that double: for an amount under $8,192 (2^13, where a
 * double's spacing, 2^-40, is below 1e-12) that rounds back to the exact 12-decimal amount, so the
 * number round-trips to the same pico amount; at or above it the last pico digit may differ (the
 * audit record keeps the exact figure). No float arithmetic happens.
 */
export function picoUsdToUsdNumber(pico: bigint): number {
  return Number(picoUsdToDecimalString(pico));
}

/** Parses a USD decimal (string or JSON number, up to 12 decimals) back to pico-USD, exactly. */
export function usdToPicoUsd(usd: string | number): bigint {
  const text = typeof usd === 'number' ? usdNumberText(usd) : usd;
  const match = /^(-?)(\d+)(?:\.(\d{1,12}))?$/.exec(text);
  if (!match) throw new RangeError(`not a USD amount with at most 12 decimals: ${text}`);
  const pico = BigInt(match[2]) * PICO_USD_PER_USD + BigInt((match[3] ?? '').padEnd(12, '0'));
  return match[1] ? -pico : pico;
}

/** A JSON number's decimal text without exponent (JS prints 6e-11 for 0.00000000006). */
function usdNumberText(usd: number): string {
  const text = String(usd);
  if (!/e/i.test(text)) return text;
  // toFixed(12) is exact here: the number is the double nearest a ≤12-decimal amount.
  return usd.toFixed(12).replace(/\.?0+$/, '');
}

/** Usage quantity in billing units for display (e.g. 1234 tokens → 1.234); never summed, so a float is fine. */
export function quantityToUnits(quantity: bigint, perUnit: bigint): number {
  return Number(quantity) / Number(perUnit);
}
