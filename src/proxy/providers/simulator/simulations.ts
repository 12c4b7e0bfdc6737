import { GatewayError } from '../../../common/errors/error-catalog';
import { estimateTokens } from '../shared/usage';
import { promptTextOf } from '../../text-generation';

/**
 * Deterministic demo answers, one per seeded slug: the same slug and input always give the same
 * result and usage (a PRNG seeded from a hash of both). Usage is in the billing unit's base measure.
 */

export interface Simulated {
  result: unknown;
  quantity: bigint;
}

type Input = Record<string, unknown>;
type Rng = () => number;

const WORDS = (
  'the gateway routes every request through one endpoint while keys limits and billing stay consistent across ' +
  'providers so a reseller can offer many services with one integration and a clear audit of each call ' +
  'streams arrive quickly and the catalog keeps prices latency and fallbacks in one place for operators'
).split(' ');

export function seededRng(seed: string): Rng {
  // FNV-1a of the seed, then mulberry32: tiny, fast, good enough for demo data.
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return mulberry32(h);
}

/** mulberry32: a deterministic PRNG of 32-bit state (demo data here, replayable fuzz and load in tests). */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const hex = (rng: Rng, length: number) => Array.from({ length }, () => Math.floor(rng() * 16).toString(16)).join('');

function requireString(input: Input, field: string, slug: string): string {
  const value = input[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new GatewayError('invalid_request', `${slug} needs "${field}" (a non-empty string).`);
  }
  return value;
}

function optionalPositiveInt(input: Input, field: string, slug: string, fallback: number, max: number): number {
  const raw = input[field];
  if (raw === undefined) return fallback;
  const value = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw new GatewayError('invalid_request', `${slug}: "${field}" must be an integer from 1 to ${max}.`);
  }
  return value;
}

function imageList(input: Input, slug: string): string[] {
  if (Array.isArray(input.images) && input.images.length > 0 && input.images.every((i) => typeof i === 'string')) {
    return input.images;
  }
  return [requireString(input, 'image_url', slug)];
}

/** The words of a completion for a prompt (also what the simulator streams). */
export function completionWords(prompt: string, maxTokens: number): string[] {
  const rng = seededRng(`text.generate:${prompt}`);
  const count = Math.min(maxTokens, int(rng, 24, 64));
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(i === 0 ? capitalize(pick(rng, WORDS)) : pick(rng, WORDS));
  return words.map((w, i) => (i === 0 ? w : ` ${w}`)).concat('.');
}

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

const SIMULATIONS: Record<string, (input: Input, rng: Rng, slug: string) => Simulated> = {
  'text.generate': (input, _rng, slug) => {
    // `messages` instead of `input` (the gateway accepts either): their text is the prompt.
    const prompt = input.input === undefined && Array.isArray(input.messages) ? promptTextOf(input) : requireString(input, 'input', slug);
    const maxTokens = optionalPositiveInt(input, 'max_tokens', slug, 256, 4096);
    const text = completionWords(prompt, maxTokens).join('');
    const promptTokens = estimateTokens(prompt);
    const completionTokens = estimateTokens(text);
    return {
      result: { text, finish_reason: 'stop', usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens } },
      quantity: BigInt(promptTokens + completionTokens),
    };
  },
  'text.embed': (input, rng, slug) => {
    const text = requireString(input, 'input', slug);
    const vector = Array.from({ length: 16 }, () => Math.round((rng() * 2 - 1) * 1e6) / 1e6);
    return { result: { embedding: vector, dimensions: vector.length }, quantity: BigInt(estimateTokens(text)) };
  },
  'vision.ocr': (input, rng, slug) => {
    const images = imageList(input, slug);
    const pages = images.map((url) => ({
      image_url: url,
      text: Array.from({ length: int(rng, 6, 14) }, () => pick(rng, WORDS)).join(' '),
      confidence: Math.round((0.85 + rng() * 0.14) * 1000) / 1000,
    }));
    return { result: { pages }, quantity: BigInt(images.length) };
  },
  'vision.detect': (input, rng, slug) => {
    const images = imageList(input, slug);
    const labels = ['person', 'car', 'bicycle', 'dog', 'laptop', 'bottle', 'chair'];
    const detections = images.map((url) => ({
      image_url: url,
      objects: Array.from({ length: int(rng, 1, 4) }, () => ({
        label: pick(rng, labels),
        score: Math.round((0.5 + rng() * 0.49) * 1000) / 1000,
        box: { x: int(rng, 0, 600), y: int(rng, 0, 400), width: int(rng, 20, 300), height: int(rng, 20, 300) },
      })),
    }));
    return { result: { detections }, quantity: BigInt(images.length) };
  },
  'voice.tts': (input, rng, slug) => {
    const text = requireString(input, 'text', slug);
    const words = text.trim().split(/\s+/).length;
    const durationMs = Math.max(500, Math.round((words / 150) * 60_000)); // ~150 spoken words a minute
    return {
      result: { audio_url: `https://simulator.invalid/audio/${hex(rng, 16)}.mp3`, format: 'mp3', duration_ms: durationMs },
      quantity: BigInt(durationMs),
    };
  },
  'voice.stt': (input, rng, slug) => {
    const audioUrl = requireString(input, 'audio_url', slug);
    const durationMs = optionalPositiveInt(input, 'duration_ms', slug, int(rng, 5_000, 120_000), 4 * 3_600_000);
    const words = Math.max(1, Math.round((durationMs / 60_000) * 150));
    return {
      result: {
        audio_url: audioUrl,
        transcript: Array.from({ length: Math.min(words, 400) }, () => pick(rng, WORDS)).join(' '),
        duration_ms: durationMs,
        language: 'en',
      },
      quantity: BigInt(durationMs),
    };
  },
  'media.image': (input, rng, slug) => {
    const prompt = requireString(input, 'prompt', slug);
    return { result: { prompt, url: `https://simulator.invalid/images/${hex(rng, 16)}.png`, width: 1024, height: 1024 }, quantity: 1n };
  },
  'media.video': (input, rng, slug) => {
    const prompt = requireString(input, 'prompt', slug);
    const seconds = optionalPositiveInt(input, 'duration_s', slug, 5, 60);
    return {
      result: { prompt, url: `https://simulator.invalid/videos/${hex(rng, 16)}.mp4`, duration_s: seconds, width: 1280, height: 720 },
      quantity: 1n,
    };
  },
  'data.enrich': (input, rng, slug) => {
    const records = Array.isArray(input.records) ? (input.records as unknown[]) : [input.email ?? input.domain];
    if (records.length === 0 || records.some((r) => r === undefined || r === null) || records.length > 1000) {
      throw new GatewayError('invalid_request', `${slug} needs "email", "domain", or "records" (1 to 1000 emails or domains).`);
    }
    const enriched = records.map((r) => {
      const value = typeof r === 'string' ? r : JSON.stringify(r);
      const domain = value.includes('@') ? value.split('@')[1] : value;
      return {
        query: value,
        company: capitalize(domain.split('.')[0] ?? 'Example'),
        domain,
        employees: int(rng, 5, 50_000),
        industry: pick(rng, ['software', 'retail', 'finance', 'health', 'logistics']),
        country: pick(rng, ['US', 'DE', 'FR', 'GB', 'JP', 'BR']),
      };
    });
    return { result: { records: enriched }, quantity: BigInt(records.length) };
  },
  'data.scrape': (input, rng, slug) => {
    const url = requireString(input, 'url', slug);
    return {
      result: {
        url,
        status: 200,
        title: capitalize(Array.from({ length: 4 }, () => pick(rng, WORDS)).join(' ')),
        text: Array.from({ length: 60 }, () => pick(rng, WORDS)).join(' '),
      },
      quantity: 1n,
    };
  },
  'id.kyc': (input, rng, slug) => {
    requireString(input, 'document_url', slug);
    const score = Math.round((0.6 + rng() * 0.4) * 1000) / 1000;
    return {
      result: {
        verification_id: `kyc_${hex(rng, 20)}`,
        status: score > 0.75 ? 'approved' : 'review',
        score,
        checks: { document_authentic: score > 0.7, data_consistent: true },
      },
      quantity: 1n,
    };
  },
  'id.face': (input, rng, slug) => {
    requireString(input, 'selfie_url', slug);
    requireString(input, 'document_url', slug);
    const similarity = Math.round((0.5 + rng() * 0.5) * 1000) / 1000;
    return {
      result: { verification_id: `face_${hex(rng, 20)}`, match: similarity > 0.8, similarity, liveness: rng() > 0.05 },
      quantity: 1n,
    };
  },
  'pay.charge': (input, rng, slug) => payment('ch', input, rng, slug),
  'pay.payout': (input, rng, slug) => payment('po', input, rng, slug),
  'infra.dns': (input, rng, slug) => {
    const domain = requireString(input, 'domain', slug);
    return {
      result: {
        domain,
        records: [
          { type: 'A', value: `${int(rng, 1, 223)}.${int(rng, 0, 255)}.${int(rng, 0, 255)}.${int(rng, 1, 254)}`, ttl: 300 },
          { type: 'MX', value: `mail.${domain}`, priority: 10, ttl: 3600 },
          { type: 'TXT', value: 'v=spf1 include:_spf.simulator.invalid ~all', ttl: 3600 },
        ],
      },
      quantity: 1n,
    };
  },
  'infra.email': (input, rng, slug) => {
    const to = requireString(input, 'to', slug);
    requireString(input, 'subject', slug);
    return { result: { message_id: `<${hex(rng, 24)}@simulator.invalid>`, to, status: 'queued' }, quantity: 1n };
  },
};

function payment(prefix: string, input: Input, rng: Rng, slug: string): Simulated {
  const amount = input.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
    throw new GatewayError('invalid_request', `${slug} needs "amount" (a positive integer in minor units, e.g. cents).`);
  }
  const currency = requireString(input, 'currency', slug);
  if (!/^[A-Za-z]{3}$/.test(currency)) throw new GatewayError('invalid_request', `${slug}: "currency" must be an ISO 4217 code.`);
  return { result: { id: `${prefix}_${hex(rng, 24)}`, amount, currency: currency.toUpperCase(), status: 'succeeded' }, quantity: 1n };
}

/** The simulated answer for a slug; unknown slugs of a known category echo their input as one unit. */
export function simulate(slug: string, input: Input): Simulated {
  // Seeded on first use: serialising and hashing a large input is the costliest step here, and
  // text.generate (seeded from its prompt) never needs it. Same seed, same answers as before.
  let seeded: Rng | undefined;
  const rng: Rng = () => (seeded ??= seededRng(`${slug}:${JSON.stringify(input)}`))();
  const simulation = SIMULATIONS[slug];
  if (simulation) return simulation(input, rng, slug);
  return { result: { echo: input }, quantity: 1n };
}
