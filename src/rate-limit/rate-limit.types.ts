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

/**
 * A spend cap checked with a call's limits. The call is admitted while the period's spend plus the
 * holds of calls in flight is below the cap; it then holds `holdPicoUsd` (the most it can cost)
 * until its audit record lands in the ledger, which settles the hold to the actual cost. So calls
 * running together overspend by less than one call's hold.
 */
export interface BudgetBucket {
  /** Storage key of this budget's period (without the deployment prefix), in the call's hash tag. */
  key: string;
  capPicoUsd: bigint;
  holdPicoUsd: bigint;
  /** Epoch ms when the period ends; null for a lifetime budget. The state is kept a day longer. */
  periodEndMs: number | null;
}

/** The hold a call places on each of its budgets: its request id, and when the hold lapses unsettled. */
export interface BudgetHold {
  /** The call's request id, which its audit record's settlement names: never holds a ',' (the Redis store's separator). */
  id: string;
  ttlMs: number;
}

/** A budget's live state: the ledger's spend of the period and the holds of calls in flight. */
export interface BudgetState {
  spentPicoUsd: bigint;
  heldPicoUsd: bigint;
}

/**
 * What the budgets said: all had room (`ok`); one is spent or held up to its cap (`exceeded`, with
 * its index and state); or one has no state in the store (`unknown`, its index: never seen this
 * period, or the store lost it), to be restored from the ledger before the call is decided.
 */
export type BudgetOutcome = { kind: 'ok' } | { kind: 'exceeded'; index: number; state: BudgetState } | { kind: 'unknown'; index: number };

export interface ConsumeResult {
  /** True when every bucket and budget had room; then each bucket was charged one call and each budget held. Otherwise nothing was. */
  allowed: boolean;
  /** One state per bucket, in the order given. */
  buckets: BucketState[];
  /** When rejected by a bucket: milliseconds until the first rejecting bucket's window resets. 0 otherwise. */
  retryAfterMs: number;
  /** The budgets' verdict (`ok` when the call has none); only looked at once every bucket had room. */
  budget: BudgetOutcome;
}

/**
 * The ledger's word on one budget period after an audit batch landed: the period's spend (an
 * absolute figure: the store keeps the larger of what it has and this, so a late or repeated
 * settlement never lowers it) and the holds of the calls whose records were in the batch.
 */
export interface BudgetSettlement {
  key: string;
  spentPicoUsd: bigint;
  periodEndMs: number | null;
  releasedHoldIds: string[];
}

/**
 * Atomic multi-bucket counter. `consume` checks all buckets and, only if every one has room,
 * charges each; a call rejected by one limit consumes none of the others.
 * Window semantics: fixed window that starts at a bucket's first call and lasts windowMs.
 * A frozen list of frozen buckets is one that is reused for many calls (a caller's limits on one
 * endpoint, RateLimitService.callLimits): a store may keep what it derives from it while it lives.
 */
export interface RateLimitStore {
  consume(buckets: readonly LimitBucket[], budgets?: BudgetCheck): Promise<ConsumeResult>;
  /** Current state without charging (for headers on responses that are not counted). */
  peek(buckets: readonly LimitBucket[]): Promise<BucketState[]>;
  /** Applies the ledger's figures after an audit batch landed (also restores a budget the store lost). */
  settleBudgets(settlements: BudgetSettlement[]): Promise<void>;
  /** A budget period's live state; null when the store has none. */
  budgetState(key: string): Promise<BudgetState | null>;
}

/** The budgets of one call, and the hold it places on each if admitted. */
export interface BudgetCheck {
  buckets: BudgetBucket[];
  hold: BudgetHold;
}

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');
