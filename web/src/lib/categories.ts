/** The catalog's categories in the words of the website. */
import type { Category } from '@unified-api-gateway/sdk';

export const CATEGORY_LABELS: Record<Category, string> = {
  text: 'Text',
  vision: 'Vision',
  voice: 'Voice',
  media: 'Media',
  data: 'Data',
  id: 'Identity',
  pay: 'Payments',
  infra: 'Infrastructure',
};

export const CATEGORIES = Object.keys(CATEGORY_LABELS) as Category[];

export function categoryLabel(category: string): string {
  return (CATEGORY_LABELS as Record<string, string>)[category] ?? category;
}

/**
 * The unit each category bills in (the server's CATEGORY_BILLING_UNIT, src/catalog/billing-units.ts,
 * in its labels): a new endpoint's unit follows from its slug's category.
 */
export const CATEGORY_UNIT_LABELS: Record<Category, string> = {
  text: '1k tokens',
  vision: 'image',
  voice: 'minute',
  media: 'generation',
  data: 'record',
  id: 'verification',
  pay: 'transaction',
  infra: 'call',
};
