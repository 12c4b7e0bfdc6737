import type { ServerResponse } from 'node:http';
import { count, num, parseScript, Script, ScriptedEventStream, ScriptedUpstream, startScriptedUpstream, words } from './scripted-stream';
import { ReceivedRequest, sendJson } from './upstream-server';

/**
 * A fake Anthropic Messages API (real HTTP on 127.0.0.1) speaking the documented wire format:
 * POST /v1/messages with `x-api-key` and `anthropic-version: 2023-06-01`, a body with model,
 * max_tokens and messages (else a 400/401 in Anthropic's error shape), a Message as the answer, and
 * with `stream: true` the SSE events message_start, content_block_start, ping,
 * content_block_delta…, content_block_stop, message_delta, message_stop.
 *
 * The text of the user messages is a script (`key=value`, the last one wins):
 *   chunks=N        text pieces generated ("word0", " word1", …; default 3)
 *   interval=MS     pause between stream deltas
 *   input=, cache_read=, cache_write=, output=   the usage reported (defaults 12, null, null, chunks + 1;
 *                   anything not a whole number is sent as it is: an invalid report)
 *   start_output=N  output_tokens in message_start (default 1)
 *   no_usage=1      the answer / message_delta carries no usage
 *   stop=R          stop_reason (default end_turn; tool_use when tool= is set)
 *   tool=NAME       a tool_use block calling NAME with {"city":"Paris"} after the text
 *   fail=F          rate_limit (429), overloaded (529), server (500), too_long (400 prompt is too long),
 *                   content_filter (400 content filtering policy), invalid (400 other)
 *   error_after=K   streams: an `event: error` overloaded_error after K deltas
 *   cut_after=K     streams: the connection dies after K deltas
 *   stall_after=K   streams: silence after K deltas, connection open
 *   no_stop=1       streams: the body ends after message_delta, without message_stop
 */
export type AnthropicUpstream = ScriptedUpstream;

export const ANTHROPIC_TEST_SECRET = 'sk-ant-test-secret';

export const ANTHROPIC_FAILURES: Record<string, { status: number; type: string; message: string }> = {
  rate_limit: { status: 429, type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' },
  overloaded: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
  server: { status: 500, type: 'api_error', message: 'Internal server error' },
  too_long: { status: 400, type: 'invalid_request_error', message: 'prompt is too long: 208310 tokens > 200000 maximum' },
  content_filter: { status: 400, type: 'invalid_request_error', message: 'Output blocked by content filtering policy' },
  invalid: { status: 400, type: 'invalid_request_error', message: 'messages.0.content: Field required' },
};

/** `script`: keys that hold for every call whatever the prompt says (a server that always fails, for fallback tests). */
export async function startAnthropicUpstream(options: { secret?: string; script?: string } = {}): Promise<AnthropicUpstream> {
  const secret = options.secret ?? ANTHROPIC_TEST_SECRET;
  return startScriptedUpstream(async (req, res, disconnects) => {
    const problem = checkRequest(req, secret);
    if (problem) return sendError(res, problem.status, problem.type, problem.message);
    const body = JSON.parse(req.body) as { model: string; stream?: boolean; messages: Array<{ role: string; content: unknown }> };
    const script = parseScript(`${userText(body.messages)} ${options.script ?? ''}`);
    const failure = typeof script.fail === 'string' ? ANTHROPIC_FAILURES[script.fail] : undefined;
    if (failure) return sendError(res, failure.status, failure.type, failure.message);
    const text = words(num(script, 'chunks', 3));
    const tool = typeof script.tool === 'string' ? script.tool : undefined;
    const stop = typeof script.stop === 'string' ? script.stop : tool ? 'tool_use' : 'end_turn';
    const usage = {
      input_tokens: count(script, 'input', 12),
      cache_creation_input_tokens: count(script, 'cache_write', null),
      cache_read_input_tokens: count(script, 'cache_read', null),
      output_tokens: count(script, 'output', text.length + 1),
    };
    if (!body.stream) {
      const content: unknown[] = [{ type: 'text', text: text.join('') }];
      if (tool) content.push({ type: 'tool_use', id: 'toolu_01', name: tool, input: { city: 'Paris' } });
      return sendJson(res, 200, {
        id: 'msg_01',
        type: 'message',
        role: 'assistant',
        model: body.model,
        content,
        stop_reason: stop,
        stop_sequence: null,
        ...(script.no_usage ? {} : { usage }),
      });
    }
    const stream = new ScriptedEventStream(res, disconnects, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    await streamMessage(stream, body.model, script, text, tool, stop, usage);
  });
}

async function streamMessage(
  stream: ScriptedEventStream,
  model: string,
  script: Script,
  text: string[],
  tool: string | undefined,
  stop: string,
  usage: Record<string, unknown>,
): Promise<void> {
  const send = (type: string, data: object) => stream.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  await send('message_start', {
    message: {
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...usage, output_tokens: count(script, 'start_output', 1) },
    },
  });
  await send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  await send('ping', {});
  const whole = await stream.pieces(
    script,
    text.length,
    (i) => send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: text[i] } }),
    () => send('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
  );
  if (!whole) return;
  await send('content_block_stop', { index: 0 });
  if (tool) {
    await send('content_block_start', { index: 1, content_block: { type: 'tool_use', id: 'toolu_01', name: tool, input: {} } });
    await send('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: '{"city": "Par' } });
    await send('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: 'is"}' } });
    await send('content_block_stop', { index: 1 });
  }
  await send('message_delta', {
    delta: { stop_reason: stop, stop_sequence: null },
    ...(script.no_usage ? {} : { usage: { output_tokens: usage.output_tokens } }),
  });
  stream.finish();
  if (!script.no_stop) await send('message_stop', {});
  stream.end();
}

/** What a real Messages API refuses before doing anything: a wrong key, version, or a body without its required fields. */
function checkRequest(req: ReceivedRequest, secret: string): { status: number; type: string; message: string } | null {
  if (req.method !== 'POST' || req.url !== '/v1/messages')
    return { status: 404, type: 'not_found_error', message: `Not found: ${req.url}` };
  if (req.headers['x-api-key'] !== secret) return { status: 401, type: 'authentication_error', message: 'invalid x-api-key' };
  if (req.headers['anthropic-version'] !== '2023-06-01') {
    return { status: 400, type: 'invalid_request_error', message: 'anthropic-version: header is required' };
  }
  if (!String(req.headers['content-type']).startsWith('application/json')) {
    return { status: 400, type: 'invalid_request_error', message: 'content-type must be application/json' };
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(req.body) as Record<string, unknown>;
  } catch {
    return { status: 400, type: 'invalid_request_error', message: 'body is not JSON' };
  }
  if (typeof body.model !== 'string') return { status: 400, type: 'invalid_request_error', message: 'model: Field required' };
  if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) {
    return { status: 400, type: 'invalid_request_error', message: 'max_tokens: Field required' };
  }
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0)
    return { status: 400, type: 'invalid_request_error', message: 'messages: Field required' };
  for (const [i, m] of (messages as Array<Record<string, unknown>>).entries()) {
    if (m.role !== 'user' && m.role !== 'assistant') {
      return { status: 400, type: 'invalid_request_error', message: `messages.${i}.role: Input should be 'user' or 'assistant'` };
    }
    if (typeof m.content !== 'string' && !Array.isArray(m.content)) {
      return { status: 400, type: 'invalid_request_error', message: `messages.${i}.content: Field required` };
    }
  }
  if (body.system !== undefined && typeof body.system !== 'string' && !Array.isArray(body.system)) {
    return { status: 400, type: 'invalid_request_error', message: 'system: Input should be a valid string or list' };
  }
  return null;
}

/** The text of the user messages (string content, text blocks and tool results), where the script is. */
function userText(messages: Array<{ role: string; content: unknown }>): string {
  const texts: string[] = [];
  for (const m of messages) {
    if (m.role !== 'user') continue;
    if (typeof m.content === 'string') texts.push(m.content);
    else if (Array.isArray(m.content)) {
      for (const block of m.content as Array<Record<string, unknown>>) {
        if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
        if (block.type === 'tool_result' && typeof block.content === 'string') texts.push(block.content);
      }
    }
  }
  return texts.join(' ');
}

function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { type: 'error', error: { type, message }, request_id: 'req_test' });
}
