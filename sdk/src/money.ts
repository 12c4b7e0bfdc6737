/**
 * USD amounts as the gateway writes them (`billed_usd`, a stream's `cost_usd`: the exact decimal of
 * an integer pico-USD amount, as a JSON number that may print in exponent form, e.g. `9e-8`) turned
 * back into exact integer pico-USD (1e-12 USD), the unit to sum money in. Never a float sum.
 */

const PICO_DIGITS = 12;
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Exact pico-USD of a USD amount, from a decimal string (`"0.000123"`, `"9e-8"`) or from the JSON
 * number the gateway sent. A number goes through its shortest round-trip decimal, which is the
 * gateway's own decimal for every amount under $8,192 (docs/api/calls.md); a digit past
 * the 12th decimal (only possible above that) is rounded half away from zero.
 */
export function usdToPicoUsd(usd: number | string): bigint {
  if (typeof usd === 'number' && !Number.isFinite(usd)) throw new RangeError(`not a USD amount: ${usd}`);
  const text = typeof usd === 'number' ? String(usd) : usd.trim();
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`not a USD amount: ${JSON.stringify(usd)}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = BigInt(`${whole}${fraction}` || '0');
  // value = digits × 10^(exponent − fraction digits); in pico-USD, 12 more.
  const shift = Number(exponent) - fraction.length + PICO_DIGITS;
  let pico: bigint;
  if (shift >= 0) {
    pico = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    pico = digits / divisor;
    if ((digits % divisor) * 2n >= divisor) pico += 1n;
  }
  return sign === '-' ? -pico : pico;
}

/** The exact USD decimal string of a pico-USD amount (`1234500000n` → `"0.0012345"`). */
export function picoUsdToUsdString(pico: bigint): string {
  const negative = pico < 0n;
  const digits = (negative ? -pico : pico).toString().padStart(PICO_DIGITS + 1, '0');
  const whole = digits.slice(0, -PICO_DIGITS);
  const fraction = digits.slice(-PICO_DIGITS).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
