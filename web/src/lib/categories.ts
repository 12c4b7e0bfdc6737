/** The catalog's categories in the words of the website. */
import type { Category } from '../api/openapi.generated';

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
