import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import type { RateLimitStore } from './rate-limit.types';

/**
 * @nestjs/throttler's storage interface on top of our store, so the stock ThrottlerGuard (operator
 * API) counts in Redis too. Differences from the library's in-memory storage: a rejected call is
 * not counted, and there is no separate block period (blockDuration): a client is blocked until
 * its window ends, which is what Retry-After then says.
 */
export class RateLimitThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly store: RateLimitStore) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const bucketKey = `{throttler:${throttlerName}:${key}}`;
    const result = await this.store.consume([{ key: bucketKey, limit, windowMs: ttl }]);
    const state = result.buckets[0];
    const secondsLeft = Math.max(1, Math.ceil((state.resetAtMs - Date.now()) / 1000));
    return {
      totalHits: result.allowed ? limit - state.remaining : limit + 1,
      timeToExpire: secondsLeft,
      isBlocked: !result.allowed,
      timeToBlockExpire: result.allowed ? 0 : secondsLeft,
    };
  }
}
