import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig, parseRedisClusterNodes } from '../config/app-config';
import { EVENT_BUS, EventBus, InProcessEventBus, RedisEventBus } from './event-bus';
import { coalesceCommandWrites, createClusterSubscriber, createRedisCluster, RedisClient, redisOptions } from './redis-client';

/**
 * The shared ioredis connection: one Redis (REDIS_URL) or a cluster (REDIS_CLUSTER_NODES), or null
 * with neither (single-process mode).
 */
export const REDIS = Symbol('REDIS');

/**
 * Owns the Redis connections: one for commands and, for pub/sub, a dedicated subscriber. Without
 * REDIS_URL or REDIS_CLUSTER_NODES the gateway runs as one process with in-process stand-ins (see
 * rate-limit, event bus).
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): RedisClient | null => {
        const clusterNodes = config.REDIS_CLUSTER_NODES ? parseRedisClusterNodes(config.REDIS_CLUSTER_NODES) : null;
        if (!config.REDIS_URL && !clusterNodes) return null;
        const redis = clusterNodes ? createRedisCluster(clusterNodes, config) : new Redis(config.REDIS_URL!, redisOptions(config));
        if (!redis.isCluster) coalesceCommandWrites(redis as Redis);
        const logger = new Logger('Redis');
        redis.on('error', (err: Error) => logger.warn(`Redis connection error: ${err.message}`));
        return redis;
      },
    },
    {
      provide: EVENT_BUS,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: RedisClient | null): EventBus => {
        if (!redis) return new InProcessEventBus();
        // Re-subscription is the bus's own job: it must know when Redis confirmed it.
        const subscriberOptions = { autoResubscribe: false, connectionName: `${config.REDIS_KEY_PREFIX}events` };
        const subscriber = redis.isCluster
          ? createClusterSubscriber(parseRedisClusterNodes(config.REDIS_CLUSTER_NODES!)!, { ...redisOptions(config), ...subscriberOptions })
          : (redis as Redis).duplicate(subscriberOptions);
        return new RedisEventBus(redis, subscriber, `${config.REDIS_KEY_PREFIX}events:`, new Logger('EventBus'));
      },
    },
  ],
  exports: [REDIS, EVENT_BUS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient | null,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}
