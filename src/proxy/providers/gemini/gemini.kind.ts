import type { ProviderKindDefinition } from '../../provider-kind';
import { GEMINI_AUTH, GEMINI_DEFAULT_PATH, GeminiProvider } from './gemini.provider';

/** Google's Gemini API: text generation and embeddings (gemini.provider.ts); the path is the API version's root. */
export const GEMINI_KIND: ProviderKindDefinition = {
  label: 'Google Gemini',
  needsBaseUrl: true,
  defaultAuth: GEMINI_AUTH,
  streams: true,
  serves: { 'text.generate': { defaultPath: GEMINI_DEFAULT_PATH }, 'text.embed': { defaultPath: GEMINI_DEFAULT_PATH } },
  create: ({ limits }) => new GeminiProvider(limits),
};
