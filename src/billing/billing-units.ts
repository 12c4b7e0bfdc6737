import type { BillingUnit, Category } from '../generated/prisma/enums';

/**
 * How usage is measured per billing unit. Usage is counted as an integer of the base measure so a
 * fractional unit (1,234 tokens = 1.234 × "1k tokens") never needs a float.
 */
export const BILLING_UNITS: Record<BillingUnit, { measure: string; perUnit: bigint; label: string }> = {
  tokens_1k: { measure: 'tokens', perUnit: 1000n, label: '1k tokens' },
  image: { measure: 'images', perUnit: 1n, label: 'image' },
  minute: { measure: 'milliseconds', perUnit: 60_000n, label: 'minute' },
  generation: { measure: 'generations', perUnit: 1n, label: 'generation' },
  record: { measure: 'records', perUnit: 1n, label: 'record' },
  verification: { measure: 'verifications', perUnit: 1n, label: 'verification' },
  transaction: { measure: 'transactions', perUnit: 1n, label: 'transaction' },
  call: { measure: 'calls', perUnit: 1n, label: 'call' },
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
