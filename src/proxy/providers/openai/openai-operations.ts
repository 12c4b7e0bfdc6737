import type { KnownOperation } from '../../provider-kind';

/**
 * What the openai kind serves and where: each known operation (provider-kind.ts) and the OpenAI API
 * path it calls when the upstream sets no path of its own (base_url is the host, e.g.
 * https://api.openai.com, without /v1). Any other text slug is a chat completion.
 */
export const OPENAI_OPERATIONS = {
  'text.generate': { defaultPath: '/v1/chat/completions' },
  'text.embed': { defaultPath: '/v1/embeddings' },
  'media.image': { defaultPath: '/v1/images/generations' },
  'voice.stt': { defaultPath: '/v1/audio/transcriptions' },
  'voice.tts': { defaultPath: '/v1/audio/speech' },
} as const satisfies { readonly [O in KnownOperation]?: { defaultPath: string } };

export type OpenAiOperation = keyof typeof OPENAI_OPERATIONS;

/** OpenAI's API key header: `Authorization: Bearer <key>`. */
export const OPENAI_AUTH = { header: 'authorization', scheme: 'Bearer ' } as const;
