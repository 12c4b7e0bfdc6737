import type { BillingUnit, Meter } from '../generated/prisma/enums';

/**
 * What each meter counts and how it is priced. A model's price is a set of meters, each with a
 * wholesale and a resale price per `perUnit` of its base `measure`: usage is an integer count of
 * the measure (tokens, milliseconds, characters, items), so 1,234 tokens at a price per 1k tokens
 * never needs a float. `maxQuantityPerCall` is the meter's default sanity cap on one call.
 *
 * `billsAs`: where a quantity of a meter the price does not list is billed instead, first match
 * wins. Text prices are `tokens` alone or split (input and output, optionally cached input and
 * cache writes); a provider may report finer or coarser than the price (cached tokens to a price
 * without a cached meter, or a bare total to a split price), and nothing reported is ever free: a
 * cached token unpriced costs an input token, a total costs output tokens (the dearer side).
 */
export interface MeterDefinition {
  measure: 'tokens' | 'milliseconds' | 'characters' | 'images' | 'generations' | 'records' | 'verifications' | 'transactions' | 'calls';
  perUnit: bigint;
  /** The unit a price is per, for people: "1k input tokens", "minute". */
  label: string;
  maxQuantityPerCall: bigint;
  billsAs: readonly Meter[];
}

const TEN_MILLION_TOKENS = 10_000_000n;
const ITEMS = 100_000n;

export const METERS: { readonly [M in Meter]: MeterDefinition } = {
  tokens: {
    measure: 'tokens',
    perUnit: 1000n,
    label: '1k tokens',
    maxQuantityPerCall: TEN_MILLION_TOKENS,
    billsAs: ['output_tokens', 'input_tokens'],
  },
  input_tokens: {
    measure: 'tokens',
    perUnit: 1000n,
    label: '1k input tokens',
    maxQuantityPerCall: TEN_MILLION_TOKENS,
    billsAs: ['tokens'],
  },
  cached_input_tokens: {
    measure: 'tokens',
    perUnit: 1000n,
    label: '1k cached input tokens',
    maxQuantityPerCall: TEN_MILLION_TOKENS,
    billsAs: ['input_tokens', 'tokens'],
  },
  cache_write_tokens: {
    measure: 'tokens',
    perUnit: 1000n,
    label: '1k cache-write tokens',
    maxQuantityPerCall: TEN_MILLION_TOKENS,
    billsAs: ['input_tokens', 'tokens'],
  },
  output_tokens: {
    measure: 'tokens',
    perUnit: 1000n,
    label: '1k output tokens',
    maxQuantityPerCall: TEN_MILLION_TOKENS,
    billsAs: ['tokens'],
  },
  images: { measure: 'images', perUnit: 1n, label: 'image', maxQuantityPerCall: ITEMS, billsAs: ['generations'] },
  // 24 h of audio.
  minutes: { measure: 'milliseconds', perUnit: 60_000n, label: 'minute', maxQuantityPerCall: 86_400_000n, billsAs: [] },
  // 10M characters: a book is about 500k.
  characters: { measure: 'characters', perUnit: 1000n, label: '1k characters', maxQuantityPerCall: 10_000_000n, billsAs: [] },
  generations: { measure: 'generations', perUnit: 1n, label: 'generation', maxQuantityPerCall: ITEMS, billsAs: ['images'] },
  records: { measure: 'records', perUnit: 1n, label: 'record', maxQuantityPerCall: ITEMS, billsAs: [] },
  verifications: { measure: 'verifications', perUnit: 1n, label: 'verification', maxQuantityPerCall: ITEMS, billsAs: [] },
  transactions: { measure: 'transactions', perUnit: 1n, label: 'transaction', maxQuantityPerCall: ITEMS, billsAs: [] },
  calls: { measure: 'calls', perUnit: 1n, label: 'call', maxQuantityPerCall: ITEMS, billsAs: [] },
};

/** Every meter, in the enum's order (the order meters are listed in answers, reports and statements). */
export const METER_NAMES = Object.keys(METERS) as readonly Meter[];

/** The one meter of a slug priced in its category's billing unit (every price before meters; migration 20261127210100). */
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
 * Usage of one call: a quantity per meter, in each meter's base measure, as the provider reported
 * it (validated) or estimated it. A meter missing was not measured.
 */
export type MeterQuantities = Partial<Record<Meter, bigint>>;

/** A valid meter name (an enum value), for input from the API. */
export function isMeter(name: unknown): name is Meter {
  return typeof name === 'string' && Object.hasOwn(METERS, name);
}
