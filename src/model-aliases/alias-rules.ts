import type { CatalogEntry } from '../catalog/catalog-entry';
import { parseModelId } from '../catalog/model-id';

/** What an operator may name an alias: the characters of provider model ids (`gpt-4o-mini`, `meta-llama/Llama-3:free`). */
export const ALIAS_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/;

/** Why `alias` cannot be an alias, or null when it can. */
export function aliasProblem(alias: string): string | null {
  if (!ALIAS_PATTERN.test(alias)) {
    return 'An alias is 1 to 100 characters: letters, digits and . _ : / - , starting with a letter or a digit.';
  }
  // The door reads a canonical id as itself: such an alias would shadow, or be shadowed by, a catalog price.
  if (parseModelId(alias)) return `${alias} is a canonical model id (<slug> or <slug>/<model>); an alias cannot be one.`;
  return null;
}

/** Why `target` names no price of the catalog (looked up with `find`), or null when it names one. */
export function targetProblem(target: string, find: (slug: string) => CatalogEntry | undefined): string | null {
  const id = parseModelId(target);
  if (!id) return `The target ${target} is not a canonical model id: <slug>/<model>, or <slug> alone for its default price.`;
  const entry = find(id.slug);
  if (!entry) return `The target names ${id.slug}, which is not in the catalog.`;
  if (id.model !== null && !entry.models.some((m) => m.model === id.model)) {
    const models = entry.models.map((m) => m.model).join(', ');
    return `${id.model} is not a model of ${id.slug} (${models ? `its models: ${models}` : 'it has no models: name the slug alone'}).`;
  }
  return null;
}
