import { Inject, Injectable } from '@nestjs/common';
import { AuditWriterService } from '../audit/audit-writer.service';
import { PrismaService } from '../database/prisma.service';
import { GatewayMetrics } from '../metrics/gateway-metrics';
import { EVENT_BUS, type EventBus } from '../redis/event-bus';
import type { RedisClient } from '../redis/redis-client';
import { REDIS } from '../redis/redis.module';

/**
 * What /readyz looks at, as metrics read at each scrape: the Postgres pool, Redis and the event
 * bus, and the audit writer (buffer, spill, dead letters). No probe is sent: a scrape costs no
 * query and no round trip.
 */
@Injectable()
export class HealthMetrics {
  constructor(
    metrics: GatewayMetrics,
    prisma: PrismaService,
    @Inject(REDIS) redis: RedisClient | null,
    @Inject(EVENT_BUS) bus: EventBus,
    audit: AuditWriterService,
  ) {
    metrics.collectPostgresPool(prisma.pool);
    if (redis) metrics.collectRedis(() => redis.status === 'ready');
    metrics.collectEventBus(() => bus.listening);
    metrics.collectAuditWriter(() => audit.stats());
  }
}
