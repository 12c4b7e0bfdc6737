import type { ServerResponse } from 'node:http';
import { count, num, parseScript, Script, ScriptedEventStream, ScriptedUpstream, startScriptedUpstream, words } from './scripted-stream';
import { sendJson } from './upstream-server';

/**
 * A fake Gemini API (real HTTP on 127.0.0.1) speaking the documented wire format:
 * POST /v1beta/models/{model}:generateContent, :streamGenerateContent?alt=sse, :embedContent and
 * :batchEmbedContents with `x-goog-api-key`; a GenerateContentResponse (candidates, usageMetadata,
 * modelVersion) as the answer; with alt=sse, one GenerateContentResponse per `data:` event, each
 * with usageMetadata so far (the last complete, with finishReason); errors as
 * `{"error":{"code","message","status"}}`.
 *
 * The text of the user contents is a script (`key=value`, the last one wins):
 *   chunks=N        text pieces generated ("word0", " word1", …; default 3)
 *   interval=MS     pause between stream events
 *   prompt=, cached=, candidates=, thoughts=, tool_prompt=   usageMetadata (defaults 20, absent, chunks + 2,
 *                   absent, absent; anything not a whole number is sent as it is: an invalid report)
 *   no_usage=1      no usageMetadata
 *   finish=R        finishReason (default STOP)
 *   tool=NAME       a functionCall part calling NAME with {"city":"Paris"}
 *   thought=1       a thought part before the text (not part of the answer)
 *   fail=F          rate_limit (429 RESOURCE_EXHAUSTED), server (500 INTERNAL), unavailable (503),
 *                   too_long (400 input token count), invalid (400 other), blocked (200, promptFeedback.blockReason)
 *   error_after=K   streams: an error event (503 UNAVAILABLE) after K chunks
 *   cut_after=K     streams: the connection dies after K chunks
 *   stall_after=K   streams: silence after K chunks, connection open
 *   no_finish=1     streams: the body ends without a finishReason
 */
export type GeminiUpstream = ScriptedUpstream;

export const GEMINI_TEST_SECRET = 'gemini-test-key';

export const GEMINI_FAILURES: Record<string, { code: number; status: string; message: string }> = {
  rate_limit: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  server: { code: 500, status: 'INTERNAL', message: 'An internal error has occurred.' },
  unavailable: { code: 503, status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
  too_long: {
    code: 400,
    status: 'INVALID_ARGUMENT',
    message: 'The input token count (1200293) exceeds the maximum number of tokens allowed (1048576).',
  },
  invalid: { code: 400, status: 'INVALID_ARGUMENT', message: 'Invalid JSON payload received.' },
};

/** `script`: keys that hold for every call whatever the prompt says (a server that always fails, for fallback tests). */
export async function startGeminiUpstream(options: { secret?: string; script?: string } = {}): Promise<GeminiUpstream> {
  const secret = options.secret ?? GEMINI_TEST_SECRET;
  return startScriptedUpstream(async (req, res, disconnects) => {
    const route = /^\/v1beta\/models\/([\w.-]+):(generateContent|streamGenerateContent|embedContent|batchEmbedContents)(\?alt=sse)?$/.exec(
      req.url,
    );
    if (req.method !== 'POST' || !route) return sendError(res, 404, 'NOT_FOUND', `Not found: ${req.url}`);
    if (req.headers['x-goog-api-key'] !== secret) return sendError(res, 403, 'PERMISSION_DENIED', 'API key not valid.');
    const [, model, method, sse] = route;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return sendError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    if (method === 'embedContent' || method === 'batchEmbedContents') return embed(res, model, method, body);
    const problem = checkGenerate(body);
    if (problem) return sendError(res, 400, 'INVALID_ARGUMENT', problem);
    const script = parseScript(`${userText(body.contents as Content[])} ${options.script ?? ''}`);
    if (script.fail === 'blocked') {
      const blocked = { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 } };
      if (method === 'generateContent') return sendJson(res, 200, blocked);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${JSON.stringify(blocked)}\r\n\r\n`);
      return;
    }
    const failure = typeof script.fail === 'string' ? GEMINI_FAILURES[script.fail] : undefined;
    if (failure) return sendError(res, failure.code, failure.status, failure.message);
    const text = words(num(script, 'chunks', 3));
    const final = usageMetadata(script, text.length);
    if (method === 'generateContent') {
      return sendJson(res, 200, { ...response(script, text.join(''), true, model), ...(final ? { usageMetadata: final } : {}) });
    }
    if (!sse) return sendError(res, 400, 'INVALID_ARGUMENT', 'this fake streams only with alt=sse');
    await streamContent(new ScriptedEventStream(res, disconnects), model, script, text, final);
  });
}

type Content = { role?: string; parts?: Array<Record<string, unknown>> };

async function streamContent(
  stream: ScriptedEventStream,
  model: string,
  script: Script,
  text: string[],
  final: Record<string, unknown> | undefined,
): Promise<void> {
  // Gemini separates its events with CRLF pairs.
  const send = (data: object) => stream.write(`data: ${JSON.stringify(data)}\r\n\r\n`);
  const whole = await stream.pieces(
    script,
    text.length,
    (i) => {
      const last = i === text.length - 1;
      // Usage so far on every chunk: the prompt, and the candidates' tokens up to this one.
      const soFar = final && !last ? { ...final, candidatesTokenCount: i + 1, thoughtsTokenCount: undefined } : final;
      return send({ ...response(script, text[i], last && !script.no_finish, model), ...(soFar ? { usageMetadata: soFar } : {}) });
    },
    () => send({ error: GEMINI_FAILURES.unavailable }),
  );
  if (!whole) return;
  stream.finish();
  stream.end();
}

function response(script: Script, text: string, last: boolean, model: string): Record<string, unknown> {
  const parts: unknown[] = [];
  if (script.thought) parts.push({ text: 'Let me think about this.', thought: true });
  parts.push({ text });
  if (last && typeof script.tool === 'string') parts.push({ functionCall: { name: script.tool, args: { city: 'Paris' } } });
  return {
    candidates: [{ content: { role: 'model', parts }, index: 0, ...(last ? { finishReason: script.finish ?? 'STOP' } : {}) }],
    modelVersion: `${model}-001`,
    responseId: 'resp_01',
  };
}

/** The final usageMetadata as scripted; fields left out when absent, as Gemini's JSON does for zeros. */
function usageMetadata(script: Script, chunks: number): Record<string, unknown> | undefined {
  if (script.no_usage) return undefined;
  const fields: Record<string, unknown> = {
    promptTokenCount: count(script, 'prompt', 20),
    cachedContentTokenCount: script.cached,
    candidatesTokenCount: count(script, 'candidates', chunks + 2),
    thoughtsTokenCount: script.thoughts,
    toolUsePromptTokenCount: script.tool_prompt,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

function embed(res: ServerResponse, model: string, method: string, body: Record<string, unknown>): void {
  const vector = (text: string) => ({ values: [text.length / 10, 0.5, -0.25] });
  const textOf = (content: unknown) => ((content as Content | undefined)?.parts?.[0]?.text as string | undefined) ?? '';
  if (method === 'embedContent') {
    if (!textOf(body.content)) return sendError(res, 400, 'INVALID_ARGUMENT', 'content is required');
    return sendJson(res, 200, { embedding: vector(textOf(body.content)) });
  }
  const requests = body.requests as Array<{ model?: string; content?: unknown }> | undefined;
  if (!Array.isArray(requests) || requests.length === 0) return sendError(res, 400, 'INVALID_ARGUMENT', 'requests is required');
  if (requests.some((r) => r.model !== `models/${model}`)) {
    return sendError(res, 400, 'INVALID_ARGUMENT', 'Model names of all requests must match the model in the URL.');
  }
  sendJson(res, 200, { embeddings: requests.map((r) => vector(textOf(r.content))) });
}

function checkGenerate(body: Record<string, unknown>): string | null {
  const contents = body.contents;
  if (!Array.isArray(contents) || contents.length === 0) return '* GenerateContentRequest.contents: contents is not specified';
  for (const [i, c] of (contents as Content[]).entries()) {
    if (c.role !== 'user' && c.role !== 'model') return `* GenerateContentRequest.contents[${i}].role: must be user or model`;
    if (!Array.isArray(c.parts) || c.parts.length === 0)
      return `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`;
  }
  if ('model' in body || 'messages' in body) return 'Invalid JSON payload received. Unknown name.';
  return null;
}

function userText(contents: Content[]): string {
  return contents
    .filter((c) => c.role === 'user')
    .flatMap((c) => c.parts ?? [])
    .map((p) => (typeof p.text === 'string' ? p.text : ''))
    .join(' ');
}

function sendError(res: ServerResponse, code: number, status: string, message: string): void {
  sendJson(res, code, { error: { code, message, status } });
}
