/** Money is integer micro-USD (bigint) everywhere; these helpers are the only conversions. */

/** round(quantity × pricePerUnit / perUnit) to the micro-USD, half away from zero: the one rounding. */
export function chargePicoUsd(quantity: bigint, picoUsdPerUnit: bigint, perUnit: bigint): bigint {
  if (quantity <= 0n || picoUsdPerUnit <= 0n) return 0n;
  const numerator = quantity * picoUsdPerUnit;
  return (numerator * 2n + perUnit) / (perUnit * 2n);
}

/** Decimal string of a micro-USD amount, e.g. 1234567n → "1.234567". */
export function picoUsdToDecimalString(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / 1_000_000n;
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A micro-USD amount as a JSON number of dollars. Parsing the exact decimal string gives the double
 * nearest to it, which JSON.stringify prints back as that same decimal: no float arithmetic happens.
 */
export function picoUsdToUsdNumber(micro: bigint): number {
  return Number(picoUsdToDecimalString(micro));
}

/** Usage quantity in billing units for display (e.g. 1234 tokens → 1.234); never summed, so a float is fine. */
export function quantityToUnits(quantity: bigint, perUnit: bigint): number {
  return Number(quantity) / Number(perUnit);
}
