import type { BucketState } from './rate-limit.types';

/** Named limits of one call and their state after the check; drives every rate-limit header. */
export interface RateLimitDecision {
  /** Policy names in the order of `states` (e.g. "endpoint", "tenant", "invalid"). */
  names: readonly string[];
  windowSeconds: number;
  states: BucketState[];
  /** Index of the state shown in X-RateLimit-*: the rejecting bucket, else the one with least room. */
  shown: number;
  /** The RateLimit-Policy header when it was built with the limits (a caller's on an endpoint); else built from names and states. */
  policy?: string;
}
