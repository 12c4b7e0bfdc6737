/**
 * How the web app writes an exact USD decimal: `0.003` → `$0.003`, `49` → `$49.00`, `1234.5` →
 * `$1,234.50` (at least two decimals, never rounded). Written here independently of the app's own
 * formatter, so a test does not agree with the page by construction.
 */
export function usdText(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole, fraction = ''] = decimal.replace(/^-/, '').split('.');
  const grouped = BigInt(whole).toLocaleString('en-US');
  return `${negative ? '-' : ''}$${grouped}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

/**
 * How the website writes a price per meter (`$0.15 / 1M input tokens`), from the API's price and unit
 * label: a price per 1k of something reads per 1M (the decimal point moved three places, by string),
 * any other as it is. Independent of the app's own formatter, like usdText.
 */
export function meterPriceText(decimal: string, unitLabel: string): string {
  if (!unitLabel.startsWith('1k ')) return `${usdText(decimal)} / ${unitLabel}`;
  const [whole, fraction = ''] = decimal.split('.');
  const padded = fraction.padEnd(3, '0');
  const scaled = `${BigInt(`${whole}${padded.slice(0, 3)}`)}.${padded.slice(3) || '0'}`;
  return `${usdText(scaled)} / 1M ${unitLabel.slice(3)}`;
}
