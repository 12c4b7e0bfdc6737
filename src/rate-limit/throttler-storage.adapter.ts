import type { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import type { MemoryRateLimitStore } from './memory-rate-limit.store';
import type { RateLimitStore } from './rate-limit.types';

export interface FallbackLogger {
  warn(message: string): void;
  log(message: string): void;
}

/**
 * @nestjs/throttler's storage interface on top of our store, so the stock ThrottlerGuard (operator
 * API) counts in Redis too. Differences from the library's in-memory storage: a rejected call is
 * not counted, and there is no separate block period (blockDuration): a client is blocked until
 * its window ends, which is what Retry-After then says.
 *
 * With a `fallback` store, a failing store (Redis down) does not take the operator API down: its
 * limits are then kept per process in the fallback until the store answers again (logged once
 * each way). Operators must be able to revoke keys and suspend tenants during a Redis outage.
 */
export class RateLimitThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private degraded = false;

  constructor(
    private readonly store: RateLimitStore,
    private readonly fallback?: MemoryRateLimitStore,
    private readonly logger?: FallbackLogger,
  ) {}

  /** Nest calls this on the throttler's storage provider: stops the fallback's sweeper. */
  onApplicationShutdown(): void {
    this.fallback?.close();
  }

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const buckets = [{ key: `{throttler:${throttlerName}:${key}}`, limit, windowMs: ttl }];
    const result = await this.consume(buckets);
    const state = result.buckets[0];
    const secondsLeft = Math.max(1, Math.ceil((state.resetAtMs - Date.now()) / 1000));
    return {
      totalHits: result.allowed ? limit - state.remaining : limit + 1,
      timeToExpire: secondsLeft,
      isBlocked: !result.allowed,
      timeToBlockExpire: result.allowed ? 0 : secondsLeft,
    };
  }

  private async consume(buckets: Parameters<RateLimitStore['consume']>[0]) {
    if (!this.fallback) return this.store.consume(buckets);
    try {
      const result = await this.store.consume(buckets);
      if (this.degraded) {
        this.degraded = false;
        this.logger?.log('Rate-limit store is back: operator API limits are shared again');
      }
      return result;
    } catch (err) {
      if (!this.degraded) {
        this.degraded = true;
        this.logger?.warn(`Rate-limit store unavailable (${(err as Error).message}): operator API limits are kept in process`);
      }
      return this.fallback.consume(buckets);
    }
  }
}
