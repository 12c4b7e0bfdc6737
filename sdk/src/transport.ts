/**
 * One HTTP exchange with the gateway, shared by every client: the credentials, JSON in, typed
 * errors out, the abort signal, and the retry loop. Only web-platform APIs (fetch, Headers,
 * AbortSignal, setTimeout), so it runs the same in Node 20+ and in browsers.
 *
 * Two ways to authenticate: a bearer key (an API key, a management key or the operator token), or
 * a browser's console session (the cookie, sent by the browser itself, and the session's CSRF token
 * on unsafe methods; see BrowserSession).
 */
import { GatewayConnectionError, GatewayError, errorFromAnswer } from './errors.js';
import { abortReason, isRetryable, resolveRetry, retryDelayMs, sleep, type ResolvedRetryOptions, type RetrySetting } from './retry.js';
import type { BrowserSession } from './session.js';

/** The fetch the SDK calls: the global one unless the options give another (a proxy agent, a test double). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /**
   * Where the gateway is, e.g. `https://gateway.example.com` (no path, or the path it is mounted
   * under). With a session it may be empty: the page's own origin.
   */
  baseUrl?: string;
  /** The bearer credential: an API key (`gw_…`), a management key (`gwm_…`) or the operator token. */
  token?: string;
  /** Or a browser's console session: the cookie, and the CSRF token on unsafe methods. */
  session?: BrowserSession;
  /** Or neither, said so: for the routes that need no credentials (the public catalog and plans). */
  anonymous?: boolean;
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
  /**
   * Asks the server even when an HTTP cache (a browser's) holds a copy: for answers the server lets
   * caches keep (the public catalog and plans, for a minute) read right after a change. A copy that is
   * still current costs a 304.
   */
  revalidate?: boolean;
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

/** The methods that change nothing: a cookie request with any other carries the CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export class Transport {
  readonly baseUrl: string;
  private readonly fetch: FetchLike;
  private readonly retry: RetrySetting | undefined;
  private readonly headers: Record<string, string>;
  private readonly session: BrowserSession | undefined;

  constructor(options: TransportOptions) {
    if (options.session && options.token) throw new TypeError('a key or a session, not both');
    // A page may call its own origin (a relative URL); a key is for a server, which has no origin of its own.
    if (!options.session && !options.anonymous && !options.baseUrl) {
      throw new TypeError('baseUrl is required (e.g. "https://gateway.example.com")');
    }
    if (!options.session && !options.anonymous && !options.token) throw new TypeError('a key is required');
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    // Never call the global fetch as a method of another object: browsers throw "Illegal invocation".
    this.fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.retry = options.retry;
    this.session = options.session;
    this.headers = options.token ? { ...options.headers, authorization: `Bearer ${options.token}` } : { ...options.headers };
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
    const csrfToken = this.session?.csrfToken;
    if (csrfToken && !SAFE_METHODS.has(method)) headers['x-csrf-token'] = csrfToken;
    // `cache` is the web platform's (a browser's HTTP cache); Node's fetch typings leave it out.
    const init: RequestInit & { cache?: 'no-cache' } = {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    };
    // Only in cookie mode: a bearer client must not send (or be refused for) a browser's cookies.
    if (this.session) init.credentials = this.session.credentials;
    if (options?.revalidate) init.cache = 'no-cache';
    let response: Response;
    try {
      response = await this.fetch(`${this.baseUrl}${path}`, init);
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
    const error = errorFromAnswer(response.status, response.headers, text, receivedAt, this.baseUrl);
    if (response.status === 401) this.session?.answeredUnauthenticated(error.code);
    throw error;
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

/**
 * A query string from the values given (`?a=1&b=x&ids=u1,u2`, or '' when there are none).
 * undefined, null and '' are no value: a filter left empty (a form's empty field) is no filter.
 */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
