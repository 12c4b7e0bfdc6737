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
