import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { RedisClient } from '../redis/redis-client';
import { REDIS } from '../redis/redis.module';
import { MemoryRateLimitStore } from './memory-rate-limit.store';
import { RATE_LIMIT_STORE, RateLimitStore } from './rate-limit.types';
import { RateLimitService } from './rate-limit.service';
import { RedisRateLimitStore } from './redis-rate-limit.store';
import { RateLimitThrottlerStorage } from './throttler-storage.adapter';

/** The counter behind every limit: the atomic Redis script, or an in-process map without Redis. */
@Global()
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORE,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: RedisClient | null): RateLimitStore =>
        redis ? new RedisRateLimitStore(redis, `${config.REDIS_KEY_PREFIX}rl:`) : new MemoryRateLimitStore(),
    },
  ],
  exports: [RATE_LIMIT_STORE],
})
export class RateLimitStoreModule implements OnApplicationShutdown {
  constructor(@Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore) {}

  onApplicationShutdown(): void {
    if (this.store instanceof MemoryRateLimitStore) this.store.close();
  }
}

/**
 * Rate limits: @nestjs/throttler's module, guard and storage interface, carried by our store.
 * The plain ThrottlerGuard (operator API, per client IP) and the gateway's CallRateLimitGuard (public calls,
 * every limit of a call in one atomic check) share the same store and window.
 */
@Module({
  imports: [
    RateLimitStoreModule,
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, RATE_LIMIT_STORE],
      useFactory: (config: AppConfig, store: RateLimitStore) => ({
        throttlers: [{ name: 'default', ttl: config.RATE_LIMIT_WINDOW_SECONDS * 1000, limit: config.ADMIN_RATE_LIMIT }],
        // With Redis, the operator API falls back to in-process limits while Redis is down.
        storage: new RateLimitThrottlerStorage(
          store,
          store instanceof RedisRateLimitStore ? new MemoryRateLimitStore() : undefined,
          new Logger('AdminRateLimit'),
        ),
      }),
    }),
  ],
  providers: [RateLimitService],
  exports: [RateLimitService, ThrottlerModule],
})
export class RateLimitModule {}
