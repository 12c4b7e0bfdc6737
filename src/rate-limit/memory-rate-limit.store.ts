import { budgetStateTtlMs, checkHoldId, retryAfter } from './redis-rate-limit.store';
import type {
  BucketState,
  BudgetBucket,
  BudgetCheck,
  BudgetOutcome,
  BudgetSettlement,
  BudgetState,
  ConsumeResult,
  LimitBucket,
  RateLimitStore,
} from './rate-limit.types';

const SWEEP_INTERVAL_MS = 60_000;
/** Default bound on live windows (one per caller and limit): a few MB at most. */
export const MAX_MEMORY_WINDOWS = 100_000;

interface Window {
  count: number;
  endsAt: number;
}

/** A budget period: the ledger's spend, and the holds of calls in flight (amount, lapse time). */
interface BudgetPeriodState {
  spent: bigint;
  held: bigint;
  holds: Map<string, { amount: bigint; lapsesAt: number }>;
  /** When the state is dropped: the period's end plus a grace (a lifetime budget's: 30 days unused). */
  dropAt: number;
}

/**
 * The same semantics as the Redis script, for a single process without REDIS_URL (and for the
 * operator API while Redis is down). JavaScript runs one call at a time, so check-then-charge is
 * atomic here too. Expired windows are swept.
 *
 * Bounded: at most `maxWindows` windows. A new window is appended (a renewed one moves to the end),
 * so the map is in order of window start; when full, the first window goes: expired ones first,
 * else the oldest live one, which is the one closest to its reset anyway. Chosen over refusing new
 * callers when full, which would let a flood of distinct callers lock everyone else out; the cost
 * is that such a flood can end other callers' oldest windows early.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  /** Budgets of the embedded default (one process): as many as the keys, customers and tenants that have one. */
  private readonly budgets = new Map<string, BudgetPeriodState>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxWindows: number = MAX_MEMORY_WINDOWS,
  ) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS).unref();
  }

  async consume(buckets: readonly LimitBucket[], budgets?: BudgetCheck): Promise<ConsumeResult> {
    checkHoldId(budgets);
    const now = this.now();
    const current = buckets.map((b) => this.current(b, now));
    const roomInBuckets = current.every((w, i) => w.count + 1 <= buckets[i].limit);
    const budget: BudgetOutcome = roomInBuckets && budgets ? this.checkBudgets(budgets.buckets, now) : { kind: 'ok' };
    const allowed = roomInBuckets && budget.kind === 'ok';
    if (allowed) {
      buckets.forEach((b, i) => {
        current[i].count += 1;
        this.store(b.key, current[i], current[i].count === 1);
      });
      if (budgets) this.hold(budgets, now);
    }
    const states = this.states(buckets, current);
    return { allowed, buckets: states, retryAfterMs: roomInBuckets ? 0 : retryAfter(states, now), budget };
  }

  async settleBudgets(settlements: BudgetSettlement[]): Promise<void> {
    const now = this.now();
    for (const s of settlements) {
      let state = this.budgetPeriod(s.key, now);
      if (!state) {
        state = { spent: 0n, held: 0n, holds: new Map(), dropAt: Infinity };
        this.budgets.set(s.key, state);
      }
      if (s.spentPicoUsd > state.spent) state.spent = s.spentPicoUsd;
      state.dropAt = now + budgetStateTtlMs(s.periodEndMs, now);
      for (const id of s.releasedHoldIds) this.release(state, id);
    }
  }

  async budgetState(key: string): Promise<BudgetState | null> {
    const state = this.budgetPeriod(key, this.now());
    return state ? { spentPicoUsd: state.spent, heldPicoUsd: state.held } : null;
  }

  async peek(buckets: readonly LimitBucket[]): Promise<BucketState[]> {
    const now = this.now();
    return this.states(
      buckets,
      buckets.map((b) => this.current(b, now)),
    );
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  /** Number of live windows (for tests of the sweep). */
  get size(): number {
    return this.windows.size;
  }

  sweep(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
    for (const [key, b] of this.budgets) if (b.dropAt <= now) this.budgets.delete(key);
  }

  /** The Redis script's budget check, exactly: a state that is absent is `unknown`, never assumed empty. */
  private checkBudgets(buckets: BudgetBucket[], now: number): BudgetOutcome {
    for (let index = 0; index < buckets.length; index++) {
      const state = this.budgetPeriod(buckets[index].key, now);
      if (!state) return { kind: 'unknown', index };
      if (state.spent + state.held >= buckets[index].capPicoUsd) {
        return { kind: 'exceeded', index, state: { spentPicoUsd: state.spent, heldPicoUsd: state.held } };
      }
    }
    return { kind: 'ok' };
  }

  private hold({ buckets, hold }: BudgetCheck, now: number): void {
    for (const bucket of buckets) {
      const state = this.budgets.get(bucket.key)!;
      state.holds.set(hold.id, { amount: bucket.holdPicoUsd, lapsesAt: now + hold.ttlMs });
      state.held += bucket.holdPicoUsd;
    }
  }

  /** A budget period's state with its lapsed holds released; undefined once dropped. */
  private budgetPeriod(key: string, now: number): BudgetPeriodState | undefined {
    const state = this.budgets.get(key);
    if (!state) return undefined;
    if (state.dropAt <= now) {
      this.budgets.delete(key);
      return undefined;
    }
    for (const [id, h] of state.holds) if (h.lapsesAt <= now) this.release(state, id);
    return state;
  }

  private release(state: BudgetPeriodState, id: string): void {
    const hold = state.holds.get(id);
    if (!hold) return;
    state.holds.delete(id);
    state.held -= hold.amount;
  }

  private store(key: string, window: Window, isNew: boolean): void {
    if (!isNew) {
      this.windows.set(key, window);
      return;
    }
    this.windows.delete(key);
    if (this.windows.size >= this.maxWindows) {
      const first = this.windows.keys().next().value;
      if (first !== undefined) this.windows.delete(first);
    }
    this.windows.set(key, window);
  }

  private current(bucket: LimitBucket, now: number): Window {
    const existing = this.windows.get(bucket.key);
    if (existing && existing.endsAt > now) return { ...existing };
    return { count: 0, endsAt: now + bucket.windowMs };
  }

  private states(buckets: readonly LimitBucket[], windows: Window[]): BucketState[] {
    return buckets.map((b, i) => ({ limit: b.limit, remaining: Math.max(0, b.limit - windows[i].count), resetAtMs: windows[i].endsAt }));
  }
}
