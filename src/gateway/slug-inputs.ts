/**
 * The request fields of the seeded catalog's slugs as the built-in simulator takes them
 * (docs/api/calls.md, sdk/src/endpoints.ts), published in the OpenAPI document as the public call's
 * `x-slug-inputs` extension: JSON Schemas keyed by slug, each with one example body. The website's
 * endpoint pages (/catalog/<slug>) render the fields and the example from it. An operator who points a
 * slug at another upstream may change its fields; a slug not listed takes its upstream kind's.
 * test/gateway/slug-inputs.e2e-spec.ts calls every seeded slug with its example.
 */

/** The subset of JSON Schema the slugs' fields use. */
export interface FieldSchema {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | Array<'string' | 'array'>;
  description: string;
  items?: { type: string };
  default?: unknown;
}

export interface SlugInputSchema {
  type: 'object';
  properties: Record<string, FieldSchema>;
  /** Fields every call needs. */
  required?: string[];
  /** Exactly one of these groups of fields (`input` or `messages`). */
  oneOf?: Array<{ required: string[] }>;
  additionalProperties: true;
  examples: [Record<string, unknown>];
}

const MODEL: FieldSchema = {
  type: 'string',
  description: 'One of the endpoint’s models (the catalog lists them, each with its own price); the first when absent.',
};
const URL = (what: string): FieldSchema => ({ type: 'string', description: `URL of ${what} (a \`data:\` URL too).` });

function input(
  properties: Record<string, FieldSchema>,
  example: Record<string, unknown>,
  required: { all?: string[]; oneOf?: string[][] },
): SlugInputSchema {
  return {
    type: 'object',
    properties: { ...properties, model: MODEL },
    ...(required.all ? { required: required.all } : {}),
    ...(required.oneOf ? { oneOf: required.oneOf.map((fields) => ({ required: fields })) } : {}),
    additionalProperties: true,
    examples: [example],
  };
}

const IMAGES = input(
  { image_url: URL('one image'), images: { type: 'array', items: { type: 'string' }, description: 'URLs of several images.' } },
  { image_url: 'https://example.com/receipt.png' },
  { oneOf: [['image_url'], ['images']] },
);
const PAYMENT = input(
  {
    amount: { type: 'integer', description: 'The amount in minor units (cents), a positive integer.' },
    currency: { type: 'string', description: 'ISO 4217 currency code.' },
  },
  { amount: 1999, currency: 'EUR' },
  { all: ['amount', 'currency'] },
);

export const SLUG_INPUTS: Readonly<Record<string, SlugInputSchema>> = {
  'text.generate': input(
    {
      input: { type: 'string', description: 'The prompt: one user message.' },
      messages: {
        type: 'array',
        items: { type: 'object' },
        description:
          'OpenAI’s chat format: roles system, developer, user, assistant, tool; content a string or content parts (image_url parts too).',
      },
      max_tokens: { type: 'integer', description: 'At most this many output tokens (finish_reason `length` when cut short).' },
      temperature: { type: 'number', description: 'Sampling temperature, passed to the upstream.' },
      top_p: { type: 'number', description: 'Nucleus sampling, passed to the upstream.' },
      stop: { type: ['string', 'array'], description: 'Stop sequence(s), passed to the upstream.' },
      tools: { type: 'array', items: { type: 'object' }, description: 'OpenAI function tools the model may call.' },
      tool_choice: { type: 'string', description: '`none`, `auto`, `required`, or a function to call.' },
      stream: { type: 'boolean', description: 'Answer as a stream of Server-Sent Events.', default: false },
    },
    { input: 'Write a haiku about gateways', max_tokens: 60 },
    { oneOf: [['input'], ['messages']] },
  ),
  'text.embed': input(
    { input: { type: ['string', 'array'], description: 'The text to embed, or a list of up to 2,048 texts.' } },
    { input: 'gateways' },
    { all: ['input'] },
  ),
  'vision.ocr': IMAGES,
  'vision.detect': IMAGES,
  'voice.tts': input(
    { text: { type: 'string', description: 'The text to speak.' } },
    { text: 'Hello from the gateway' },
    { all: ['text'] },
  ),
  'voice.stt': input(
    {
      audio_url: URL('the audio'),
      audio_base64: { type: 'string', description: 'The audio itself, base64-encoded.' },
      duration_ms: { type: 'integer', description: 'The audio’s length in milliseconds (what it is billed by).' },
    },
    { audio_url: 'https://example.com/call.mp3', duration_ms: 30000 },
    { oneOf: [['audio_url'], ['audio_base64']] },
  ),
  'media.image': input(
    { prompt: { type: 'string', description: 'What to draw.' } },
    { prompt: 'A lighthouse at dusk' },
    { all: ['prompt'] },
  ),
  'media.video': input(
    {
      prompt: { type: 'string', description: 'What to film.' },
      duration_s: { type: 'integer', description: 'The video’s length in seconds.' },
    },
    { prompt: 'Waves on a beach', duration_s: 4 },
    { all: ['prompt'] },
  ),
  'data.enrich': input(
    {
      email: { type: 'string', description: 'An email address to enrich.' },
      domain: { type: 'string', description: 'A company domain to enrich.' },
      records: { type: 'array', items: { type: 'string' }, description: 'Up to 1,000 emails or domains (one record each).' },
    },
    { email: 'ada@example.com' },
    { oneOf: [['email'], ['domain'], ['records']] },
  ),
  'data.scrape': input({ url: { type: 'string', description: 'The page to read.' } }, { url: 'https://example.com' }, { all: ['url'] }),
  'id.kyc': input(
    { document_url: URL('the identity document') },
    { document_url: 'https://example.com/passport.jpg' },
    { all: ['document_url'] },
  ),
  'id.face': input(
    { selfie_url: URL('the selfie'), document_url: URL('the identity document') },
    { selfie_url: 'https://example.com/selfie.jpg', document_url: 'https://example.com/passport.jpg' },
    { all: ['selfie_url', 'document_url'] },
  ),
  'pay.charge': PAYMENT,
  'pay.payout': PAYMENT,
  'infra.dns': input({ domain: { type: 'string', description: 'The domain to look up.' } }, { domain: 'example.com' }, { all: ['domain'] }),
  'infra.email': input(
    {
      to: { type: 'string', description: 'The recipient’s address.' },
      subject: { type: 'string', description: 'The subject line.' },
      body: { type: 'string', description: 'The message, passed to the upstream.' },
    },
    { to: 'ada@example.com', subject: 'Hello', body: 'Sent through the gateway' },
    { all: ['to', 'subject'] },
  ),
};

/** The OpenAPI extension on the public call that holds SLUG_INPUTS. */
export const SLUG_INPUTS_EXTENSION = 'x-slug-inputs';
