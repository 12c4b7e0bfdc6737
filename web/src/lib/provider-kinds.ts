/**
 * The upstream kinds the admin editor offers, one per value of the server's ProviderKind (the
 * OpenAPI document's enum, through the SDK's generated types): a kind added on the server fails the web
 * app's type check until it is named here. Labels and the base_url rule are the server's registry's
 * (src/proxy/provider-kinds.ts; test/web/provider-kinds.spec.ts keeps the two equal).
 */
import type { ProviderKind } from '@unified-api-gateway/sdk';

export const PROVIDER_KINDS: { readonly [K in ProviderKind]: { label: string; needsBaseUrl: boolean } } = {
  http: { label: 'HTTP', needsBaseUrl: true },
  simulator: { label: 'Simulator (built in)', needsBaseUrl: false },
  openai: { label: 'OpenAI (or compatible)', needsBaseUrl: true },
  anthropic: { label: 'Anthropic', needsBaseUrl: true },
  gemini: { label: 'Google Gemini', needsBaseUrl: true },
};

/** The editor's options, in the enum's order. */
export const PROVIDER_KIND_OPTIONS = (Object.keys(PROVIDER_KINDS) as ProviderKind[]).map((value) => ({
  value,
  label: PROVIDER_KINDS[value].label,
}));

/** Whether an upstream of this kind calls out to a base URL (the editor shows its URL, path and secret fields). */
export function kindNeedsBaseUrl(kind: ProviderKind): boolean {
  return PROVIDER_KINDS[kind]?.needsBaseUrl ?? true;
}
