import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../common/errors/error-catalog';
import { readMultipartForm, type MultipartBounds, type UploadedFile } from '../common/http/multipart-body';
import { sendJson } from '../gateway/call-door';
import { invalidParam, prepareOpenAiCall, type OpenAiCallRequest, type OpenAiRoute } from './openai-call';
import { transcriptionUsageOf } from './openai-usage';
import { CALL_COST_HEADER, callCostHeader } from './speech';

/**
 * The form's bounds beyond the body limit: the audio and OpenAI's few text fields (a prompt is
 * at most a few hundred tokens), each field far under 64 KiB.
 */
const FORM_BOUNDS: MultipartBounds = { maxFiles: 1, maxFields: 32, maxFieldBytes: 64 * 1024 };

/** OpenAI's text fields the route reads; others (`timestamp_granularities[]`, `include[]`, …) are not forwarded. */
const TEXT_FIELDS = ['model', 'language', 'prompt', 'temperature', 'response_format', 'stream'] as const;

const RESPONSE_FORMATS = new Set(['json', 'text', 'verbose_json']);

/** The file's extension, the audio format OpenAI reads (`call.WAV` → `wav`). */
const EXTENSION = /\.([A-Za-z0-9]{1,10})$/;

/** voice.stt's result, whatever kind served it (the simulator's also has `audio_url` when it was given one). */
interface Transcription {
  transcript?: unknown;
  duration_ms?: unknown;
  language?: unknown;
}

/**
 * The multipart form as the route's body: OpenAI's text fields by name (strings) and the audio in
 * `file`; a file in another field is refused.
 */
async function readForm(req: IncomingMessage, limitBytes: number): Promise<Record<string, unknown>> {
  const form = await readMultipartForm(req, limitBytes, FORM_BOUNDS);
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = form.fields.get(field);
    if (value !== undefined) body[field] = value;
  }
  for (const name of form.files.keys()) {
    if (name !== 'file') throw invalidParam(name, `The audio goes in the form field "file", not "${name}".`);
  }
  const file = form.files.get('file');
  if (file) body.file = file;
  return body;
}

/**
 * POST /audio/transcriptions on voice.stt: the form's `file` is the slug's `audio_base64`, its
 * extension the slug's `format`; `language`, `prompt` and `temperature` (0 to 1) pass. The answer
 * is `json` (default), `text` or `verbose_json`; `srt` and `vtt` need timed segments, which the
 * slug's result does not have, and are refused, as is `stream`.
 */
function toSlugInput(body: Record<string, unknown>): Record<string, unknown> {
  const file = body.file as UploadedFile | undefined;
  if (!file) throw invalidParam('file', 'file is required: the audio, as a file part named "file".');
  if (file.bytes.length === 0) throw invalidParam('file', 'file is empty.');
  const format = body.response_format;
  if (format !== undefined && !RESPONSE_FORMATS.has(format as string)) {
    throw invalidParam(
      'response_format',
      format === 'srt' || format === 'vtt'
        ? `response_format ${format} needs timed segments, which voice.stt does not give; use json, text or verbose_json.`
        : 'response_format must be json, text or verbose_json.',
    );
  }
  if (body.stream !== undefined && body.stream !== 'false')
    throw invalidParam('stream', 'Transcriptions do not stream here; omit "stream".');

  const input: Record<string, unknown> = { audio_base64: file.bytes.toString('base64') };
  const extension = EXTENSION.exec(file.filename ?? '');
  if (extension) input.format = extension[1].toLowerCase();
  for (const field of ['language', 'prompt'] as const)
    if (typeof body[field] === 'string' && body[field] !== '') input[field] = body[field];
  if (body.temperature !== undefined) {
    const temperature = Number(body.temperature);
    if (body.temperature === '' || !(temperature >= 0 && temperature <= 1)) {
      throw invalidParam('temperature', 'temperature must be a number from 0 to 1.');
    }
    input.temperature = temperature;
  }
  return input;
}

export const TRANSCRIPTIONS: OpenAiRoute = {
  operation: 'transcriptions',
  toSlugInput,
  readBody: readForm,
  door: {
    prepare: prepareOpenAiCall,

    /**
     * `json`: `{ text, usage }`; `verbose_json`: also `language` and `duration` (seconds) when the
     * result has them (no segments or words: the slug's result has none); `text`: the transcript
     * alone, as text/plain, its cost in X-Call-Cost-Usd.
     */
    send(req, res, _endpoint, result, usage) {
      const { openai, call } = req as OpenAiCallRequest;
      const transcription = result as Transcription;
      const text = typeof transcription.transcript === 'string' ? transcription.transcript : '';
      const format = openai.body.response_format ?? 'json';
      if (format === 'text') {
        const payload = Buffer.from(text, 'utf8');
        res.writeHead(200, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Length': payload.length,
          [CALL_COST_HEADER]: callCostHeader(call),
        });
        res.end(payload);
        return;
      }
      const answer: Record<string, unknown> = {};
      if (format === 'verbose_json') {
        answer.task = 'transcribe';
        if (typeof transcription.language === 'string') answer.language = transcription.language;
        if (typeof transcription.duration_ms === 'number') answer.duration = transcription.duration_ms / 1000;
      }
      answer.text = text;
      answer.usage = transcriptionUsageOf(call, usage);
      sendJson(res, 200, answer);
    },

    streamEvents() {
      // voice.stt does not stream, and toSlugInput refuses `stream`.
      throw new GatewayError('invalid_request', 'Transcriptions do not stream.');
    },
  },
};
