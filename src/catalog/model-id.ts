import { parseSlug } from '../catalog/slug';

/**
 * Canonical model ids, as a caller of the OpenAI-compatible door names a catalog price:
 * `<slug>/<model>` for one of the slug's models (`text.generate/gpt-4o-mini`), or `<slug>` alone for
 * the slug's default price (its first model, or the endpoint's own price when it has no models).
 * Pure: whether the id names something that exists is the catalog's to say.
 */
export interface ModelId {
  slug: string;
  /** The endpoint model's name; null: the slug's default price. */
  model: string | null;
}

/**
 * The slug and model an id names, or null when it is not a canonical id: the part before the first
 * '/' must be a slug (a known category, see parseSlug); a model part, when there is a '/', must not
 * be empty. Model names may hold '/' themselves (`text.generate/meta-llama/Llama-3`).
 */
export function parseModelId(id: string): ModelId | null {
  const slash = id.indexOf('/');
  const slug = slash === -1 ? id : id.slice(0, slash);
  if (!parseSlug(slug)) return null;
  if (slash === -1) return { slug, model: null };
  const model = id.slice(slash + 1);
  return model === '' ? null : { slug, model };
}

/** The canonical id of a slug's model, or of the slug's default price (model null). */
export function modelIdOf(slug: string, model: string | null): string {
  return model === null ? slug : `${slug}/${model}`;
}
