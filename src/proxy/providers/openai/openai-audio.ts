import { FormData } from 'undici';
import { GatewayError } from '../../../common/errors/error-catalog';
import { ProviderError, type ProviderResult, type Usage } from '../../provider.types';
import { isObject } from '../shared/json';
import { printable, validReportedSecondsAsMs } from '../shared/usage';

/**
 * voice.stt on OpenAI's transcriptions (POST /v1/audio/transcriptions, multipart, verbose_json:
 * the only format that reports the audio's duration for every model that supports it), metered
 * in minutes (milliseconds of audio); voice.tts on OpenAI's speech (POST /v1/audio/speech, the
 * audio as the answer's body), metered in characters of the input text.
 */

function invalid(problem: string): GatewayError {
  return new GatewayError('invalid_request', problem, { problems: [problem] });
}

/** Standard base64 (what Buffer would otherwise decode leniently, skipping whatever is not base64). */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** A file name OpenAI can read the audio format from (its extension). */
const FILE_NAME = /^[\w.-]{1,100}\.[A-Za-z0-9]{1,10}$/;
const FORMAT = /^[A-Za-z0-9]{1,10}$/;

/**
 * Without a reported duration, the audio's length at 128 kbit/s (16 bytes a millisecond, a usual
 * compressed rate), at least a second.
 */
const ESTIMATED_BYTES_PER_MS = 16;

export interface TranscriptionRequest {
  form: FormData;
  /** Bytes of audio sent, for the estimate. */
  audioBytes: number;
}

/**
 * The multipart request: `audio_base64` decoded as the file (no server-side URL fetching: a URL
 * would let callers make the gateway fetch anything), named `filename` or `audio.<format>` (OpenAI
 * reads the format from the extension; mp3 when neither is given); `language`, `prompt` and
 * `temperature` passed when valid.
 */
export function transcriptionRequest(input: Record<string, unknown>, model: string): TranscriptionRequest {
  const encoded = input.audio_base64;
  if (typeof encoded !== 'string' || !BASE64.test(encoded)) throw invalid('audio_base64 must be the audio file in base64');
  const audio = Buffer.from(encoded, 'base64');
  const { filename, format } = input;
  if (filename !== undefined && !(typeof filename === 'string' && FILE_NAME.test(filename))) {
    throw invalid('filename must be a file name with its extension (letters, digits, _ . -), e.g. "call.wav"');
  }
  if (format !== undefined && !(typeof format === 'string' && FORMAT.test(format)))
    throw invalid('format must be a file extension, e.g. "wav"');
  const form = new FormData();
  form.append('file', new Blob([audio]), filename ?? `audio.${format ?? 'mp3'}`);
  form.append('model', model);
  form.append('response_format', 'verbose_json');
  if (typeof input.language === 'string' && input.language !== '') form.append('language', input.language);
  if (typeof input.prompt === 'string' && input.prompt !== '') form.append('prompt', input.prompt);
  const temperature = input.temperature;
  if (typeof temperature === 'number' && temperature >= 0 && temperature <= 1) form.append('temperature', String(temperature));
  return { form, audioBytes: audio.length };
}

/** `{ transcript, duration_ms, language }` from verbose_json; an answer without `text` is not an answer. */
export function transcriptionResult(answer: unknown, audioBytes: number): ProviderResult {
  if (!isObject(answer) || typeof answer.text !== 'string')
    throw new ProviderError('invalid_response', 'upstream transcription has no text');
  const durationMs = validReportedSecondsAsMs(answer.duration);
  return {
    result: {
      transcript: answer.text,
      duration_ms: durationMs === null ? null : Number(durationMs),
      language: typeof answer.language === 'string' ? answer.language : null,
    },
    usage: transcriptionUsage(answer, durationMs, audioBytes),
  };
}

/**
 * minutes (in ms): usage.seconds when the answer has `usage.type: "duration"` (what OpenAI bills),
 * else the audio's `duration`, rounded to the millisecond; neither valid → the estimate from the
 * audio's size, `estimated`.
 */
function transcriptionUsage(answer: Record<string, unknown>, durationMs: bigint | null, audioBytes: number): Usage {
  const usage = answer.usage;
  const billed = isObject(usage) && usage.type === 'duration' ? validReportedSecondsAsMs(usage.seconds) : null;
  const reported = billed ?? durationMs;
  if (reported !== null) return { meters: { minutes: reported }, source: 'reported' };
  const estimate = BigInt(Math.max(1000, Math.round(audioBytes / ESTIMATED_BYTES_PER_MS)));
  const invalid = isObject(usage) && usage.seconds !== undefined ? usage.seconds : answer.duration;
  return invalid === undefined || invalid === null
    ? { meters: { minutes: estimate }, source: 'estimated' }
    : { meters: { minutes: estimate }, source: 'estimated', rejected: printable(invalid) };
}

const SPEECH_FORMATS = new Set(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']);

export interface SpeechRequest {
  request: Record<string, unknown>;
  text: string;
  format: string;
}

/** `text` read aloud in `voice` (alloy unless named) as `format` (mp3 unless named); `speed` and `instructions` passed when valid. */
export function speechRequest(input: Record<string, unknown>, model: string): SpeechRequest {
  const { text, voice, format } = input;
  if (typeof text !== 'string' || text === '') throw invalid('text must be a non-empty string');
  if (voice !== undefined && !(typeof voice === 'string' && voice !== '')) throw invalid('voice must be a non-empty string');
  if (format !== undefined && !(typeof format === 'string' && SPEECH_FORMATS.has(format))) {
    throw invalid(`format must be one of ${[...SPEECH_FORMATS].join(', ')}`);
  }
  const chosenFormat = format ?? 'mp3';
  const request: Record<string, unknown> = { model, input: text, voice: voice ?? 'alloy', response_format: chosenFormat };
  const speed = input.speed;
  if (typeof speed === 'number' && speed >= 0.25 && speed <= 4) request.speed = speed;
  if (typeof input.instructions === 'string' && input.instructions !== '') request.instructions = input.instructions;
  return { request, text, format: chosenFormat };
}

/**
 * `{ audio_base64, format, characters }`; metered in characters of the text, counted here
 * (Unicode characters, an emoji is one: an exact count of what was sent, so `reported`). No audio is not an answer.
 */
export function speechResult(audio: Buffer, text: string, format: string): ProviderResult {
  if (audio.length === 0) throw new ProviderError('invalid_response', 'upstream speech answer is empty');
  const characters = characterCount(text);
  return {
    result: { audio_base64: audio.toString('base64'), format, characters },
    usage: { meters: { characters: BigInt(characters) }, source: 'reported' },
  };
}

/** Unicode characters (code points): a surrogate pair (an emoji) is one. */
export function characterCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}
