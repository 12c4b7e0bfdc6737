/**
 * The catalog's billing units in the words of the pages (the server's src/catalog/billing-units.ts):
 * what a price is per, and the base measure usage is counted in (tokens, milliseconds, items), so a
 * statement's quantity reads as "12,345 tokens", never as a fraction of a unit.
 */
import type { BillingUnit, Category } from '@unified-api-gateway/sdk';
import { formatCount } from './format';

const UNITS: Record<BillingUnit, { label: string; measure: [one: string, many: string] }> = {
  tokens_1k: { label: '1k tokens', measure: ['token', 'tokens'] },
  image: { label: 'image', measure: ['image', 'images'] },
  minute: { label: 'minute', measure: ['ms', 'ms'] },
  generation: { label: 'generation', measure: ['generation', 'generations'] },
  record: { label: 'record', measure: ['record', 'records'] },
  verification: { label: 'verification', measure: ['verification', 'verifications'] },
  transaction: { label: 'transaction', measure: ['transaction', 'transactions'] },
  call: { label: 'call', measure: ['call', 'calls'] },
};

/** `per 1k tokens`, `per image`; null (calls that named no endpoint) → an em dash. */
export function billingUnitLabel(unit: BillingUnit | null): string {
  return unit ? `per ${UNITS[unit]?.label ?? unit}` : '—';
}

/** A quantity in the unit's base measure: `12,345 tokens`, `90,000 ms`, `1 image`. */
export function formatQuantity(quantity: string, unit: BillingUnit | null): string {
  const measure = unit ? UNITS[unit]?.measure : undefined;
  if (!measure) return formatCount(quantity);
  return `${formatCount(quantity)} ${quantity === '1' ? measure[0] : measure[1]}`;
}

/**
 * The unit each category bills in (the server's CATEGORY_BILLING_UNIT, src/catalog/billing-units.ts;
 * test/web/category-units.spec.ts keeps the two equal): a slug's category is its first part.
 */
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

/** The unit a call of `slug` was billed in; null for a call that named no endpoint. */
export function billingUnitOfSlug(slug: string | null): BillingUnit | null {
  if (!slug) return null;
  return (CATEGORY_BILLING_UNIT as Record<string, BillingUnit | undefined>)[slug.split('.')[0]] ?? null;
}
