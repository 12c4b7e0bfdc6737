import type { ProviderKindDefinition } from '../../provider-kind';
import { ANTHROPIC_AUTH, ANTHROPIC_DEFAULT_PATH, AnthropicProvider } from './anthropic.provider';

/** Anthropic's Messages API: text generation only (Anthropic has no embeddings; anthropic.provider.ts). */
export const ANTHROPIC_KIND: ProviderKindDefinition = {
  label: 'Anthropic',
  needsBaseUrl: true,
  defaultAuth: ANTHROPIC_AUTH,
  streams: true,
  serves: { 'text.generate': { defaultPath: ANTHROPIC_DEFAULT_PATH } },
  create: ({ limits }) => new AnthropicProvider(limits),
};
