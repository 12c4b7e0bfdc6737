import type { MarkupView } from '@unified-api-gateway/sdk';
import { EVERY_SLUG, type ScopePrices } from '../../../lib/customer-prices';

/** A slug of a markup for people. */
export const slugName = (slug: string) => (slug === EVERY_SLUG ? 'every slug' : slug);

/** One row: a slug with a markup of this scope, or (for a customer) one for every customer. */
export interface MarkupRow {
  slug: string;
  own: MarkupView | undefined;
  everyCustomer: MarkupView | undefined;
}

/** The slugs with a markup, every slug (`*`) first, then by slug. */
export function markupRows(own: ScopePrices, fallback: ScopePrices | null): MarkupRow[] {
  const everyCustomer = fallback?.markups ?? [];
  const slugs = [...new Set([...own.markups, ...everyCustomer].map((m) => m.slug))].sort((a, b) =>
    a === EVERY_SLUG ? -1 : b === EVERY_SLUG ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
  return slugs.map((slug) => ({
    slug,
    own: own.markups.find((m) => m.slug === slug),
    everyCustomer: everyCustomer.find((m) => m.slug === slug),
  }));
}
