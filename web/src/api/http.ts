/**
 * The one way the web app talks to the gateway: same-origin fetch with the session cookie, JSON in
 * and out, the CSRF token on unsafe methods, and every error as an ApiError carrying the API's
 * stable `code` (src/common/errors on the server). Pages never call fetch themselves.
 */

export interface ApiErrorBody {
  error: { code: string; message: string; request_id: string; details?: Record<string, unknown> };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's stable error code, or `network_error` when no answer came. */
    readonly code: string,
    message: string,
    readonly requestId: string | null,
    readonly details: Record<string, unknown> = {},
    /** Seconds from Retry-After (429, 402, account_locked), when the API sent it. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Validation problems (`details.problems`) when the API listed them. */
  get problems(): string[] {
    const problems = this.details.problems;
    return Array.isArray(problems) ? problems.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))) : [];
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The session's CSRF token: the console API hands it out with the session (GET/POST session) and
 * wants it back in X-CSRF-Token on every unsafe request authenticated by the cookie.
 */
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Listeners told when an API answers 401 for the session (it expired or was ended elsewhere). */
const signedOutListeners = new Set<() => void>();

export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** Codes that mean "this browser has no valid session" rather than "this request is wrong". */
const SESSION_GONE_CODES = new Set(['not_signed_in', 'invalid_management_key', 'invalid_admin_token']);

export function queryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (!SAFE_METHODS.has(method) && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`${path}${queryString(options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'The gateway could not be reached. Check your connection and try again.', null);
  }
  const text = await response.text();
  const body = parseJson(text);
  if (!response.ok) {
    const error = toApiError(response, body);
    if (response.status === 401 && SESSION_GONE_CODES.has(error.code)) signedOutListeners.forEach((listener) => listener());
    throw error;
  }
  return body as T;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const requestId = response.headers.get('x-service-request-id');
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
  if (isErrorBody(body)) {
    const { code, message, request_id, details } = body.error;
    return new ApiError(response.status, code, message, request_id || requestId, details ?? {}, retryAfterSeconds);
  }
  return new ApiError(response.status, 'unexpected_response', `The gateway answered ${response.status}.`, requestId);
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = body.error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) => apiRequest<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, { body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, { body }),
  delete: <T = void>(path: string) => apiRequest<T>('DELETE', path),
};

/** One page of a keyset-paged list, as every list route answers. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
