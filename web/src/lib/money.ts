/**
 * Money in the web app, exact like everywhere else: amounts arrive and leave as the APIs write them,
 * decimal strings of USD exact to the pico-dollar (docs/api/money.md), and are formatted
 * and checked with string and bigint arithmetic (pico-USD, 1e-12 USD), never through a float. The
 * one exception is a chart's bar height (`usdToChartNumber`), which is a picture of the amount, not
 * the amount: every label and tooltip shows the exact figure.
 */

export const PICO_PER_USD = 1_000_000_000_000n;
const USD_DECIMALS = 12;

/** A decimal USD string as the APIs write it: optional minus, digits, optional fraction. */
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * `$1,234.50`, `$0.000123`, `-$3.00`: the exact amount with thousands separators, at least two
 * decimals, and every significant decimal after that (never rounded).
 */
export function formatUsd(decimal: string | null): string {
  // null: no price in the billing unit (priced per meter).
  if (decimal === null) return '—';
  const match = DECIMAL.exec(decimal.trim());
  if (!match) return decimal;
  const [, minus, whole, fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  const decimals = trimmed.length >= 2 ? trimmed : trimmed.padEnd(2, '0');
  const grouped = BigInt(whole).toLocaleString('en-US');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  return `${minus && !isZero ? '-' : ''}$${grouped}.${decimals}`;
}

/**
 * A price per billing unit, or "Per meter" where the API has none (null: the slug is priced in
 * several meters, input and output tokens for one, and its unit price is no one figure).
 */
export function formatUnitPrice(decimal: string | null): string {
  return decimal === null ? 'Per meter' : formatUsd(decimal);
}

/** Integer pico-USD (a decimal string or bigint) as an exact USD decimal string. */
export function picoUsdToUsd(pico: string | bigint): string {
  const value = typeof pico === 'bigint' ? pico : BigInt(pico);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / PICO_PER_USD;
  const fraction = (abs % PICO_PER_USD).toString().padStart(USD_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Integer pico-USD formatted for people, exactly (see formatUsd). */
export function formatPicoUsd(pico: string | bigint): string {
  return formatUsd(picoUsdToUsd(pico));
}

/**
 * What a person typed as USD (`4`, `0.004`, `$1,200.50`) in pico-USD, or null when it is not an
 * amount of at most 12 decimals. Negative amounts are refused: no price or cap is negative.
 */
export function usdToPicoUsd(text: string): bigint | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{0,12}))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return BigInt(whole) * PICO_PER_USD + BigInt(fraction.padEnd(USD_DECIMALS, '0'));
}

/** The same, as the exact decimal string the APIs take (`cap_usd`, `monthly_fee_usd`, ...). */
export function normaliseUsdInput(text: string): string | null {
  const pico = usdToPicoUsd(text);
  return pico === null ? null : picoUsdToUsd(pico);
}

/** For a chart's geometry only (see the top comment): never shown as a figure. */
export function usdToChartNumber(usd: string): number {
  return Number(usd);
}

/** The APIs' bound on a price, a plan's fee and a plan's cap: 2^53 − 1 pico-USD (about $9,007). */
export const MAX_PRICE_PICO = BigInt(Number.MAX_SAFE_INTEGER);

/** A price in pico-USD as the exact USD decimal string the APIs take, or null if it is out of range. */
export function picoUsdAsPriceInput(pico: bigint): string | null {
  return pico >= 0n && pico <= MAX_PRICE_PICO ? picoUsdToUsd(pico) : null;
}

/**
 * A price per unit under a discount in basis points, rounded half up to the pico-USD: what a
 * reseller owes per unit of a catalog price (the gateway rounds the same way, once per call).
 */
export function discountedPicoUsd(pico: bigint, discountBps: number): bigint {
  const bps = BigInt(discountBps);
  if (bps <= 0n) return pico;
  if (bps >= 10_000n || pico <= 0n) return 0n;
  return (pico * (10_000n - bps) * 2n + 10_000n) / 20_000n;
}
