import type { BillingUnit, Category } from '../generated/prisma/enums';

/**
 * How usage is measured per billing unit. Usage is counted as an integer of the base measure so a
 * fractional unit (1,234 tokens = 1.234 × "1k tokens") never needs a float. `maxQuantityPerCall`
 * is the default sanity cap on one call's usage (the catalog's `max_quantity_per_call` overrides
 * it per slug): 10M tokens, 24 h of audio, 100,000 items.
 */
export const BILLING_UNITS: Record<BillingUnit, { measure: string; perUnit: bigint; label: string; maxQuantityPerCall: bigint }> = {
  tokens_1k: { measure: 'tokens', perUnit: 1000n, label: '1k tokens', maxQuantityPerCall: 10_000_000n },
  image: { measure: 'images', perUnit: 1n, label: 'image', maxQuantityPerCall: 100_000n },
  minute: { measure: 'milliseconds', perUnit: 60_000n, label: 'minute', maxQuantityPerCall: 86_400_000n },
  generation: { measure: 'generations', perUnit: 1n, label: 'generation', maxQuantityPerCall: 100_000n },
  record: { measure: 'records', perUnit: 1n, label: 'record', maxQuantityPerCall: 100_000n },
  verification: { measure: 'verifications', perUnit: 1n, label: 'verification', maxQuantityPerCall: 100_000n },
  transaction: { measure: 'transactions', perUnit: 1n, label: 'transaction', maxQuantityPerCall: 100_000n },
  call: { measure: 'calls', perUnit: 1n, label: 'call', maxQuantityPerCall: 100_000n },
};

/** The spec's table: every category bills in one unit. */
export const CATEGORY_BILLING_UNIT: Record<Category, BillingUnit> = {
  text: 'tokens_1k',
  vision: 'image',
  voice: 'minute',
  media: 'generation',
  data: 'record',
  id: 'verification',
  pay: 'transaction',
  infra: 'call',
};
