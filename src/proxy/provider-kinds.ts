import { ProviderKind } from '../generated/prisma/enums';
import type { ProviderKindDefinition } from './provider-kind';
import { ANTHROPIC_KIND } from './providers/anthropic/anthropic.kind';
import { GEMINI_KIND } from './providers/gemini/gemini.kind';
import { HTTP_KIND } from './providers/http/http.kind';
import { OPENAI_KIND } from './providers/openai/openai.kind';
import { SIMULATOR_KIND } from './providers/simulator/simulator.kind';

/**
 * Every provider kind, typed by the database's enum so that the compiler demands an entry for each
 * value: adding a kind is its folder under providers/ and one line here. The proxy builds its
 * providers from it, the operator API takes its allowed kinds and its base_url rule from it, and
 * the admin editor's options are checked against it (test/web/provider-kinds.spec.ts).
 */
export const PROVIDER_KINDS: { readonly [K in ProviderKind]: ProviderKindDefinition } = {
  http: HTTP_KIND,
  simulator: SIMULATOR_KIND,
  openai: OPENAI_KIND,
  anthropic: ANTHROPIC_KIND,
  gemini: GEMINI_KIND,
};

/** Every kind, in the enum's order (the OpenAPI document's `ProviderKind`). */
export const PROVIDER_KIND_NAMES: readonly ProviderKind[] = Object.values(ProviderKind);

/** The definition of a kind named by untrusted input (an operator's request), or undefined. */
export function providerKindOf(kind: unknown): ProviderKindDefinition | undefined {
  return typeof kind === 'string' && Object.hasOwn(PROVIDER_KINDS, kind) ? PROVIDER_KINDS[kind as ProviderKind] : undefined;
}
