/**
 * The rate-limit state of one answer, read from its headers: the gateway's X-RateLimit-* trio (the
 * most constrained limit; the rejecting one on a 429), the IETF draft's RateLimit-Policy and
 * RateLimit structured fields (one item per limit that applied: `endpoint`, `key`, `customer`,
 * `tenant`, …) and Retry-After. Every result and every error answered by the gateway carries one.
 */

/** One item of `RateLimit-Policy`: `"endpoint";q=100;w=60`. */
export interface RateLimitPolicy {
  /** Which limit: `endpoint`, `key`, `customer_endpoint`, `customer`, `tenant`, … */
  name: string;
  /** Requests allowed per window. */
  quota: number;
  /** Window length in seconds. */
  windowSeconds: number;
}

/** One item of `RateLimit`: `"endpoint";r=99;t=42`. */
export interface RateLimitItem {
  name: string;
  /** Requests left in the current window. */
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface RateLimitState {
  /** `X-RateLimit-Limit`: requests allowed in the window of the most constrained limit. */
  limit: number | null;
  /** `X-RateLimit-Remaining`. */
  remaining: number | null;
  /** `X-RateLimit-Reset`: when that window resets. */
  reset: Date | null;
  /** `RateLimit-Policy`, one item per limit that applied. */
  policies: RateLimitPolicy[];
  /** `RateLimit`, one item per limit that applied. */
  limits: RateLimitItem[];
  /** `Retry-After` in seconds (429, 402), else null. */
  retryAfterSeconds: number | null;
}

/** Reads the rate-limit state of an answer. `now` is when it arrived (for the relative fields). */
export function readRateLimit(headers: Headers, now = Date.now()): RateLimitState {
  const policies: RateLimitPolicy[] = [];
  for (const item of parseStructuredList(headers.get('ratelimit-policy'))) {
    const quota = item.params.get('q');
    const window = item.params.get('w');
    if (typeof quota === 'number') policies.push({ name: item.name, quota, windowSeconds: typeof window === 'number' ? window : 0 });
  }
  const limits: RateLimitItem[] = [];
  for (const item of parseStructuredList(headers.get('ratelimit'))) {
    const remaining = item.params.get('r');
    const reset = item.params.get('t');
    if (typeof remaining === 'number') limits.push({ name: item.name, remaining, resetSeconds: typeof reset === 'number' ? reset : 0 });
  }
  return {
    limit: integerHeader(headers.get('x-ratelimit-limit')),
    remaining: integerHeader(headers.get('x-ratelimit-remaining')),
    reset: resetHeader(headers.get('x-ratelimit-reset'), now),
    policies,
    limits,
    retryAfterSeconds: retryAfterSeconds(headers.get('retry-after'), now),
  };
}

/** `Retry-After` in seconds: delay-seconds, or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function integerHeader(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}

/** The public API sends an ISO 8601 time; the reseller and operator APIs (stock throttler) seconds from now. */
function resetHeader(value: string | null, now: number): Date | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return new Date(now + Number(text) * 1000);
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

interface ListItem {
  name: string;
  params: Map<string, number | string | boolean>;
}

/**
 * A structured-field list (RFC 9651) of string or token items with parameters, as far as these two
 * headers use it. An item that does not parse is skipped rather than failing the whole answer.
 */
export function parseStructuredList(value: string | null): ListItem[] {
  if (!value) return [];
  const items: ListItem[] = [];
  let i = 0;
  const skipSpaces = () => {
    while (value[i] === ' ' || value[i] === '\t') i++;
  };
  const readString = (): string | null => {
    if (value[i] !== '"') return null;
    let out = '';
    for (i++; i < value.length; i++) {
      const c = value[i];
      if (c === '\\' && i + 1 < value.length) out += value[++i];
      else if (c === '"') {
        i++;
        return out;
      } else out += c;
    }
    return null;
  };
  const readBare = (): string => {
    const start = i;
    while (i < value.length && !/[;,\s="]/.test(value[i])) i++;
    return value.slice(start, i);
  };
  const bareValue = (text: string): number | string | boolean => {
    if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    if (text === '?1') return true;
    if (text === '?0') return false;
    return text;
  };
  while (i < value.length) {
    skipSpaces();
    const name = value[i] === '"' ? readString() : readBare();
    const params = new Map<string, number | string | boolean>();
    let valid = name !== null && name !== '';
    for (skipSpaces(); value[i] === ';'; skipSpaces()) {
      i++;
      skipSpaces();
      const key = readBare();
      if (value[i] === '=') {
        i++;
        const raw = value[i] === '"' ? readString() : bareValue(readBare());
        if (raw === null) valid = false;
        else params.set(key, raw);
      } else {
        params.set(key, true);
      }
    }
    if (valid && name) items.push({ name, params });
    // Whatever is left of a malformed item, up to the next comma.
    while (i < value.length && value[i] !== ',') i++;
    i++;
  }
  return items;
}
