import { Category } from '../generated/prisma/enums';

const CATEGORIES = new Set<string>(Object.values(Category));

/** `<category>.<operation>`: a known category, then a lowercase operation name. */
export const SLUG_PATTERN = /^([a-z]+)\.([a-z][a-z0-9_-]{0,47})$/;

export function parseSlug(slug: string): { category: Category; operation: string } | null {
  const match = SLUG_PATTERN.exec(slug);
  if (!match || !CATEGORIES.has(match[1])) return null;
  return { category: match[1] as Category, operation: match[2] };
}

export function isValidSlug(slug: string): boolean {
  return parseSlug(slug) !== null;
}
