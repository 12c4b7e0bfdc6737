import type { ProviderKindDefinition } from '../../provider-kind';
import { OPENAI_AUTH, OPENAI_OPERATIONS } from './openai-operations';
import { OpenAiProvider } from './openai.provider';

/** OpenAI's API and servers compatible with it (openai.provider.ts). */
export const OPENAI_KIND: ProviderKindDefinition = {
  label: 'OpenAI (or compatible)',
  needsBaseUrl: true,
  defaultAuth: OPENAI_AUTH,
  streams: true,
  serves: OPENAI_OPERATIONS,
  create: ({ limits }) => new OpenAiProvider(limits),
};
