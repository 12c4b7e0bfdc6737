/**
 * Opt-in retries: exponential backoff with jitter, honouring Retry-After, and only for failures
 * that are safe to repeat.
 *
 * The gateway has no idempotency keys, so the rule is: never retry a call that may have been
 * forwarded to an upstream or billed. Safe are the answers the gateway gives *before* it forwards
 * anything (docs/api/calls.md, "Checks and their order": checks run key → slug → limits and budgets → body → open streams →
 * upstream), whose outcome can change with time:
 *   429 rate_limited, 429 too_many_streams, 402 budget_exceeded, 503 service_unavailable,
 *   503 endpoint_disabled, 408 request_timeout;
 * and a connection that certainly never carried the request (refused, unknown host). Never retried:
 * a timeout or a reset after the request was sent, any upstream failure (422/502/504: forwarded),
 * 500, and a stream once it has started. The reseller API adds its idempotent methods (GET, PUT,
 * DELETE), which are not billed and may be repeated after any connection failure or 5xx.
 */
import { GatewayConnectionError, GatewayError } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** The first backoff step (default 500 ms); each next one doubles. */
  baseDelayMs?: number;
  /** The longest backoff step (default 10 s). */
  maxDelayMs?: number;
  /**
   * The longest Retry-After the SDK waits for (default 60 s). A longer one (a budget that resets at
   * the end of the month) is not waited for: the error is thrown at once, with its `retryAt`.
   */
  maxRetryAfterMs?: number;
  /** Called before each wait, e.g. to log it. */
  onRetry?: (event: RetryEvent) => void;
}

export interface RetryEvent {
  /** The retry about to happen: 1 for the first. */
  retry: number;
  /** How long the SDK waits before it. */
  delayMs: number;
  /** The failure being retried. */
  error: GatewayError;
}

export type ResolvedRetryOptions = Required<Omit<RetryOptions, 'onRetry'>> & Pick<RetryOptions, 'onRetry'>;

export const DEFAULT_RETRY: ResolvedRetryOptions = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 };

/** `true`: the defaults; `false` or absent: no retries; an object: the defaults with these changes. */
export type RetrySetting = boolean | RetryOptions;

export function resolveRetry(setting: RetrySetting | undefined): ResolvedRetryOptions | null {
  if (!setting) return null;
  return setting === true ? DEFAULT_RETRY : { ...DEFAULT_RETRY, ...definedOnly(setting) };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Codes the gateway answers before forwarding anything, that may pass on a later try. */
const REFUSED_BEFORE_FORWARDING = new Set([
  'rate_limited',
  'too_many_streams',
  'budget_exceeded',
  'service_unavailable',
  'endpoint_disabled',
  'request_timeout',
]);

/** Statuses an idempotent, unbilled request (reseller GET/PUT/DELETE) may be repeated after. */
const REPEATABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/**
 * Whether `error` may be retried. `idempotent`: repeating the request can do no harm whatever the
 * first attempt did (reseller API reads and replacements), so any connection failure and 5xx count.
 */
export function isRetryable(error: GatewayError, idempotent: boolean): boolean {
  if (error instanceof GatewayConnectionError) return idempotent || !error.mayHaveBeenSent;
  // A spent lifetime budget has no Retry-After: nothing will change by waiting.
  if (error.code === 'budget_exceeded') return error.retryAfterSeconds !== null;
  if (REFUSED_BEFORE_FORWARDING.has(error.code)) return true;
  return idempotent && REPEATABLE_STATUSES.has(error.status);
}

/**
 * The wait before retry number `retry` (1-based), or null when the SDK should not wait for it
 * (Retry-After beyond maxRetryAfterMs). Without Retry-After: "full jitter" (a random wait up to the
 * exponential step), which spreads clients that failed together. With it: never earlier than it
 * says, plus up to one base step of jitter, so that callers refused by the same window do not all
 * come back in the same millisecond.
 */
export function retryDelayMs(
  retry: number,
  retryAfterSeconds: number | null,
  options: ResolvedRetryOptions,
  random = Math.random,
): number | null {
  if (retryAfterSeconds !== null) {
    const retryAfterMs = retryAfterSeconds * 1000;
    if (retryAfterMs > options.maxRetryAfterMs) return null;
    return retryAfterMs + Math.floor(random() * options.baseDelayMs);
  }
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * step);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** What an aborted signal rejects with: its reason (an AbortError DOMException unless the caller gave one). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
