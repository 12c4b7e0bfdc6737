import type { HeaderObject } from '@nestjs/swagger';
import { GatewayError } from '../common/errors/error-catalog';
import { picoUsdToDecimalString } from '../common/money/money';
import type { CallContext } from '../gateway/call-context';
import { invalidParam, prepareOpenAiCall, type OpenAiRoute } from './openai-call';

/**
 * The header that carries a call's cost when the answer is not JSON (speech's audio, a text
 * transcription): what the caller pays for it, in USD, as an exact decimal string.
 */
export const CALL_COST_HEADER = 'X-Call-Cost-Usd';

/** The header in the OpenAPI document (on the 200 of the routes that send it). */
export const CALL_COST_HEADER_DOC: Record<string, HeaderObject> = {
  [CALL_COST_HEADER]: {
    description: 'What the caller pays for this call, in USD (an exact decimal string); sent where the answer is not JSON.',
    schema: { type: 'string', example: '0.0225' },
  },
};

export function callCostHeader(call: CallContext): string {
  return picoUsdToDecimalString(call.customerPicoUsd);
}

/** The media type OpenAI answers each speech format with. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  opus: 'audio/opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/** voice.tts's result on a kind that answers audio (docs/concepts/provider-kinds.md, "The `openai` kind"). */
interface Speech {
  audio_base64?: unknown;
  format?: unknown;
}

/**
 * POST /audio/speech on voice.tts: OpenAI's `input` is the slug's `text`, `response_format` its
 * `format` (one of OpenAI's six); `voice`, `speed` and `instructions` pass as they are (the
 * slug's provider keeps `speed` only from 0.25 to 4). `stream_format: "sse"` is refused: the audio
 * comes whole.
 */
function toSlugInput(body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body.input !== 'string' || body.input === '') throw invalidParam('input', 'input must be a non-empty string.');
  const format = body.response_format;
  if (format !== undefined && format !== null && !(typeof format === 'string' && Object.hasOwn(CONTENT_TYPES, format))) {
    throw invalidParam('response_format', `response_format must be one of ${Object.keys(CONTENT_TYPES).join(', ')}.`);
  }
  if (body.stream_format !== undefined && body.stream_format !== null && body.stream_format !== 'audio') {
    throw invalidParam('stream_format', 'stream_format must be "audio": the speech is sent whole.');
  }
  const input: Record<string, unknown> = { text: body.input };
  if (typeof format === 'string') input.format = format;
  for (const field of ['voice', 'speed', 'instructions'] as const)
    if (body[field] !== undefined && body[field] !== null) input[field] = body[field];
  return input;
}

export const SPEECH: OpenAiRoute = {
  operation: 'speech',
  toSlugInput,
  door: {
    prepare: prepareOpenAiCall,

    /**
     * The audio itself, as OpenAI answers it, typed by its format; its cost in X-Call-Cost-Usd. A
     * result without audio (an upstream of another shape, say an `http` upstream; the simulator's
     * prices are not served here, see OpenAiModels) has nothing this route can send: a 502, the
     * call billed all the same (the upstream did the work, as the slug door would have billed it).
     */
    send(req, res, _endpoint, result) {
      const speech = result as Speech;
      if (typeof speech.audio_base64 !== 'string') {
        throw new GatewayError('upstream_unavailable', 'The upstream answered voice.tts without audio (no audio_base64).');
      }
      const audio = Buffer.from(speech.audio_base64, 'base64');
      const contentType =
        (typeof speech.format === 'string' && Object.hasOwn(CONTENT_TYPES, speech.format) && CONTENT_TYPES[speech.format]) ||
        'application/octet-stream';
      res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': audio.length, [CALL_COST_HEADER]: callCostHeader(req.call) });
      res.end(audio);
    },

    streamEvents() {
      // voice.tts does not stream (prepareOpenAiCall refuses `stream`), and this route never sets it.
      throw new GatewayError('invalid_request', 'Speech does not stream.');
    },
  },
};
