import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AuditWriterService } from '../audit/audit-writer.service';
import { PrismaService } from '../database/prisma.service';
import { ReadDatabase, type ReplicaState } from '../database/read-database';
import type { RedisClient } from '../redis/redis-client';
import { REDIS } from '../redis/redis.module';

const PROBE_TIMEOUT_MS = 2000;

/**
 * Readiness: Postgres and Redis answer, the process is not shutting down, and no audit record is
 * held only in this process's memory because the disk refused its spill: such a process reports
 * `not_ready` (checks.audit = 'spill_failing') so the operator sees it and traffic moves to
 * processes that can keep their records. The read replica (DATABASE_READ_URL) is reported but never
 * makes the process unready: while it is down or lagging, its reads go to the primary.
 */
@Injectable()
export class HealthService implements OnApplicationShutdown {
  private shuttingDown = false;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(REDIS) private readonly redis: RedisClient | null,
    private readonly audit: AuditWriterService,
    private readonly reads: ReadDatabase,
  ) {}

  /** Called as soon as SIGTERM arrives, so load balancers stop sending new calls. */
  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  onApplicationShutdown(): void {
    this.shuttingDown = true;
  }

  async readiness() {
    const [postgres, redis, replica] = await Promise.all([
      probe(() => this.prisma.$queryRaw`SELECT 1`),
      this.redis ? probe(() => this.redis!.ping()) : Promise.resolve('not_configured' as const),
      this.replicaState(),
    ]);
    const stats = this.audit.stats();
    const audit = stats.spillFailedRecords > 0 ? 'spill_failing' : 'ok';
    const ready = !this.shuttingDown && postgres === 'up' && redis !== 'down' && audit === 'ok';
    return {
      status: ready ? 'ready' : 'not_ready',
      shutting_down: this.shuttingDown,
      checks: { postgres, redis, audit, postgres_replica: replica.state },
      ...('lag_ms' in replica ? { postgres_replica_lag_ms: replica.lag_ms } : {}),
      audit: {
        buffered: stats.buffered,
        spilled: stats.spilled,
        spill_failed_records: stats.spillFailedRecords,
        dead_lettered: stats.deadLettered,
        written: stats.written,
        failed_flushes: stats.failedFlushes,
      },
    };
  }

  /** The replica's state, 'down' when it does not answer within the probe's timeout. */
  private async replicaState(): Promise<ReplicaState> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<ReplicaState>((resolve) => {
      timer = setTimeout(() => resolve({ state: 'down' }), PROBE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.reads.state(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => 'up' as const), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
