import { retryAfter } from './redis-rate-limit.store';
import type { BucketState, ConsumeResult, LimitBucket, RateLimitStore } from './rate-limit.types';

const SWEEP_INTERVAL_MS = 60_000;
/** Default bound on live windows (one per caller and limit): a few MB at most. */
export const MAX_MEMORY_WINDOWS = 100_000;

interface Window {
  count: number;
  endsAt: number;
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
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxWindows: number = MAX_MEMORY_WINDOWS,
  ) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS).unref();
  }

  async consume(buckets: LimitBucket[]): Promise<ConsumeResult> {
    const now = this.now();
    const current = buckets.map((b) => this.current(b, now));
    const allowed = current.every((w, i) => w.count + 1 <= buckets[i].limit);
    if (allowed) {
      buckets.forEach((b, i) => {
        current[i].count += 1;
        this.store(b.key, current[i], current[i].count === 1);
      });
    }
    const states = this.states(buckets, current);
    return { allowed, buckets: states, retryAfterMs: allowed ? 0 : retryAfter(states, now) };
  }

  async peek(buckets: LimitBucket[]): Promise<BucketState[]> {
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

  private states(buckets: LimitBucket[], windows: Window[]): BucketState[] {
    return buckets.map((b, i) => ({ limit: b.limit, remaining: Math.max(0, b.limit - windows[i].count), resetAtMs: windows[i].endsAt }));
  }
}
