import type { ServerResponse } from 'node:http';
import { Disconnects } from './scripted-stream';
import { sendJson, startUpstream, type ReceivedRequest, type TestUpstream } from './upstream-server';

/**
 * A fake of OpenAI's API (real HTTP on 127.0.0.1) that speaks its documented wire format on the five
 * paths the `openai` kind calls: chat completions (whole, and SSE streams with
 * `stream_options.include_usage`), embeddings, image generations, transcriptions (multipart,
 * verbose_json) and speech (audio bytes). Each path answers a default documented answer, or what
 * the test queued for it with `reply` (in order): any status, JSON body, SSE events, a stream held
 * open after some events. The shapes follow openai-node's types (ChatCompletion, ChatCompletionChunk,
 * CompletionUsage, CreateEmbeddingResponse, ImagesResponse, TranscriptionVerbose) and its error body
 * `{ "error": { "message", "type", "param", "code" } }`.
 *
 * (test/support/openai-upstream.ts is the scripted chat server of the older suites.)
 */

export const PATHS = {
  chat: '/v1/chat/completions',
  embeddings: '/v1/embeddings',
  images: '/v1/images/generations',
  transcriptions: '/v1/audio/transcriptions',
  speech: '/v1/audio/speech',
} as const;
export type OpenAiPath = (typeof PATHS)[keyof typeof PATHS];

export interface Reply {
  /** 200 unless said. */
  status?: number;
  /** A JSON body (an answer, or an error body). */
  json?: unknown;
  /** A body sent as it is (not JSON, say). */
  raw?: string;
  /** A binary body (speech). */
  bytes?: Buffer;
  /** An SSE stream: each event as `data: <JSON>`, then `data: [DONE]`. */
  events?: unknown[];
  /** Streams: after this many events, send nothing more and keep the connection open (until the client leaves). */
  holdAfter?: number;
  /** Streams: end the body cleanly after the events without `data: [DONE]` (a connection closed mid-answer by a proxy, say). */
  noDone?: boolean;
}

export interface OpenAiApi extends TestUpstream {
  /** The next request on `path` gets `reply` (replies queue in order); without one, the path's default answer. */
  reply(path: OpenAiPath, reply: Reply): void;
  /** The last request on `path`. */
  last(path: OpenAiPath): ReceivedRequest;
  /** The JSON body of the last request on `path`. */
  lastJson(path: OpenAiPath): unknown;
  /** The multipart form of the last request on `path` (transcriptions). */
  lastForm(path: OpenAiPath): Promise<FormData>;
  /** Resolves once a client closed a stream held open (`holdAfter`). */
  nextDisconnect(): Promise<void>;
}

export interface UsageReport {
  prompt: number;
  completion: number;
  cached?: number;
  reasoning?: number;
}

/** OpenAI's CompletionUsage: prompt_tokens include the cached ones, completion_tokens the reasoning ones. */
export function usageOf({ prompt, completion, cached = 0, reasoning = 0 }: UsageReport): Record<string, unknown> {
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: cached, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: reasoning,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/** A whole ChatCompletion. */
export function chatCompletion(fields: {
  content?: string | null;
  tool_calls?: unknown[];
  finish_reason?: string;
  usage?: unknown;
  model?: string;
}): Record<string, unknown> {
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: fields.content === undefined ? 'Hello there.' : fields.content,
    refusal: null,
  };
  if (fields.tool_calls) message.tool_calls = fields.tool_calls;
  const completion: Record<string, unknown> = {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_767_225_600,
    model: fields.model ?? 'gpt-fake-2026-01-01',
    choices: [{ index: 0, message, logprobs: null, finish_reason: fields.finish_reason ?? (fields.tool_calls ? 'tool_calls' : 'stop') }],
    system_fingerprint: 'fp_fake',
  };
  if (fields.usage !== undefined) completion.usage = fields.usage;
  return completion;
}

/** A ChatCompletionChunk carrying text (with include_usage, `usage: null` on every chunk but the last). */
export function contentChunk(content: string, finishReason: string | null = null): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_767_225_600,
    model: 'gpt-fake-2026-01-01',
    choices: [{ index: 0, delta: { content }, logprobs: null, finish_reason: finishReason }],
    usage: null,
  };
}

/** The last chunk of a stream with include_usage: no choices, the usage. */
export function usageChunk(usage: unknown): Record<string, unknown> {
  return { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_767_225_600, model: 'gpt-fake-2026-01-01', choices: [], usage };
}

/** OpenAI's error body. */
export function errorBody(message: string, type: string, code: string | null, param: string | null = null): Record<string, unknown> {
  return { error: { message, type, param, code } };
}

/** The default answers' usage, so tests can compute what is billed. */
export const DEFAULT_CHAT_USAGE: UsageReport = { prompt: 1200, completion: 300, cached: 1000, reasoning: 120 };
export const DEFAULT_STREAM_TEXT = ['Hello', ' from', ' the', ' fake', '.'];
export const DEFAULT_EMBEDDING_TOKENS_PER_INPUT = 7;
export const DEFAULT_TRANSCRIPTION = { duration: 8.47, seconds: 9, text: 'Hello from the fake.', language: 'english' };
export const DEFAULT_SPEECH = Buffer.from('ID3\u0004fake mp3 bytes', 'latin1');

export async function startOpenAiApi(): Promise<OpenAiApi> {
  const queued = new Map<string, Reply[]>();
  const disconnects = new Disconnects();

  const upstream = await startUpstream(async (req, res) => {
    const path = (req.url.split('?')[0] ?? '') as OpenAiPath;
    const reply = queued.get(path)?.shift() ?? (await defaultReply(path, req));
    await send(res, reply, disconnects);
  });

  const lastOf = (path: OpenAiPath): ReceivedRequest => {
    const request = upstream.received.filter((r) => r.url.split('?')[0] === path).at(-1);
    if (!request) throw new Error(`no request on ${path} yet`);
    return request;
  };
  return {
    ...upstream,
    reply(path, reply) {
      queued.set(path, [...(queued.get(path) ?? []), reply]);
    },
    last: lastOf,
    lastJson: (path) => JSON.parse(lastOf(path).body) as unknown,
    lastForm: (path) => {
      const request = lastOf(path);
      return new Response(request.bytes, { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
    },
    nextDisconnect: () => disconnects.next(),
  };
}

async function defaultReply(path: OpenAiPath, req: ReceivedRequest): Promise<Reply> {
  switch (path) {
    case PATHS.chat: {
      const body = JSON.parse(req.body) as { stream?: boolean };
      if (!body.stream) return { json: chatCompletion({ usage: usageOf(DEFAULT_CHAT_USAGE) }) };
      return { events: [...DEFAULT_STREAM_TEXT.map((text) => contentChunk(text)), usageChunk(usageOf(DEFAULT_CHAT_USAGE))] };
    }
    case PATHS.embeddings: {
      const { input } = JSON.parse(req.body) as { input: string | string[] };
      const inputs = Array.isArray(input) ? input : [input];
      return {
        json: {
          object: 'list',
          data: inputs.map((_, index) => ({ object: 'embedding', index, embedding: [0.1 * (index + 1), -0.2, 0.3] })),
          model: 'text-embedding-fake',
          usage: {
            prompt_tokens: DEFAULT_EMBEDDING_TOKENS_PER_INPUT * inputs.length,
            total_tokens: DEFAULT_EMBEDDING_TOKENS_PER_INPUT * inputs.length,
          },
        },
      };
    }
    case PATHS.images: {
      const { n = 1, size } = JSON.parse(req.body) as { n?: number; size?: string };
      return {
        json: {
          created: 1_767_225_600,
          data: Array.from({ length: n }, (_, i) => ({ url: `https://images.example/${i}.png`, revised_prompt: 'a revised prompt' })),
          ...(size ? { size } : {}),
        },
      };
    }
    case PATHS.transcriptions: {
      const t = DEFAULT_TRANSCRIPTION;
      return {
        json: {
          task: 'transcribe',
          language: t.language,
          duration: t.duration,
          text: t.text,
          segments: [
            {
              id: 0,
              seek: 0,
              start: 0,
              end: t.duration,
              text: t.text,
              tokens: [1, 2],
              temperature: 0,
              avg_logprob: -0.2,
              compression_ratio: 1,
              no_speech_prob: 0,
            },
          ],
          usage: { type: 'duration', seconds: t.seconds },
        },
      };
    }
    case PATHS.speech:
      return { bytes: DEFAULT_SPEECH };
    default:
      return { status: 404, json: errorBody(`Unknown path ${String(path)}`, 'invalid_request_error', 'unknown_url') };
  }
}

async function send(res: ServerResponse, reply: Reply, disconnects: Disconnects): Promise<void> {
  const status = reply.status ?? 200;
  if (reply.events) {
    res.writeHead(status, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
    let finished = false;
    res.on('close', () => {
      if (!finished) disconnects.record();
    });
    for (let i = 0; i < reply.events.length; i++) {
      if (reply.holdAfter !== undefined && i === reply.holdAfter) return; // silent, connection open
      res.write(`data: ${JSON.stringify(reply.events[i])}\n\n`);
    }
    if (reply.holdAfter !== undefined && reply.holdAfter >= reply.events.length) return;
    finished = true;
    res.end(reply.noDone ? undefined : 'data: [DONE]\n\n');
    return;
  }
  if (reply.bytes) {
    res.writeHead(status, { 'content-type': 'audio/mpeg', 'content-length': reply.bytes.length });
    res.end(reply.bytes);
    return;
  }
  if (reply.raw !== undefined) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(reply.raw);
    return;
  }
  sendJson(res, status, reply.json ?? {});
}
