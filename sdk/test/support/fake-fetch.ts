import type { FetchLike } from '../../src/index.js';

/** One scripted answer of FakeFetch: a Response, a thrown error, or a function of the request. */
export type Scripted = Response | Error | ((url: string, init: RequestInit) => Response | Promise<Response>);

export interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fetch that answers from a script, one entry per request, and records what it was asked. No
 * network: for the SDK's unit specs (the e2e specs in test/sdk/ use a real gateway).
 */
export function fakeFetch(...script: Scripted[]): FetchLike & { requests: Recorded[] } {
  const requests: Recorded[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    requests.push({
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const next = script.shift();
    if (next === undefined) throw new Error(`unexpected request ${init.method} ${url}`);
    if (next instanceof Error) throw next;
    if (init.signal?.aborted) throw init.signal.reason;
    return typeof next === 'function' ? next(url, init) : next;
  };
  return Object.assign(fetch, { requests });
}

/** A JSON answer with the given status and headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The gateway's error shape. */
export function gatewayError(
  status: number,
  code: string,
  headers: Record<string, string> = {},
  details?: Record<string, unknown>,
): Response {
  return json(status, { error: { code, message: `${code} message`, request_id: 'req-1', ...(details ? { details } : {}) } }, headers);
}

/** An event-stream answer whose body is these chunks (strings), one per read. */
export function eventStream(chunks: string[], headers: Record<string, string> = {}): Response {
  const encoder = new TextEncoder();
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(encoder.encode(chunks[index++]));
      else controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'x-service-request-id': 'req-1', ...headers },
  });
}

/** A connection refused, as Node's fetch reports it. */
export function connectionRefused(): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) });
}

/** A connection reset after the request went out, as Node's fetch reports it. */
export function connectionReset(): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
}
