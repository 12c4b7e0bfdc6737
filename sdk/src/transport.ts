/**
 * One HTTP exchange with the gateway, shared by both clients: the bearer header, JSON in, typed
 * errors out, the abort signal, and the retry loop. Only web-platform APIs (fetch, Headers,
 * AbortSignal, setTimeout), so it runs the same in Node 20+ and in browsers.
 */
import { GatewayConnectionError, GatewayError, errorFromAnswer } from './errors.js';
import { abortReason, isRetryable, resolveRetry, retryDelayMs, sleep, type ResolvedRetryOptions, type RetrySetting } from './retry.js';

/** The fetch the SDK calls: the global one unless the options give another (a proxy agent, a test double). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** Where the gateway is, e.g. `https://gateway.example.com` (no path, or the path it is mounted under). */
  baseUrl: string;
  /** The bearer credential: an API key (`gw_…`) or a management key (`gwm_…`). */
  token: string;
  fetch?: FetchLike;
  /** Retries for every request of this client (per call, `options.retry` overrides it). Off by default. */
  retry?: RetrySetting;
  /** Headers added to every request (tracing ids, …). */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  /** Aborts the request (and a stream, at once: billing stops with it). */
  signal?: AbortSignal;
  /** Overrides the client's retry setting for this request. */
  retry?: RetrySetting;
  /** Sent as If-Match: the change is made only on this version (an `etag` of an earlier answer), 412 otherwise. */
  ifMatch?: string;
}

export interface Exchange {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the base URL, with its query string. */
  path: string;
  body?: unknown;
  accept?: string;
  /** Whether repeating it is harmless whatever the first attempt did (see retry.ts). */
  idempotent: boolean;
  options?: RequestOptions;
}

/** A successful answer, with the moment its headers arrived (relative rate-limit fields count from it). */
export interface Answer {
  response: Response;
  receivedAt: number;
}

/** Connection failures that mean the request never left: nothing was forwarded or billed. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export class Transport {
  private readonly baseUrl: string;
  private readonly fetch: FetchLike;
  private readonly retry: RetrySetting | undefined;
  private readonly headers: Record<string, string>;

  constructor(options: TransportOptions) {
    if (!options.baseUrl) throw new TypeError('baseUrl is required (e.g. "https://gateway.example.com")');
    if (!options.token) throw new TypeError('a key is required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    // Never call the global fetch as a method of another object: browsers throw "Illegal invocation".
    this.fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.retry = options.retry;
    this.headers = { ...options.headers, authorization: `Bearer ${options.token}` };
  }

  /** Sends the exchange, retrying what is safe to retry; resolves with a 2xx answer or throws a GatewayError. */
  async send(exchange: Exchange): Promise<Answer> {
    const signal = exchange.options?.signal;
    const retry = resolveRetry(exchange.options?.retry ?? this.retry);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(exchange);
      } catch (error) {
        const delayMs = this.retryDelay(error, attempt + 1, exchange.idempotent, retry);
        if (delayMs === null) throw error;
        retry!.onRetry?.({ retry: attempt + 1, delayMs, error: error as GatewayError });
        await sleep(delayMs, signal);
      }
    }
  }

  private retryDelay(error: unknown, retry: number, idempotent: boolean, options: ResolvedRetryOptions | null): number | null {
    if (!options || retry > options.maxRetries || !(error instanceof GatewayError) || !isRetryable(error, idempotent)) return null;
    return retryDelayMs(retry, error.retryAfterSeconds, options);
  }

  private async attempt({ method, path, body, accept = 'application/json', options }: Exchange): Promise<Answer> {
    const signal = options?.signal;
    if (signal?.aborted) throw abortReason(signal);
    const headers: Record<string, string> = { ...this.headers, accept };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options?.ifMatch !== undefined) headers['if-match'] = options.ifMatch;
    let response: Response;
    try {
      response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      throw new GatewayConnectionError(`could not reach the gateway: ${describe(error)}`, {
        mayHaveBeenSent: !neverSent(error),
        cause: error,
      });
    }
    const receivedAt = Date.now();
    if (response.ok) return { response, receivedAt };
    let text: string;
    try {
      text = await response.text();
    } catch {
      if (signal?.aborted) throw abortReason(signal);
      text = '';
    }
    throw errorFromAnswer(response.status, response.headers, text, receivedAt, this.baseUrl);
  }
}

/**
 * Whether a fetch failure certainly happened before the request was sent. Node's fetch (undici) puts
 * the socket error in `cause` (an AggregateError when it tried several addresses); browsers say
 * nothing, so there it is never certain.
 */
export function neverSent(error: unknown): boolean {
  const leaves: unknown[] = [];
  const collect = (value: unknown, depth: number) => {
    if (depth > 5 || typeof value !== 'object' || value === null) return;
    const { errors, cause } = value as { errors?: unknown; cause?: unknown };
    if (Array.isArray(errors) && errors.length > 0) errors.forEach((e) => collect(e, depth + 1));
    else if (cause !== undefined) collect(cause, depth + 1);
    else leaves.push(value);
  };
  collect(error, 0);
  return leaves.length > 0 && leaves.every((leaf) => NOT_SENT_CODES.has(String((leaf as { code?: unknown }).code)));
}

function describe(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; typeof e === 'object' && e !== null && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { message, code } = e as { message?: unknown; code?: unknown };
    parts.push([typeof code === 'string' ? code : '', typeof message === 'string' ? message : ''].filter(Boolean).join(' '));
  }
  return parts.filter(Boolean).join(': ') || String(error);
}

/** A value of a query parameter: a list is sent comma-separated in one parameter (`ids=a,b`). */
export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/** A query string from defined values (`?a=1&b=x&ids=u1,u2`, or '' when there are none). */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
