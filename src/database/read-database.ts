import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PrismaClient } from '../generated/prisma/client';
import { settledBy } from '../common/time/settled-by';
import { inUtc, POOL_CLOSE_TIMEOUT_MS, PrismaService } from './prisma.service';

/** How long the replica is skipped after it failed (unreachable, or a query refused): reads meanwhile cost no timeout each. */
const REPLICA_RETRY_AFTER_MS = 5000;
/** How long a read waits for a connection to the replica before it goes to the primary instead. */
const REPLICA_CONNECT_TIMEOUT_MS = 2000;

/** What the replica is, as its last check found it. */
export type ReplicaState =
  | { state: 'not_configured' }
  | { state: 'up'; lag_ms: number }
  /** Reachable, but lagging more than DATABASE_READ_MAX_LAG_MS (or no commit replayed yet, lag_ms null): skipped. */
  | { state: 'lagging'; lag_ms: number | null }
  | { state: 'down' };

/**
 * Where the reads that tolerate staleness go: the usage reports, the audit trail's pages and calls,
 * and the measured latencies (AuditQueryService only). With DATABASE_READ_URL, a streaming replica;
 * without it, the primary's own client, so nothing changes by default.
 *
 * The staleness is bounded: before each read the replica is asked how old its last replayed commit
 * is (clock_timestamp() - pg_last_xact_replay_timestamp(), one round trip on the replica), and the
 * read goes to the primary when that exceeds DATABASE_READ_MAX_LAG_MS. A commit is replayed in WAL
 * order, so a replica that replayed a commit of time t holds every commit made before t: a read it
 * serves misses at most the last DATABASE_READ_MAX_LAG_MS of writes (plus the two servers' clock
 * difference). A primary that committed nothing for that long makes the replica look as old: the
 * reads then go to the primary, which is idle.
 *
 * An unreachable or failing replica is no outage: the read goes to the primary, and the replica is
 * skipped for REPLICA_RETRY_AFTER_MS. Never route here what authorizes or bills a call, or what a
 * request reads after it wrote.
 */
@Injectable()
export class ReadDatabase implements OnApplicationShutdown {
  private readonly logger = new Logger('ReadReplica');
  private readonly replica: { client: PrismaClient; pool: Pool } | null;
  private readonly maxLagMs: number;
  private skipUntil = 0;
  private lastState: ReplicaState['state'] | null = null;

  constructor(
    private readonly primary: PrismaService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.maxLagMs = config.DATABASE_READ_MAX_LAG_MS;
    if (!config.DATABASE_READ_URL) {
      this.replica = null;
      return;
    }
    const pool = new Pool({
      ...inUtc(config.DATABASE_READ_URL),
      max: 5,
      connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
    });
    pool.on('error', (err) => this.logger.warn(`idle replica connection lost: ${err.message}`));
    this.replica = { client: new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) }), pool };
  }

  /**
   * Runs `query` on the replica when it is reachable and within the lag bound, else on the primary.
   * A query that fails on the replica runs again on the primary (a read only: running it twice is harmless).
   */
  async read<T>(query: (db: PrismaClient) => Promise<T>): Promise<T> {
    if (!this.replica || Date.now() < this.skipUntil) return query(this.primary);
    const status = await this.check();
    if (status.state !== 'up') return query(this.primary);
    try {
      return await query(this.replica.client);
    } catch (err) {
      this.markDown(err);
      return query(this.primary);
    }
  }

  /** The replica's state now (one round trip to it), for /readyz; the primary is not consulted. */
  async state(): Promise<ReplicaState> {
    if (!this.replica) return { state: 'not_configured' };
    return this.check();
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.replica) return;
    const { client, pool } = this.replica;
    const closed = client.$disconnect().then(async () => {
      if (!pool.ended) await pool.end();
    });
    // As the primary's pool (PrismaService): a replica that no longer answers does not hold the exit.
    if (!(await settledBy(closed, Date.now() + POOL_CLOSE_TIMEOUT_MS))) {
      this.logger.warn(
        `read replica connections did not close within ${POOL_CLOSE_TIMEOUT_MS} ms (it does not answer); exiting with them open`,
      );
    }
  }

  private async check(): Promise<ReplicaState> {
    let status: ReplicaState;
    try {
      const [row] = await this.replica!.client.$queryRaw<Array<{ standby: boolean; lag_ms: number | null }>>`
        SELECT pg_is_in_recovery() AS standby,
          (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS lag_ms`;
      // A server out of recovery (DATABASE_READ_URL naming the primary itself) is as fresh as the primary.
      const lagMs = row.standby ? row.lag_ms : 0;
      status =
        lagMs !== null && lagMs <= this.maxLagMs
          ? { state: 'up', lag_ms: Math.max(0, Math.round(lagMs)) }
          : { state: 'lagging', lag_ms: lagMs && Math.round(lagMs) };
    } catch (err) {
      this.markDown(err);
      return { state: 'down' };
    }
    this.noteState(status);
    return status;
  }

  private markDown(err: unknown): void {
    this.skipUntil = Date.now() + REPLICA_RETRY_AFTER_MS;
    if (this.lastState !== 'down')
      this.logger.warn(`read replica failed, reads go to the primary: ${err instanceof Error ? err.message : String(err)}`);
    this.lastState = 'down';
  }

  /** Logs when the replica starts or stops serving, not at every read. */
  private noteState(status: ReplicaState): void {
    if (status.state === this.lastState) return;
    if (status.state === 'lagging')
      this.logger.warn(`read replica lags ${status.lag_ms ?? 'unknown'} ms (> ${this.maxLagMs}): reads go to the primary`);
    else if (status.state === 'up' && this.lastState !== null) this.logger.log('read replica serves reads again');
    this.lastState = status.state;
  }
}
