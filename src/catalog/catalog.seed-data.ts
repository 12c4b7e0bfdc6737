import type { CatalogEndpoint } from '../generated/prisma/client';
import type { MeterPriceDefinition, PriceDefinition } from './endpoint';
import { modelIdOf } from './model-id';

/**
 * A seeded endpoint: its definition, with the billing unit's default usage cap and no declared
 * output limit unless it says so. Prices are pico-USD per unit ($1 = 1_000_000_000_000n).
 */
export type SeedEndpoint = Omit<CatalogEndpoint, 'id' | 'createdAt' | 'updatedAt' | 'enabled' | 'maxQuantityPerCall' | 'maxOutputTokens'> &
  Partial<Pick<CatalogEndpoint, 'maxOutputTokens'>> &
  PriceDefinition;

/**
 * The spec's 16 example slugs (8 categories, billing unit per category). Every one is served by
 * the built-in simulator until the operator points it at real upstreams.
 */
export const SEED_ENDPOINTS: SeedEndpoint[] = [
  {
    slug: 'text.generate',
    category: 'text',
    billingUnit: 'tokens_1k',
    description: 'Generate text from a prompt (streams with "stream": true).',
    wholesalePicoUsdPerUnit: 2_000_000_000n,
    resalePicoUsdPerUnit: 3_000_000_000n,
    defaultRateLimit: 600,
    declaredLatencyMs: 800,
    streamable: true,
    // The simulator's largest max_tokens: what a budget holds for the output of a call without one.
    maxOutputTokens: 4096,
  },
  {
    slug: 'text.embed',
    category: 'text',
    billingUnit: 'tokens_1k',
    description: 'Embedding vector of a text.',
    wholesalePicoUsdPerUnit: 20_000_000n,
    resalePicoUsdPerUnit: 30_000_000n,
    defaultRateLimit: 1200,
    declaredLatencyMs: 120,
    streamable: false,
  },
  {
    slug: 'vision.ocr',
    category: 'vision',
    billingUnit: 'image',
    description: 'Text found in an image.',
    wholesalePicoUsdPerUnit: 1_500_000_000n,
    resalePicoUsdPerUnit: 2_500_000_000n,
    defaultRateLimit: 300,
    declaredLatencyMs: 900,
    streamable: false,
  },
  {
    slug: 'vision.detect',
    category: 'vision',
    billingUnit: 'image',
    description: 'Objects detected in an image, with boxes and scores.',
    wholesalePicoUsdPerUnit: 1_000_000_000n,
    resalePicoUsdPerUnit: 1_800_000_000n,
    defaultRateLimit: 300,
    declaredLatencyMs: 700,
    streamable: false,
  },
  {
    slug: 'voice.tts',
    category: 'voice',
    billingUnit: 'minute',
    description: 'Speech audio from text.',
    wholesalePicoUsdPerUnit: 15_000_000_000n,
    resalePicoUsdPerUnit: 24_000_000_000n,
    defaultRateLimit: 120,
    declaredLatencyMs: 1200,
    streamable: false,
  },
  {
    slug: 'voice.stt',
    category: 'voice',
    billingUnit: 'minute',
    description: 'Transcript of an audio recording.',
    wholesalePicoUsdPerUnit: 6_000_000_000n,
    resalePicoUsdPerUnit: 10_000_000_000n,
    defaultRateLimit: 120,
    declaredLatencyMs: 1500,
    streamable: false,
  },
  {
    slug: 'media.image',
    category: 'media',
    billingUnit: 'generation',
    description: 'Image generated from a prompt.',
    wholesalePicoUsdPerUnit: 20_000_000_000n,
    resalePicoUsdPerUnit: 35_000_000_000n,
    defaultRateLimit: 60,
    declaredLatencyMs: 6000,
    streamable: false,
  },
  {
    slug: 'media.video',
    category: 'media',
    billingUnit: 'generation',
    description: 'Short video generated from a prompt.',
    wholesalePicoUsdPerUnit: 250_000_000_000n,
    resalePicoUsdPerUnit: 400_000_000_000n,
    defaultRateLimit: 10,
    declaredLatencyMs: 45000,
    streamable: false,
  },
  {
    slug: 'data.enrich',
    category: 'data',
    billingUnit: 'record',
    description: 'Company and person data for emails or domains.',
    wholesalePicoUsdPerUnit: 5_000_000_000n,
    resalePicoUsdPerUnit: 9_000_000_000n,
    defaultRateLimit: 300,
    declaredLatencyMs: 400,
    streamable: false,
  },
  {
    slug: 'data.scrape',
    category: 'data',
    billingUnit: 'record',
    description: 'Title and text of a web page.',
    wholesalePicoUsdPerUnit: 2_000_000_000n,
    resalePicoUsdPerUnit: 4_000_000_000n,
    defaultRateLimit: 120,
    declaredLatencyMs: 2500,
    streamable: false,
  },
  {
    slug: 'id.kyc',
    category: 'id',
    billingUnit: 'verification',
    description: 'Identity document verification.',
    wholesalePicoUsdPerUnit: 600_000_000_000n,
    resalePicoUsdPerUnit: 1_000_000_000_000n,
    defaultRateLimit: 30,
    declaredLatencyMs: 3000,
    streamable: false,
  },
  {
    slug: 'id.face',
    category: 'id',
    billingUnit: 'verification',
    description: 'Face match between a selfie and a document photo.',
    wholesalePicoUsdPerUnit: 200_000_000_000n,
    resalePicoUsdPerUnit: 350_000_000_000n,
    defaultRateLimit: 60,
    declaredLatencyMs: 1800,
    streamable: false,
  },
  {
    slug: 'pay.charge',
    category: 'pay',
    billingUnit: 'transaction',
    description: 'Charge a payment method.',
    wholesalePicoUsdPerUnit: 50_000_000_000n,
    resalePicoUsdPerUnit: 80_000_000_000n,
    defaultRateLimit: 120,
    declaredLatencyMs: 900,
    streamable: false,
  },
  {
    slug: 'pay.payout',
    category: 'pay',
    billingUnit: 'transaction',
    description: 'Send a payout to a bank account.',
    wholesalePicoUsdPerUnit: 250_000_000_000n,
    resalePicoUsdPerUnit: 400_000_000_000n,
    defaultRateLimit: 60,
    declaredLatencyMs: 1500,
    streamable: false,
  },
  {
    slug: 'infra.dns',
    category: 'infra',
    billingUnit: 'call',
    description: 'DNS records of a domain.',
    wholesalePicoUsdPerUnit: 50_000_000n,
    resalePicoUsdPerUnit: 100_000_000n,
    defaultRateLimit: 1200,
    declaredLatencyMs: 60,
    streamable: false,
  },
  {
    slug: 'infra.email',
    category: 'infra',
    billingUnit: 'call',
    description: 'Send a transactional email.',
    wholesalePicoUsdPerUnit: 400_000_000n,
    resalePicoUsdPerUnit: 800_000_000n,
    defaultRateLimit: 600,
    declaredLatencyMs: 300,
    streamable: false,
  },
];

/**
 * When the providers' list prices below were read from their published pricing pages (OpenAI's
 * API pricing, Anthropic's model pricing). Prices change: the operator checks and edits them
 * (operator API or admin area) before enabling an upstream.
 */
export const LIST_PRICES_AS_OF = '2025-10-01';

/** A model the seed offers on a slug: the simulator's (the default), or a provider's. */
export interface SeedModel {
  /** What the caller sends as `model`; for a provider's, also the provider's own model id. */
  name: string;
  /** Who serves it: the built-in simulator, or a provider upstream left unused until its secret is set. */
  servedBy: 'simulator' | 'openai' | 'anthropic';
  prices: MeterPriceDefinition[];
  maxOutputTokens?: number;
}

/** $ per 1M tokens (or 1M characters) as pico-USD per 1k: the meters' unit. */
const perMillion = (usd: number): bigint => BigInt(Math.round(usd * 1e6)) * 1000n;
/** The seed's resale prices: wholesale plus half (the operator sets its own). */
const meter = (name: MeterPriceDefinition['meter'], wholesale: bigint): MeterPriceDefinition => ({
  meter: name,
  wholesalePicoUsdPerUnit: wholesale,
  resalePicoUsdPerUnit: (wholesale * 3n) / 2n,
});

/**
 * The models of the seeded slugs that real providers serve (the rest have the simulator alone, at
 * the endpoint's own price). The simulator stays the default (the first model), priced per meter
 * as a real model is, so the embedded default bills per meter offline; each provider's model
 * carries its published list price per meter (LIST_PRICES_AS_OF) and is served by an upstream
 * that is skipped until the operator sets its UPSTREAM_SECRET_* variable (SEED_PROVIDER_UPSTREAMS).
 */
export const SEED_MODELS: Readonly<Record<string, readonly SeedModel[]>> = {
  'text.generate': [
    {
      name: 'simulator',
      servedBy: 'simulator',
      prices: [meter('input_tokens', perMillion(1)), meter('output_tokens', perMillion(4))],
      maxOutputTokens: 4096,
    },
    {
      name: 'gpt-4o-mini',
      servedBy: 'openai',
      prices: [
        meter('input_tokens', perMillion(0.15)),
        meter('cached_input_tokens', perMillion(0.075)),
        meter('output_tokens', perMillion(0.6)),
      ],
      maxOutputTokens: 16_384,
    },
    {
      name: 'claude-haiku-4-5',
      servedBy: 'anthropic',
      prices: [
        meter('input_tokens', perMillion(1)),
        meter('cached_input_tokens', perMillion(0.1)),
        meter('cache_write_tokens', perMillion(1.25)),
        meter('output_tokens', perMillion(5)),
      ],
      maxOutputTokens: 64_000,
    },
  ],
  'text.embed': [
    { name: 'simulator', servedBy: 'simulator', prices: [meter('tokens', perMillion(0.02))] },
    { name: 'text-embedding-3-small', servedBy: 'openai', prices: [meter('tokens', perMillion(0.02))] },
  ],
  'media.image': [
    { name: 'simulator', servedBy: 'simulator', prices: [meter('generations', 20_000_000_000n)] },
    // DALL·E 3, standard quality, 1024×1024: $0.04 an image.
    { name: 'dall-e-3', servedBy: 'openai', prices: [meter('images', 40_000_000_000n)] },
  ],
  'voice.tts': [
    { name: 'simulator', servedBy: 'simulator', prices: [meter('minutes', 15_000_000_000n)] },
    // tts-1: $15 per 1M characters.
    { name: 'tts-1', servedBy: 'openai', prices: [meter('characters', perMillion(15))] },
  ],
  'voice.stt': [
    { name: 'simulator', servedBy: 'simulator', prices: [meter('minutes', 6_000_000_000n)] },
    // whisper-1: $0.006 a minute.
    { name: 'whisper-1', servedBy: 'openai', prices: [meter('minutes', 6_000_000_000n)] },
  ],
};

/**
 * The seeded model aliases, for the OpenAI-compatible door: each provider model's own name (what
 * existing OpenAI code sends as `model`) for its canonical id on its slug (`gpt-4o-mini` →
 * `text.generate/gpt-4o-mini`). The simulator's models have none: `simulator` names one per slug.
 */
export const SEED_MODEL_ALIASES: ReadonlyArray<{ alias: string; target: string }> = Object.entries(SEED_MODELS).flatMap(([slug, models]) =>
  models.filter((m) => m.servedBy !== 'simulator').map((m) => ({ alias: m.name, target: modelIdOf(slug, m.name) })),
);

/** Where each provider's seeded upstream calls, and the variable that holds its secret (unset: the upstream is skipped). */
export const SEED_PROVIDER_UPSTREAMS = {
  openai: { baseUrl: 'https://api.openai.com', authSecretEnv: 'UPSTREAM_SECRET_OPENAI', timeoutMs: 60_000 },
  anthropic: { baseUrl: 'https://api.anthropic.com', authSecretEnv: 'UPSTREAM_SECRET_ANTHROPIC', timeoutMs: 60_000 },
} as const;
