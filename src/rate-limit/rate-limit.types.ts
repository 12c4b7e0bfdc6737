/** One limit that applies to a call: at most `limit` calls per `windowMs` under `key`. */
export interface LimitBucket {
  /** Storage key without the deployment prefix. Buckets of one call share a Redis Cluster hash tag. */
  key: string;
  limit: number;
  windowMs: number;
}

export interface BucketState {
  limit: number;
  /** Calls left in the current window after this call (never negative). */
  remaining: number;
  /** Epoch milliseconds at which the current window ends. */
  resetAtMs: number;
}

export interface ConsumeResult {
  /** True when every bucket had room; then each bucket was charged one call. Otherwise none was. */
  allowed: boolean;
  /** One state per bucket, in the order given. */
  buckets: BucketState[];
  /** When rejected: milliseconds until the first rejecting bucket's window resets. 0 when allowed. */
  retryAfterMs: number;
}

/**
 * Atomic multi-bucket counter. `consume` checks all buckets and, only if every one has room,
 * charges each; a call rejected by one limit consumes none of the others.
 * Window semantics: fixed window that starts at a bucket's first call and lasts windowMs.
 */
export interface RateLimitStore {
  consume(buckets: LimitBucket[]): Promise<ConsumeResult>;
  /** Current state without charging (for headers on responses that are not counted). */
  peek(buckets: LimitBucket[]): Promise<BucketState[]>;
}

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');
