import type { AppConfig } from '../config/app-config';
import type { Category } from '../generated/prisma/enums';
import type { Provider } from './provider.types';
import type { UpstreamLimits } from './providers/shared/upstream-limits';

/**
 * The operations whose input and result the gateway itself defines (the slug's one shape, docs/concepts/upstreams.md,
 * "Provider kinds"), so that every kind serving one answers it the same way and fallback works
 * across kinds. A slug of any other name has the shape its upstream gives it.
 */
export const KNOWN_OPERATIONS = ['text.generate', 'text.embed', 'media.image', 'voice.stt', 'voice.tts'] as const;
export type KnownOperation = (typeof KNOWN_OPERATIONS)[number];

const KNOWN = new Set<string>(KNOWN_OPERATIONS);

/**
 * The known operation a slug asks for: its own name when it is one; for any other text slug
 * (`text.summarize`, `text.chat`), a text generation — a prompt in, text out, which is how every
 * text slug of an OpenAI-compatible upstream was served before kinds had operations, so operators'
 * existing text slugs keep working; null for any other slug. Allocates nothing (it runs per call).
 */
export function knownOperationOf(slug: string, category: Category): KnownOperation | null {
  if (KNOWN.has(slug)) return slug as KnownOperation;
  return category === 'text' ? 'text.generate' : null;
}

/** What a kind needs to build its provider: the process's configuration and the upstream bounds derived from it. */
export interface ProviderKindContext {
  config: AppConfig;
  limits: UpstreamLimits;
}

/**
 * One provider kind's settings, declared in its own folder (proxy/providers/<kind>/<kind>.kind.ts)
 * and listed once in provider-kinds.ts. The operator API's allowed kinds, its base_url rule and the
 * slugs an upstream of the kind may serve are read from here.
 */
export interface ProviderKindDefinition {
  /** How the admin editor names the kind. */
  label: string;
  /** Whether an upstream of this kind calls out to its `base_url` (so the operator must set one). */
  needsBaseUrl: boolean;
  /** The header carrying the provider secret, and what precedes the secret, when the upstream sets neither. */
  defaultAuth: { header: string; scheme: string } | null;
  /** Whether it can stream a text generation (`"stream": true` on a streamable endpoint). */
  streams: boolean;
  /**
   * The slugs it serves: `every slug` (the upstream speaks the gateway's own contract, or the
   * built-in simulator), or these known operations (see knownOperationOf), each called at its
   * default path unless the upstream sets a path.
   */
  serves: 'every slug' | { readonly [O in KnownOperation]?: { defaultPath: string } };
  create(context: ProviderKindContext): Provider;
}

/** Whether an upstream of this kind can serve this slug (checked when the operator configures it). */
export function kindServes(definition: ProviderKindDefinition, slug: string, category: Category): boolean {
  if (definition.serves === 'every slug') return true;
  const operation = knownOperationOf(slug, category);
  return operation !== null && definition.serves[operation] !== undefined;
}

/** What a kind serves, for people: `text.generate (and every other text slug), media.image`. */
export function describeServed(definition: Pick<ProviderKindDefinition, 'serves'>): string {
  if (definition.serves === 'every slug') return 'every slug';
  return Object.keys(definition.serves)
    .map((operation) => (operation === 'text.generate' ? 'text.generate (and every other text slug)' : operation))
    .join(', ');
}
