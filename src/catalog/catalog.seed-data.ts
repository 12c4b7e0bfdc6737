import type { EndpointDefinition } from './endpoint';

/** A seeded endpoint: its definition, with the billing unit's default usage cap. Prices are pico-USD per unit ($1 = 1_000_000_000_000n). */
export type SeedEndpoint = Omit<EndpointDefinition, 'maxQuantityPerCall'>;

/**
 * The spec's 16 example slugs (8 categories, billing unit per category). Every one is served by
 * the built-in simulator until the operator points it at real upstreams.
 */
export const SEED_ENDPOINTS: SeedEndpoint[] = [
  { slug: 'text.generate', category: 'text', billingUnit: 'tokens_1k', description: 'Generate text from a prompt (streams with "stream": true).', wholesalePicoUsdPerUnit: 2_000_000_000n, resalePicoUsdPerUnit: 3_000_000_000n, defaultRateLimit: 600, declaredLatencyMs: 800, streamable: true },
  { slug: 'text.embed', category: 'text', billingUnit: 'tokens_1k', description: 'Embedding vector of a text.', wholesalePicoUsdPerUnit: 20_000_000n, resalePicoUsdPerUnit: 30_000_000n, defaultRateLimit: 1200, declaredLatencyMs: 120, streamable: false },
  { slug: 'vision.ocr', category: 'vision', billingUnit: 'image', description: 'Text found in an image.', wholesalePicoUsdPerUnit: 1_500_000_000n, resalePicoUsdPerUnit: 2_500_000_000n, defaultRateLimit: 300, declaredLatencyMs: 900, streamable: false },
  { slug: 'vision.detect', category: 'vision', billingUnit: 'image', description: 'Objects detected in an image, with boxes and scores.', wholesalePicoUsdPerUnit: 1_000_000_000n, resalePicoUsdPerUnit: 1_800_000_000n, defaultRateLimit: 300, declaredLatencyMs: 700, streamable: false },
  { slug: 'voice.tts', category: 'voice', billingUnit: 'minute', description: 'Speech audio from text.', wholesalePicoUsdPerUnit: 15_000_000_000n, resalePicoUsdPerUnit: 24_000_000_000n, defaultRateLimit: 120, declaredLatencyMs: 1200, streamable: false },
  { slug: 'voice.stt', category: 'voice', billingUnit: 'minute', description: 'Transcript of an audio recording.', wholesalePicoUsdPerUnit: 6_000_000_000n, resalePicoUsdPerUnit: 10_000_000_000n, defaultRateLimit: 120, declaredLatencyMs: 1500, streamable: false },
  { slug: 'media.image', category: 'media', billingUnit: 'generation', description: 'Image generated from a prompt.', wholesalePicoUsdPerUnit: 20_000_000_000n, resalePicoUsdPerUnit: 35_000_000_000n, defaultRateLimit: 60, declaredLatencyMs: 6000, streamable: false },
  { slug: 'media.video', category: 'media', billingUnit: 'generation', description: 'Short video generated from a prompt.', wholesalePicoUsdPerUnit: 250_000_000_000n, resalePicoUsdPerUnit: 400_000_000_000n, defaultRateLimit: 10, declaredLatencyMs: 45000, streamable: false },
  { slug: 'data.enrich', category: 'data', billingUnit: 'record', description: 'Company and person data for emails or domains.', wholesalePicoUsdPerUnit: 5_000_000_000n, resalePicoUsdPerUnit: 9_000_000_000n, defaultRateLimit: 300, declaredLatencyMs: 400, streamable: false },
  { slug: 'data.scrape', category: 'data', billingUnit: 'record', description: 'Title and text of a web page.', wholesalePicoUsdPerUnit: 2_000_000_000n, resalePicoUsdPerUnit: 4_000_000_000n, defaultRateLimit: 120, declaredLatencyMs: 2500, streamable: false },
  { slug: 'id.kyc', category: 'id', billingUnit: 'verification', description: 'Identity document verification.', wholesalePicoUsdPerUnit: 600_000_000_000n, resalePicoUsdPerUnit: 1_000_000_000_000n, defaultRateLimit: 30, declaredLatencyMs: 3000, streamable: false },
  { slug: 'id.face', category: 'id', billingUnit: 'verification', description: 'Face match between a selfie and a document photo.', wholesalePicoUsdPerUnit: 200_000_000_000n, resalePicoUsdPerUnit: 350_000_000_000n, defaultRateLimit: 60, declaredLatencyMs: 1800, streamable: false },
  { slug: 'pay.charge', category: 'pay', billingUnit: 'transaction', description: 'Charge a payment method.', wholesalePicoUsdPerUnit: 50_000_000_000n, resalePicoUsdPerUnit: 80_000_000_000n, defaultRateLimit: 120, declaredLatencyMs: 900, streamable: false },
  { slug: 'pay.payout', category: 'pay', billingUnit: 'transaction', description: 'Send a payout to a bank account.', wholesalePicoUsdPerUnit: 250_000_000_000n, resalePicoUsdPerUnit: 400_000_000_000n, defaultRateLimit: 60, declaredLatencyMs: 1500, streamable: false },
  { slug: 'infra.dns', category: 'infra', billingUnit: 'call', description: 'DNS records of a domain.', wholesalePicoUsdPerUnit: 50_000_000n, resalePicoUsdPerUnit: 100_000_000n, defaultRateLimit: 1200, declaredLatencyMs: 60, streamable: false },
  { slug: 'infra.email', category: 'infra', billingUnit: 'call', description: 'Send a transactional email.', wholesalePicoUsdPerUnit: 400_000_000n, resalePicoUsdPerUnit: 800_000_000n, defaultRateLimit: 600, declaredLatencyMs: 300, streamable: false },
];
