/**
 * The catalog's meters in the words of the pages (the server's src/catalog/meters.ts; test/web/meters.spec.ts
 * keeps the two equal): what a price per meter is per, the one meter of a slug priced in its billing
 * unit (the shorthand), and the rules a set of meter prices must follow, checked here before the
 * API checks them again. Amounts stay exact decimal strings and pico-USD bigints throughout.
 */
import type { BillingUnit, Meter } from '@unified-api-gateway/sdk';
import { formatCount } from './format';
import { formatPicoUsd, usdToPicoUsd } from './money';

interface MeterWords {
  /** What one unit of the price is, as the API writes it (`unit_label`): "1k input tokens". */
  label: string;
  /**
   * The scale a visitor reads the price at: a price per 1k tokens is shown per 1M tokens ($0.15 per
   * 1M input tokens rather than $0.00015 per 1k), `factor` units of the API's price.
   */
  readable: { factor: bigint; label: string };
}

const per = (label: string): MeterWords => ({ label, readable: { factor: 1n, label } });
const perThousand = (label: string, readable: string): MeterWords => ({ label, readable: { factor: 1000n, label: readable } });

/** Every meter, in the enum's order (the order the API lists prices in). */
export const METERS: { readonly [M in Meter]: MeterWords } = {
  tokens: perThousand('1k tokens', '1M tokens'),
  input_tokens: perThousand('1k input tokens', '1M input tokens'),
  cached_input_tokens: perThousand('1k cached input tokens', '1M cached input tokens'),
  cache_write_tokens: perThousand('1k cache-write tokens', '1M cache-write tokens'),
  output_tokens: perThousand('1k output tokens', '1M output tokens'),
  images: per('image'),
  minutes: per('minute'),
  characters: perThousand('1k characters', '1M characters'),
  generations: per('generation'),
  records: per('record'),
  verifications: per('verification'),
  transactions: per('transaction'),
  calls: per('call'),
};

export const METER_NAMES = Object.keys(METERS) as Meter[];

/** The one meter of a slug priced in its billing unit: what the shorthand wholesale/resale fields set. */
export const DEFAULT_METER: { readonly [U in BillingUnit]: Meter } = {
  tokens_1k: 'tokens',
  image: 'images',
  minute: 'minutes',
  generation: 'generations',
  record: 'records',
  verification: 'verifications',
  transaction: 'transactions',
  call: 'calls',
};

/** The token meters a split text price is made of. */
export const SPLIT_TOKEN_METERS: readonly Meter[] = ['input_tokens', 'cached_input_tokens', 'cache_write_tokens', 'output_tokens'];

/**
 * What is wrong with a price made of these meters, in the server's words (meterPricesOf): at least
 * one meter, none twice, and a text price either `tokens` alone or split with both input and output
 * tokens (cached input and cache writes optional).
 */
export function meterSetProblems(meters: readonly Meter[]): string[] {
  if (meters.length === 0) return ['needs at least one meter'];
  const problems: string[] = [];
  const seen = new Set<Meter>();
  for (const meter of meters) {
    if (seen.has(meter)) problems.push(`meter ${meter} is listed twice`);
    seen.add(meter);
  }
  if (SPLIT_TOKEN_METERS.some((m) => seen.has(m))) {
    if (seen.has('tokens')) problems.push('a text price is either tokens alone or split into input and output tokens, not both');
    else if (!seen.has('input_tokens') || !seen.has('output_tokens'))
      problems.push('a split text price needs both input_tokens and output_tokens');
  }
  return problems;
}

/** Whether these prices are the slug's one meter: shown, and sent, as the shorthand of before. */
export function isUnitPrice(unit: BillingUnit, meters: readonly Meter[]): boolean {
  return meters.length === 1 && meters[0] === DEFAULT_METER[unit];
}

/**
 * A price per meter for a visitor: `$0.15 / 1M input tokens` from "0.00015" per 1k input tokens
 * (scaled with bigint pico-USD, so exact), `$0.006 / minute`.
 */
export function readableMeterPrice(meter: Meter, usdPerUnit: string): string {
  const { factor, label } = METERS[meter].readable;
  const pico = usdToPicoUsd(usdPerUnit);
  return pico === null ? `${usdPerUnit} / ${METERS[meter].label}` : `${formatPicoUsd(pico * factor)} / ${label}`;
}

/** A price per meter in the API's own unit, for the operator who enters it: `$0.00015 / 1k input tokens`. */
export function meterPrice(meter: Meter, usdPerUnit: string): string {
  const pico = usdToPicoUsd(usdPerUnit);
  return `${pico === null ? usdPerUnit : formatPicoUsd(pico)} / ${METERS[meter].label}`;
}

/* The meter lines of reports, statements and the audit trail: a quantity in its meter's base measure. */

/** `short`: the word after a quantity where a table's column is narrow (a call's cells in the audit trail). */
const QUANTITY_WORDS: Record<Meter, { label: string; measure: [one: string, many: string]; short?: string }> = {
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
  return QUANTITY_WORDS[meter]?.label ?? meter;
}

/**
 * A meter's quantity in its base measure: `1,200 input tokens`, `90,000 ms of audio`, `1 image`;
 * `short`: `1,200 input`, `90,000 ms` (under a call's total, which says what they count).
 */
export function formatMeterQuantity(quantity: string | number, meter: Meter, short = false): string {
  const text = String(quantity);
  const definition = QUANTITY_WORDS[meter];
  if (!definition) return formatCount(text);
  const word = short && definition.short ? definition.short : definition.measure[text === '1' ? 0 : 1];
  return `${formatCount(text)} ${word}`;
}

/**
 * Whether meter lines say more than their line: not when they are the slug unit's one meter (a
 * price per call, per 1k tokens of any kind), whose line already shows its quantity and amounts.
 */
export function meterLinesAddDetail(meters: ReadonlyArray<{ meter: Meter }> | null | undefined, unit: BillingUnit | null): boolean {
  if (!meters || meters.length === 0) return false;
  return !(meters.length === 1 && unit !== null && meters[0].meter === DEFAULT_METER[unit]);
}
