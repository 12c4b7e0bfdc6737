import type { MeterQuantities } from '../../../catalog/meters';
import { GatewayError } from '../../../common/errors/error-catalog';
import type { Meter } from '../../../generated/prisma/enums';
import { estimateTokens } from '../shared/usage';

/**
 * Deterministic demo answers, one per seeded slug: the same slug and input always give the same
 * result and usage (a PRNG seeded from a hash of both). Usage is reported per meter, as a real
 * provider of the kind would (docs/api/calls.md), each in its base measure: text in input
 * and output tokens, speech in characters and milliseconds of audio, images per image; a slug
 * without a meter of its own reports its billing unit's (DEFAULT_METER).
 */

export interface Simulated {
  result: unknown;
  meters: MeterQuantities;
}

/** What the simulator says generated a text (the `model` of every text answer). */
export const SIMULATOR_MODEL = 'simulator';

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

/**
 * voice.stt's audio: `audio_url` (the simulator's own field), or `audio_base64` (the field every
 * other kind takes, docs/concepts/provider-kinds.md, "The `openai` kind"), whose length gives the duration as the openai
 * kind estimates it without a report: 128 kbit/s (16 bytes a millisecond), at least a second.
 */
function simulatedAudio(input: Input, slug: string): { url?: string; durationMs?: number } {
  const encoded = input.audio_base64;
  if (typeof encoded === 'string' && encoded !== '' && input.audio_url === undefined) {
    return { durationMs: Math.max(1000, Math.round(Buffer.byteLength(encoded, 'base64') / 16)) };
  }
  if (input.audio_url === undefined) {
    throw new GatewayError('invalid_request', `${slug} needs "audio_url" or "audio_base64" (a non-empty string).`);
  }
  return { url: requireString(input, 'audio_url', slug) };
}

/** The words of a completion for a prompt (also what the simulator streams), and whether max_tokens cut it short. */
export function completionWords(prompt: string, maxTokens: number): { words: string[]; truncated: boolean } {
  const rng = seededRng(`text.generate:${prompt}`);
  const natural = int(rng, 24, 64);
  const count = Math.min(maxTokens, natural);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(i === 0 ? capitalize(pick(rng, WORDS)) : pick(rng, WORDS));
  return { words: words.map((w, i) => (i === 0 ? w : ` ${w}`)).concat('.'), truncated: count < natural };
}

/** A text.generate call as the simulator runs it, whole or streamed. */
export interface TextGeneration {
  words: string[];
  finishReason: 'stop' | 'length';
  /** Tokens of everything the caller sent (every message's text), ~4 characters each. */
  inputTokens: number;
}

/**
 * text.generate's input: `input` (a string), or `messages` in the OpenAI chat format, whose last
 * user message's text is the prompt (its text parts, for content given as parts); the completion
 * is seeded from the prompt alone, so the same question gets the same answer either way.
 */
export function textGeneration(input: Input, slug: string): TextGeneration {
  const maxTokens = optionalPositiveInt(input, 'max_tokens', slug, 256, 4096);
  let prompt: string;
  let sent: string;
  if (input.messages !== undefined) {
    const texts = messageTexts(input.messages);
    let lastUser: { text: string } | undefined;
    for (const message of texts) if (message.role === 'user' && message.text.trim() !== '') lastUser = message;
    if (!lastUser) throw new GatewayError('invalid_request', `${slug} needs "messages" with a user message that has text.`);
    prompt = lastUser.text;
    sent = texts.map((m) => m.text).join('\n');
  } else {
    prompt = sent = requireString(input, 'input', slug);
  }
  const { words, truncated } = completionWords(prompt, maxTokens);
  return { words, finishReason: truncated ? 'length' : 'stop', inputTokens: estimateTokens(sent) };
}

/** Each message's role and text (a string content, or its text parts joined); anything else has no text. */
function messageTexts(messages: unknown): Array<{ role: unknown; text: string }> {
  if (!Array.isArray(messages)) return [];
  return messages.map((message: unknown) => {
    const { role, content } = (typeof message === 'object' && message !== null ? message : {}) as { role?: unknown; content?: unknown };
    if (typeof content === 'string') return { role, text: content };
    const parts = Array.isArray(content) ? (content as unknown[]) : [];
    const text = parts
      .map((part) =>
        typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'text'
          ? (part as { text?: unknown }).text
          : undefined,
      )
      .filter((t): t is string => typeof t === 'string')
      .join('\n');
    return { role, text };
  });
}

/** Characters as people count them (code points: an emoji is one), without building an array of them. */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 1; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const previous = text.charCodeAt(i - 1);
    // The second half of a surrogate pair (a lone half still counts as one).
    if (unit >= 0xdc00 && unit <= 0xdfff && previous >= 0xd800 && previous <= 0xdbff) count--;
  }
  return count;
}

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

const EMBEDDING_DIMENSIONS = 16;
const MAX_EMBEDDING_INPUTS = 2048;

/** Each simulation gets the slug's own meter (DEFAULT_METER of its billing unit) for what has no meter of its own. */
const SIMULATIONS: Record<string, (input: Input, rng: Rng, slug: string, defaultMeter: Meter) => Simulated> = {
  'text.generate': (input, _rng, slug) => {
    const { words, finishReason, inputTokens } = textGeneration(input, slug);
    const text = words.join('');
    return {
      result: { text, finish_reason: finishReason, model: SIMULATOR_MODEL },
      meters: { input_tokens: BigInt(inputTokens), output_tokens: BigInt(estimateTokens(text)) },
    };
  },
  'text.embed': (input, rng, slug) => {
    const embed = () => Array.from({ length: EMBEDDING_DIMENSIONS }, () => Math.round((rng() * 2 - 1) * 1e6) / 1e6);
    if (Array.isArray(input.input)) {
      const texts = input.input as unknown[];
      if (texts.length === 0 || texts.length > MAX_EMBEDDING_INPUTS || !texts.every((t) => typeof t === 'string' && t.trim() !== '')) {
        throw new GatewayError('invalid_request', `${slug}: "input" must be a non-empty string or 1 to ${MAX_EMBEDDING_INPUTS} of them.`);
      }
      const tokens = (texts as string[]).reduce((sum, text) => sum + estimateTokens(text), 0);
      return {
        result: { embeddings: texts.map(embed), dimensions: EMBEDDING_DIMENSIONS, model: SIMULATOR_MODEL },
        meters: { input_tokens: BigInt(tokens) },
      };
    }
    const text = requireString(input, 'input', slug);
    return {
      result: { embedding: embed(), dimensions: EMBEDDING_DIMENSIONS, model: SIMULATOR_MODEL },
      meters: { input_tokens: BigInt(estimateTokens(text)) },
    };
  },
  'vision.ocr': (input, rng, slug) => {
    const images = imageList(input, slug);
    const pages = images.map((url) => ({
      image_url: url,
      text: Array.from({ length: int(rng, 6, 14) }, () => pick(rng, WORDS)).join(' '),
      confidence: Math.round((0.85 + rng() * 0.14) * 1000) / 1000,
    }));
    return { result: { pages }, meters: { images: BigInt(images.length) } };
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
    return { result: { detections }, meters: { images: BigInt(images.length) } };
  },
  'voice.tts': (input, rng, slug) => {
    const text = requireString(input, 'text', slug);
    const words = text.trim().split(/\s+/).length;
    const durationMs = Math.max(500, Math.round((words / 150) * 60_000)); // ~150 spoken words a minute
    // Speech is priced per character of its text (code points, as people count them), and its audio is minutes long.
    const characters = codePoints(text);
    return {
      result: { audio_url: `https://simulator.invalid/audio/${hex(rng, 16)}.mp3`, format: 'mp3', duration_ms: durationMs, characters },
      meters: { characters: BigInt(characters), minutes: BigInt(durationMs) },
    };
  },
  'voice.stt': (input, rng, slug) => {
    const audio = simulatedAudio(input, slug);
    const durationMs = optionalPositiveInt(input, 'duration_ms', slug, audio.durationMs ?? int(rng, 5_000, 120_000), 4 * 3_600_000);
    const words = Math.max(1, Math.round((durationMs / 60_000) * 150));
    return {
      result: {
        ...(audio.url === undefined ? {} : { audio_url: audio.url }),
        transcript: Array.from({ length: Math.min(words, 400) }, () => pick(rng, WORDS)).join(' '),
        duration_ms: durationMs,
        language: 'en',
      },
      meters: { minutes: BigInt(durationMs) },
    };
  },
  'media.image': (input, rng, slug) => {
    const prompt = requireString(input, 'prompt', slug);
    const url = `https://simulator.invalid/images/${hex(rng, 16)}.png`;
    // `images` is the slug's shape on every kind; `url` (the one image) stays for the simulator's callers.
    return { result: { prompt, url, images: [{ url }], width: 1024, height: 1024 }, meters: { images: 1n } };
  },
  'media.video': (input, rng, slug, defaultMeter) => {
    const prompt = requireString(input, 'prompt', slug);
    const seconds = optionalPositiveInt(input, 'duration_s', slug, 5, 60);
    return {
      result: { prompt, url: `https://simulator.invalid/videos/${hex(rng, 16)}.mp4`, duration_s: seconds, width: 1280, height: 720 },
      meters: { [defaultMeter]: 1n },
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
    return { result: { records: enriched }, meters: { records: BigInt(records.length) } };
  },
  'data.scrape': (input, rng, slug, defaultMeter) => {
    const url = requireString(input, 'url', slug);
    return {
      result: {
        url,
        status: 200,
        title: capitalize(Array.from({ length: 4 }, () => pick(rng, WORDS)).join(' ')),
        text: Array.from({ length: 60 }, () => pick(rng, WORDS)).join(' '),
      },
      meters: { [defaultMeter]: 1n },
    };
  },
  'id.kyc': (input, rng, slug, defaultMeter) => {
    requireString(input, 'document_url', slug);
    const score = Math.round((0.6 + rng() * 0.4) * 1000) / 1000;
    return {
      result: {
        verification_id: `kyc_${hex(rng, 20)}`,
        status: score > 0.75 ? 'approved' : 'review',
        score,
        checks: { document_authentic: score > 0.7, data_consistent: true },
      },
      meters: { [defaultMeter]: 1n },
    };
  },
  'id.face': (input, rng, slug, defaultMeter) => {
    requireString(input, 'selfie_url', slug);
    requireString(input, 'document_url', slug);
    const similarity = Math.round((0.5 + rng() * 0.5) * 1000) / 1000;
    return {
      result: { verification_id: `face_${hex(rng, 20)}`, match: similarity > 0.8, similarity, liveness: rng() > 0.05 },
      meters: { [defaultMeter]: 1n },
    };
  },
  'pay.charge': (input, rng, slug, defaultMeter) => payment('ch', input, rng, slug, defaultMeter),
  'pay.payout': (input, rng, slug, defaultMeter) => payment('po', input, rng, slug, defaultMeter),
  'infra.dns': (input, rng, slug, defaultMeter) => {
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
      meters: { [defaultMeter]: 1n },
    };
  },
  'infra.email': (input, rng, slug, defaultMeter) => {
    const to = requireString(input, 'to', slug);
    requireString(input, 'subject', slug);
    return { result: { message_id: `<${hex(rng, 24)}@simulator.invalid>`, to, status: 'queued' }, meters: { [defaultMeter]: 1n } };
  },
};

function payment(prefix: string, input: Input, rng: Rng, slug: string, defaultMeter: Meter): Simulated {
  const amount = input.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
    throw new GatewayError('invalid_request', `${slug} needs "amount" (a positive integer in minor units, e.g. cents).`);
  }
  const currency = requireString(input, 'currency', slug);
  if (!/^[A-Za-z]{3}$/.test(currency)) throw new GatewayError('invalid_request', `${slug}: "currency" must be an ISO 4217 code.`);
  return {
    result: { id: `${prefix}_${hex(rng, 24)}`, amount, currency: currency.toUpperCase(), status: 'succeeded' },
    meters: { [defaultMeter]: 1n },
  };
}

/**
 * The simulated answer for a slug; unknown slugs of a known category echo their input as one unit
 * of their own meter (`defaultMeter`: DEFAULT_METER of the slug's billing unit).
 */
export function simulate(slug: string, input: Input, defaultMeter: Meter): Simulated {
  // Seeded on first use: serialising and hashing a large input is the costliest step here, and
  // text.generate (seeded from its prompt) never needs it. Same seed, same answers as before.
  let seeded: Rng | undefined;
  const rng: Rng = () => (seeded ??= seededRng(`${slug}:${JSON.stringify(input)}`))();
  const simulation = SIMULATIONS[slug];
  if (simulation) return simulation(input, rng, slug, defaultMeter);
  return { result: { echo: input }, meters: { [defaultMeter]: 1n } };
}
