import { retryAfter } from './redis-rate-limit.store';
import type { BucketState, ConsumeResult, LimitBucket, RateLimitStore } from './rate-limit.types';

const SWEEP_INTERVAL_MS = 60_000;

interface Window {
  count: number;
  endsAt: number;
}

/**
 * The same semantics as the Redis script, for a single process without REDIS_URL. JavaScript runs
 * one call at a time, so check-then-charge is atomic here too. Expired windows are swept.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS).unref();
  }

  async consume(buckets: LimitBucket[]): Promise<ConsumeResult> {
    const now = this.now();
    const current = buckets.map((b) => this.current(b, now));
    const allowed = current.every((w, i) => w.count + 1 <= buckets[i].limit);
    if (allowed) {
      buckets.forEach((b, i) => {
        current[i].count += 1;
        this.windows.set(b.key, current[i]);
      });
    }
    const states = this.states(buckets, current);
    return { allowed, buckets: states, retryAfterMs: allowed ? 0 : retryAfter(states, now) };
  }

  async peek(buckets: LimitBucket[]): Promise<BucketState[]> {
    const now = this.now();
    return this.states(buckets, buckets.map((b) => this.current(b, now)));
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

  private current(bucket: LimitBucket, now: number): Window {
    const existing = this.windows.get(bucket.key);
    if (existing && existing.endsAt > now) return { ...existing };
    return { count: 0, endsAt: now + bucket.windowMs };
  }

  private states(buckets: LimitBucket[], windows: Window[]): BucketState[] {
    return buckets.map((b, i) => ({ limit: b.limit, remaining: Math.max(0, b.limit - windows[i].count), resetAtMs: windows[i].endsAt }));
  }
}
