/**
 * The meters of a price in the words of the pages (the server's src/catalog/meters.ts): what each
 * counts, so a meter line reads as "1,200 input tokens" or "90,000 ms of audio", in the meter's
 * base measure as the APIs give it, never as a fraction of its priced unit.
 */
import type { BillingUnit, Meter } from '../api/openapi.generated';
import { formatCount } from './format';

/** `short`: the word after a quantity where a table's column is narrow (a call's cells in the audit trail). */
const METERS: Record<Meter, { label: string; measure: [one: string, many: string]; short?: string }> = {
  tokens: { label: 'Tokens', measure: ['token', 'tokens'] },
  input_tokens: { label: 'Input tokens', measure: ['input token', 'input tokens'], short: 'input' },
  cached_input_tokens: { label: 'Cached input tokens', measure: ['cached input token', 'cached input tokens'], short: 'cached' },
  cache_write_tokens: { label: 'Cache-write tokens', measure: ['cache-write token', 'cache-write tokens'], short: 'cache write' },
  output_tokens: { label: 'Output tokens', measure: ['output token', 'output tokens'], short: 'output' },
  images: { label: 'Images', measure: ['image', 'images'] },
  minutes: { label: 'Audio time', measure: ['ms of audio', 'ms of audio'], short: 'ms' },
  characters: { label: 'Characters', measure: ['character', 'characters'], short: 'chars' },
  generations: { label: 'Generations', measure: ['generation', 'generations'] },
  records: { label: 'Records', measure: ['record', 'records'] },
  verifications: { label: 'Verifications', measure: ['verification', 'verifications'] },
  transactions: { label: 'Transactions', measure: ['transaction', 'transactions'] },
  calls: { label: 'Calls', measure: ['call', 'calls'] },
};

/** `Input tokens`, `Audio time`. */
export function meterLabel(meter: Meter): string {
  return METERS[meter]?.label ?? meter;
}

/**
 * A meter's quantity in its base measure: `1,200 input tokens`, `90,000 ms of audio`, `1 image`;
 * `short`: `1,200 input`, `90,000 ms` (under a call's total, which says what they count).
 */
export function formatMeterQuantity(quantity: string | number, meter: Meter, short = false): string {
  const text = String(quantity);
  const definition = METERS[meter];
  if (!definition) return formatCount(text);
  const word = short && definition.short ? definition.short : definition.measure[text === '1' ? 0 : 1];
  return `${formatCount(text)} ${word}`;
}

/** The one meter of a slug priced in its billing unit alone (the server's DEFAULT_METER). */
const UNIT_METER: Record<BillingUnit, Meter> = {
  tokens_1k: 'tokens',
  image: 'images',
  minute: 'minutes',
  generation: 'generations',
  record: 'records',
  verification: 'verifications',
  transaction: 'transactions',
  call: 'calls',
};

/**
 * Whether meter lines say more than their line: not when they are the slug unit's one meter (a
 * price per call, per 1k tokens of any kind), whose line already shows its quantity and amounts.
 */
export function meterLinesAddDetail(meters: ReadonlyArray<{ meter: Meter }> | null | undefined, unit: BillingUnit | null): boolean {
  if (!meters || meters.length === 0) return false;
  return !(meters.length === 1 && unit !== null && meters[0].meter === UNIT_METER[unit]);
}
