import type { MeterUsage } from './usage.js';
/**
 * Typed errors. Every answer of the gateway that is not a success becomes one class per family of
 * stable error codes (the server's catalog, src/common/errors/error-catalog.ts, which a test holds
 * this file to), carrying `code`, `status`, `requestId`, `details` and the answer's rate-limit
 * state. What the SDK itself sees go wrong (no connection, an answer that is not the gateway's
 * error shape) has its own classes, under the same base, so one `instanceof GatewayError` catches all.
 */
import { usdToPicoUsd } from './money.js';
import { readRateLimit, type RateLimitState } from './rate-limit.js';

/** Every code the gateway answers with today. A newer gateway may send others: `code` stays a string then. */
export const ERROR_CODES = [
  'missing_api_key',
  'malformed_api_key',
  'invalid_api_key',
  'revoked_api_key',
  'expired_api_key',
  'invalid_admin_token',
  'invalid_management_key',
  'not_signed_in',
  'invalid_credentials',
  'budget_exceeded',
  'tenant_suspended',
  'customer_suspended',
  'endpoint_not_allowed',
  'csrf_check_failed',
  'insufficient_role',
  'plan_change_not_allowed',
  'endpoint_not_found',
  'model_not_found',
  'route_not_found',
  'resource_not_found',
  'method_not_allowed',
  'conflict',
  'key_already_rotated',
  'precondition_failed',
  'invalid_json',
  'invalid_request',
  'invalid_invitation',
  'invalid_password_reset',
  'invalid_setup_token',
  'operator_exists',
  'payload_too_large',
  'request_timeout',
  'headers_too_large',
  'unsupported_media_type',
  'upstream_rejected',
  'context_length_exceeded',
  'content_policy_violation',
  'rate_limited',
  'account_locked',
  'too_many_streams',
  'internal_error',
  'upstream_unavailable',
  'endpoint_disabled',
  'service_unavailable',
  'upstream_timeout',
  'stream_timeout',
  'stream_duration_exceeded',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** What a stream had used when it failed in-band: what was billed for it. */
export interface StreamUsage {
  /** Always 1: one stream is one call. */
  calls: number;
  /** What the stream costs the caller, as the gateway sent it (a JSON number). */
  costUsd: number;
  /** The same, exact, in pico-USD (1e-12 USD): the figure to add up. */
  costPicoUsd: bigint;
  /** What was billed per meter (input and output tokens, …): see CallUsage.meters. */
  meters: MeterUsage[];
}

/** The facts of one failed answer (or in-band stream error). */
export interface GatewayErrorInit {
  code: string;
  status: number;
  message: string;
  requestId: string | null;
  details?: Record<string, unknown>;
  /** The code's section of the error reference, as an absolute URL; null when the answer has none. */
  docs?: string | null;
  rateLimit: RateLimitState | null;
  /** Set when the error came in-band, after a stream had started: what it was billed. */
  streamUsage?: StreamUsage;
  cause?: unknown;
}

/** The base of every error the SDK throws (an aborted call rejects with the signal's reason instead). */
export class GatewayError extends Error {
  /** The stable error code (`rate_limited`, `invalid_api_key`, …); `connection_failed` and `unexpected_response` are the SDK's own. */
  readonly code: ErrorCode | (string & {});
  /** The HTTP status; for an in-band stream error, the status its code has as a JSON error; 0 without an answer. */
  readonly status: number;
  /** The request id (X-Service-Request-Id, the audit record's id); null when no answer came. */
  readonly requestId: string | null;
  /** Extra facts some codes carry (`limit`, `problems`, `limit_source`, …). */
  readonly details: Record<string, unknown> | undefined;
  /**
   * The code's section of the gateway's error reference (what it means, what to do), e.g.
   * `https://gateway.example.com/docs/guide/api/errors#rate_limited`; null when the answer carried none
   * (an in-band stream error, an older gateway, an answer that is not the gateway's).
   */
  readonly docs: string | null;
  /** The rate-limit state of the answer; null when no answer came. */
  readonly rateLimit: RateLimitState | null;
  /** Set when the error came in-band, after a stream had started: the usage it was billed for. */
  readonly streamUsage: StreamUsage | undefined;

  constructor(init: GatewayErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details;
    this.docs = init.docs ?? null;
    this.rateLimit = init.rateLimit;
    this.streamUsage = init.streamUsage;
  }

  /** Seconds the gateway asked to wait before retrying (Retry-After), or null. */
  get retryAfterSeconds(): number | null {
    return this.rateLimit?.retryAfterSeconds ?? null;
  }

  /** What a 400 `invalid_request` found wrong, one sentence a problem (`details.problems`); empty when it lists none. */
  get problems(): string[] {
    const problems = this.details?.problems;
    return Array.isArray(problems) ? problems.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))) : [];
  }
}

/** 401: the key (or admin token, or management key) is missing, malformed, unknown, revoked or expired; or no session, or a wrong password. */
export class AuthenticationError extends GatewayError {}

/**
 * 403: the key's tenant or customer is suspended, or the endpoint is outside the plan or the key's
 * allowed endpoints; or, with a session, a failed CSRF check or a role that does not allow it.
 */
export class PermissionDeniedError extends GatewayError {}

/** 404: no such slug, route or resource (another tenant's resource is 404 too). */
export class NotFoundError extends GatewayError {}

/** 400, 405, 408, 413, 415, 431: the request itself is wrong (body, fields, method, size, content type). */
export class InvalidRequestError extends GatewayError {}

/** 409: a duplicate (slug, plan name, customer external_id) or a state that does not allow the change; 412: a stale If-Match. */
export class ConflictError extends GatewayError {}

/** 422, 502, 504 (`upstream_*`): the upstream refused, failed or timed out; the call was forwarded. */
export class UpstreamError extends GatewayError {}

/** 503: the endpoint is disabled or the gateway cannot enforce limits right now; nothing was forwarded. */
export class ServiceUnavailableError extends GatewayError {}

/** 504 `stream_timeout` (no chunk within the idle timeout) and in-band `stream_duration_exceeded`. */
export class StreamTimeoutError extends GatewayError {}

/** 500: a bug in the gateway; quote `requestId` when reporting it. */
export class InternalServerError extends GatewayError {}

/** When an answer says to come back: Retry-After, from the moment the answer arrived. */
function retryAt(error: GatewayError, receivedAt: number): Date | null {
  const seconds = error.retryAfterSeconds;
  return seconds === null ? null : new Date(receivedAt + seconds * 1000);
}

/**
 * 429 `rate_limited` (a request limit) or `too_many_streams` (open streams per key or process):
 * nothing was forwarded or billed; or `account_locked` (the console's sign-in, after too many failures).
 */
export class RateLimitedError extends GatewayError {
  /** When to retry: Retry-After from the answer (the limit's window end for `rate_limited`). */
  readonly retryAt: Date | null;

  constructor(init: GatewayErrorInit, receivedAt = Date.now()) {
    super(init);
    this.retryAt = retryAt(this, receivedAt);
  }
}

/** 402 `budget_exceeded`: a spend budget of the key, its customer or its tenant is used up; nothing was forwarded or billed. */
export class BudgetExceededError extends GatewayError {
  /**
   * When to retry: the period's end when the spend reached the cap, a second from now when calls in
   * flight hold the rest; null for a spent lifetime budget (never, unless the cap is raised).
   */
  readonly retryAt: Date | null;
  /** Whose budget: `key`, `customer` or `tenant`. */
  readonly limitSource: string | null;
  /** `daily`, `weekly`, `monthly` or `none` (lifetime). */
  readonly period: string | null;
  /** The cap, spend and held amounts in exact pico-USD (null when the answer lacks them). */
  readonly capPicoUsd: bigint | null;
  readonly spentPicoUsd: bigint | null;
  readonly heldPicoUsd: bigint | null;
  /** When the period ends and the spend starts again from 0; null for a lifetime budget. */
  readonly resetsAt: Date | null;

  constructor(init: GatewayErrorInit, receivedAt = Date.now()) {
    super(init);
    this.retryAt = retryAt(this, receivedAt);
    const details = init.details ?? {};
    this.limitSource = typeof details.limit_source === 'string' ? details.limit_source : null;
    this.period = typeof details.period === 'string' ? details.period : null;
    this.capPicoUsd = picoOrNull(details.cap_usd);
    this.spentPicoUsd = picoOrNull(details.spent_usd);
    this.heldPicoUsd = picoOrNull(details.held_usd);
    this.resetsAt = typeof details.resets_at === 'string' ? new Date(details.resets_at) : null;
  }
}

function picoOrNull(value: unknown): bigint | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  try {
    return usdToPicoUsd(value);
  } catch {
    return null;
  }
}

/** No answer: the connection failed (refused, reset, DNS, TLS) or the answer was cut off. */
export class GatewayConnectionError extends GatewayError {
  /**
   * False only when the request certainly never left (connection refused, unknown host): then it was
   * neither forwarded nor billed, and retrying is safe. True (or unknown) otherwise.
   */
  readonly mayHaveBeenSent: boolean;

  constructor(message: string, options: { mayHaveBeenSent: boolean; cause?: unknown; requestId?: string | null }) {
    super({ code: 'connection_failed', status: 0, message, requestId: options.requestId ?? null, rateLimit: null, cause: options.cause });
    this.mayHaveBeenSent = options.mayHaveBeenSent;
  }
}

/** An answer that is not in the gateway's shape: a proxy's HTML page, a truncated body, an unknown error code. */
export class UnexpectedResponseError extends GatewayError {}

type ErrorClass = new (init: GatewayErrorInit, receivedAt?: number) => GatewayError;

/** The class of every code: the compiler insists on one for each code in ERROR_CODES. */
export const ERROR_CLASS_OF_CODE: { readonly [C in ErrorCode]: ErrorClass } = {
  missing_api_key: AuthenticationError,
  malformed_api_key: AuthenticationError,
  invalid_api_key: AuthenticationError,
  revoked_api_key: AuthenticationError,
  expired_api_key: AuthenticationError,
  invalid_admin_token: AuthenticationError,
  invalid_management_key: AuthenticationError,
  not_signed_in: AuthenticationError,
  invalid_credentials: AuthenticationError,
  budget_exceeded: BudgetExceededError,
  tenant_suspended: PermissionDeniedError,
  customer_suspended: PermissionDeniedError,
  endpoint_not_allowed: PermissionDeniedError,
  csrf_check_failed: PermissionDeniedError,
  insufficient_role: PermissionDeniedError,
  plan_change_not_allowed: PermissionDeniedError,
  endpoint_not_found: NotFoundError,
  model_not_found: NotFoundError,
  route_not_found: NotFoundError,
  resource_not_found: NotFoundError,
  method_not_allowed: InvalidRequestError,
  conflict: ConflictError,
  key_already_rotated: ConflictError,
  precondition_failed: ConflictError,
  invalid_json: InvalidRequestError,
  invalid_request: InvalidRequestError,
  invalid_invitation: InvalidRequestError,
  invalid_password_reset: InvalidRequestError,
  invalid_setup_token: AuthenticationError,
  operator_exists: ConflictError,
  payload_too_large: InvalidRequestError,
  request_timeout: InvalidRequestError,
  headers_too_large: InvalidRequestError,
  unsupported_media_type: InvalidRequestError,
  upstream_rejected: UpstreamError,
  context_length_exceeded: InvalidRequestError,
  content_policy_violation: InvalidRequestError,
  rate_limited: RateLimitedError,
  account_locked: RateLimitedError,
  too_many_streams: RateLimitedError,
  internal_error: InternalServerError,
  upstream_unavailable: UpstreamError,
  endpoint_disabled: ServiceUnavailableError,
  service_unavailable: ServiceUnavailableError,
  upstream_timeout: UpstreamError,
  stream_timeout: StreamTimeoutError,
  stream_duration_exceeded: StreamTimeoutError,
};

/** The HTTP status of every code as a JSON error (an in-band stream error gets its code's status). */
export const STATUS_OF_CODE: { readonly [C in ErrorCode]: number } = {
  missing_api_key: 401,
  malformed_api_key: 401,
  invalid_api_key: 401,
  revoked_api_key: 401,
  expired_api_key: 401,
  invalid_admin_token: 401,
  invalid_management_key: 401,
  not_signed_in: 401,
  invalid_credentials: 401,
  budget_exceeded: 402,
  tenant_suspended: 403,
  customer_suspended: 403,
  endpoint_not_allowed: 403,
  csrf_check_failed: 403,
  insufficient_role: 403,
  plan_change_not_allowed: 403,
  endpoint_not_found: 404,
  model_not_found: 404,
  route_not_found: 404,
  resource_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  key_already_rotated: 409,
  precondition_failed: 412,
  invalid_json: 400,
  invalid_request: 400,
  invalid_invitation: 400,
  invalid_password_reset: 400,
  invalid_setup_token: 401,
  operator_exists: 409,
  payload_too_large: 413,
  request_timeout: 408,
  headers_too_large: 431,
  unsupported_media_type: 415,
  upstream_rejected: 422,
  context_length_exceeded: 400,
  content_policy_violation: 400,
  rate_limited: 429,
  account_locked: 429,
  too_many_streams: 429,
  internal_error: 500,
  upstream_unavailable: 502,
  endpoint_disabled: 503,
  service_unavailable: 503,
  upstream_timeout: 504,
  stream_timeout: 504,
  stream_duration_exceeded: 504,
};

const isKnownCode = (code: string): code is ErrorCode => Object.prototype.hasOwnProperty.call(ERROR_CLASS_OF_CODE, code);

export function errorFor(init: GatewayErrorInit, receivedAt?: number): GatewayError {
  const Class = isKnownCode(init.code) ? ERROR_CLASS_OF_CODE[init.code] : UnexpectedResponseError;
  return new Class(init, receivedAt);
}

/**
 * The error of a failed answer, from its status, headers and body text (the gateway's error shape, or
 * anything else). `baseUrl`: the gateway's, under which the body's `docs` path is made absolute.
 */
export function errorFromAnswer(
  status: number,
  headers: Headers,
  bodyText: string,
  receivedAt = Date.now(),
  baseUrl?: string,
): GatewayError {
  const rateLimit = readRateLimit(headers, receivedAt);
  const headerRequestId = headers.get('x-service-request-id');
  const parsed = parseErrorBody(bodyText);
  if (!parsed) {
    return new UnexpectedResponseError({
      code: 'unexpected_response',
      status,
      message: `HTTP ${status} without the gateway's error body${bodyText ? `: ${bodyText.slice(0, 200)}` : ''}`,
      requestId: headerRequestId,
      rateLimit,
    });
  }
  return errorFor(
    {
      code: parsed.code,
      status,
      message: parsed.message,
      requestId: parsed.requestId ?? headerRequestId,
      details: parsed.details,
      docs: docsUrl(parsed.docs, baseUrl),
      rateLimit,
    },
    receivedAt,
  );
}

/** The error of an in-band stream error event (`{id, error: {code, message}, done: true, usage}`). */
export function errorFromStreamEvent(
  error: { code: string; message?: string; details?: Record<string, unknown> },
  requestId: string | null,
  rateLimit: RateLimitState | null,
  streamUsage: StreamUsage | undefined,
): GatewayError {
  return errorFor({
    code: error.code,
    status: isKnownCode(error.code) ? STATUS_OF_CODE[error.code] : 0,
    message: error.message ?? error.code,
    requestId,
    details: error.details,
    rateLimit,
    streamUsage,
  });
}

interface ParsedErrorBody {
  code: string;
  message: string;
  requestId: string | null;
  details: Record<string, unknown> | undefined;
  docs: string | null;
}

/**
 * The gateway sends `docs` as a path on itself (`/docs/guide/api/errors#…`), like the other links it
 * sends: under the base URL the client called, whatever host name or proxy prefix that is.
 */
function docsUrl(docs: string | null, baseUrl: string | undefined): string | null {
  if (docs === null || !docs.startsWith('/') || docs.startsWith('//') || baseUrl === undefined) return docs;
  return `${baseUrl.replace(/\/+$/, '')}${docs}`;
}

function parseErrorBody(text: string): ParsedErrorBody | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(body) || !isObject(body.error) || typeof body.error.code !== 'string') return null;
  const { code, message, request_id: requestId, details, docs } = body.error;
  return {
    code,
    message: typeof message === 'string' ? message : code,
    requestId: typeof requestId === 'string' ? requestId : null,
    details: isObject(details) ? details : undefined,
    docs: typeof docs === 'string' ? docs : null,
  };
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
