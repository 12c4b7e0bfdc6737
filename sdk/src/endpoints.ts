/**
 * The request and result types of the seeded catalog's slugs, as the built-in simulator serves them
 * (docs/api/calls.md). An operator who points a slug at another upstream may change its
 * fields: call it with a type of your own (`gateway.call<MyResult>('text.generate' as string, …)`)
 * or through `callUntyped`. A slug not listed here is called with any JSON object and returns
 * `unknown`. test/sdk/endpoint-types.e2e-spec.ts fails when a seeded slug is missing here or its
 * result's fields differ from what the gateway answers.
 */

/** Fields every public call accepts: `model` chooses among an endpoint's models (each with its own price). */
export interface CommonInput {
  model?: string;
}

/** A content part of a chat message: text, or an image by URL (a `data:` URL too). */
export type ChatContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } };

/** A function the model may ask the caller to run, and its call (OpenAI's format). */
export interface ChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A chat message in OpenAI's format (docs/api/calls.md). */
export type ChatMessage =
  | { role: 'system' | 'developer'; content: string | ChatContentPart[] }
  | { role: 'user'; content: string | ChatContentPart[] }
  | { role: 'assistant'; content: string | ChatContentPart[] | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; content: string | ChatContentPart[]; tool_call_id: string };

/** `input` (one user message) or `messages`, not both. */
export type TextGenerateInput = CommonInput &
  ({ input: string; messages?: never } | { messages: ChatMessage[]; input?: never }) & {
    max_tokens?: number;
    temperature?: number;
    top_p?: number;
    stop?: string | string[];
    tools?: ChatTool[];
    tool_choice?: 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };
  };
export interface TextGenerateResult {
  text: string;
  /** `stop`, or `length` when max_tokens cut the text short (other upstreams: also `tool_calls`, `content_filter`). */
  finish_reason: string;
  /** The model that generated the text (the simulator's: `simulator`). */
  model: string;
}

export interface TextEmbedInput extends CommonInput {
  input: string;
}
export interface TextEmbedResult {
  embedding: number[];
  dimensions: number;
  model: string;
}

/** One image (`image_url`) or several (`images`). */
export type ImagesInput = CommonInput & ({ image_url: string; images?: never } | { images: string[]; image_url?: never });
export interface VisionOcrResult {
  pages: Array<{ image_url: string; text: string; confidence: number }>;
}
export interface VisionDetectResult {
  detections: Array<{
    image_url: string;
    objects: Array<{ label: string; score: number; box: { x: number; y: number; width: number; height: number } }>;
  }>;
}

export interface VoiceTtsInput extends CommonInput {
  text: string;
}
export interface VoiceTtsResult {
  audio_url: string;
  format: string;
  duration_ms: number;
  /** Characters of the text spoken (what speech is priced by). */
  characters: number;
}

export interface VoiceSttInput extends CommonInput {
  audio_url: string;
  duration_ms?: number;
}
export interface VoiceSttResult {
  audio_url: string;
  transcript: string;
  duration_ms: number;
  language: string;
}

export interface MediaImageInput extends CommonInput {
  prompt: string;
}
export interface MediaImageResult {
  prompt: string;
  url: string;
  images: Array<{ url: string }>;
  width: number;
  height: number;
}

export interface MediaVideoInput extends CommonInput {
  prompt: string;
  duration_s?: number;
}
export interface MediaVideoResult {
  prompt: string;
  url: string;
  duration_s: number;
  width: number;
  height: number;
}

/** An email, a domain, or up to 1,000 of either (`records`). */
export type DataEnrichInput = CommonInput & ({ email: string } | { domain: string } | { records: string[] });
export interface DataEnrichResult {
  records: Array<{ query: string; company: string; domain: string; employees: number; industry: string; country: string }>;
}

export interface DataScrapeInput extends CommonInput {
  url: string;
}
export interface DataScrapeResult {
  url: string;
  status: number;
  title: string;
  text: string;
}

export interface IdKycInput extends CommonInput {
  document_url: string;
}
export interface IdKycResult {
  verification_id: string;
  status: 'approved' | 'review';
  score: number;
  checks: { document_authentic: boolean; data_consistent: boolean };
}

export interface IdFaceInput extends CommonInput {
  selfie_url: string;
  document_url: string;
}
export interface IdFaceResult {
  verification_id: string;
  match: boolean;
  similarity: number;
  liveness: boolean;
}

export interface PaymentInput extends CommonInput {
  /** Minor units (cents), a positive integer. */
  amount: number;
  /** ISO 4217 code. */
  currency: string;
}
export interface PaymentResult {
  id: string;
  amount: number;
  currency: string;
  status: string;
}

export interface InfraDnsInput extends CommonInput {
  domain: string;
}
export interface InfraDnsResult {
  domain: string;
  records: Array<{ type: string; value: string; ttl: number; priority?: number }>;
}

export interface InfraEmailInput extends CommonInput {
  to: string;
  subject: string;
  /** Passed through to the upstream. */
  body?: string;
}
export interface InfraEmailResult {
  message_id: string;
  to: string;
  status: string;
}

/** Every seeded slug: its input, its result, and whether it streams. */
export interface KnownEndpoints {
  'text.generate': { input: TextGenerateInput; result: TextGenerateResult; streams: true };
  'text.embed': { input: TextEmbedInput; result: TextEmbedResult; streams: false };
  'vision.ocr': { input: ImagesInput; result: VisionOcrResult; streams: false };
  'vision.detect': { input: ImagesInput; result: VisionDetectResult; streams: false };
  'voice.tts': { input: VoiceTtsInput; result: VoiceTtsResult; streams: false };
  'voice.stt': { input: VoiceSttInput; result: VoiceSttResult; streams: false };
  'media.image': { input: MediaImageInput; result: MediaImageResult; streams: false };
  'media.video': { input: MediaVideoInput; result: MediaVideoResult; streams: false };
  'data.enrich': { input: DataEnrichInput; result: DataEnrichResult; streams: false };
  'data.scrape': { input: DataScrapeInput; result: DataScrapeResult; streams: false };
  'id.kyc': { input: IdKycInput; result: IdKycResult; streams: false };
  'id.face': { input: IdFaceInput; result: IdFaceResult; streams: false };
  'pay.charge': { input: PaymentInput; result: PaymentResult; streams: false };
  'pay.payout': { input: PaymentInput; result: PaymentResult; streams: false };
  'infra.dns': { input: InfraDnsInput; result: InfraDnsResult; streams: false };
  'infra.email': { input: InfraEmailInput; result: InfraEmailResult; streams: false };
}

export type KnownSlug = keyof KnownEndpoints;

/** The seeded slugs at run time (the compiler keeps this list and KnownEndpoints the same). */
export const KNOWN_SLUGS: readonly KnownSlug[] = Object.keys({
  'text.generate': true,
  'text.embed': true,
  'vision.ocr': true,
  'vision.detect': true,
  'voice.tts': true,
  'voice.stt': true,
  'media.image': true,
  'media.video': true,
  'data.enrich': true,
  'data.scrape': true,
  'id.kyc': true,
  'id.face': true,
  'pay.charge': true,
  'pay.payout': true,
  'infra.dns': true,
  'infra.email': true,
} satisfies Record<KnownSlug, true>) as KnownSlug[];

/** The input of a slug that is not one of the seeded ones: any JSON object. */
export type GenericInput = Record<string, unknown>;

/** A call's input: the slug's own type when it is known, else any JSON object. */
export type InputOf<S extends string> = S extends KnownSlug ? KnownEndpoints[S]['input'] : GenericInput;

/** A call's result: the slug's own type when it is known, else `unknown` (check it before use). */
export type ResultOf<S extends string> = S extends KnownSlug ? KnownEndpoints[S]['result'] : unknown;

/** Slugs a stream can be asked of: the seeded ones that stream, and any slug the SDK does not know. */
export type StreamableSlug<S extends string> = S extends KnownSlug ? (KnownEndpoints[S]['streams'] extends true ? S : never) : S;
