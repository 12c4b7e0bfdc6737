import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { settledBy } from '../common/time/settled-by';
import { PrismaClient } from '../generated/prisma/client';
import { DATABASE_URL } from './database.tokens';

/**
 * How long the connections may take to close at shutdown. It runs after the audit drain, which
 * already spilled what the database did not take: a pool still open past this has connections
 * waiting on a database that no longer answers, and the process exits with them open rather than
 * wait for the platform's SIGKILL. Part of the stop's bound (docs/operate/deploy.md).
 */
export const POOL_CLOSE_TIMEOUT_MS = 2_000;

/**
 * Every connection runs in UTC, whatever the server's default (`initdb` takes the machine's): Prisma's
 * pg adapter sends a Date as wall-clock text without an offset and reads one back as UTC, so in
 * another zone every instant written through Prisma would shift by its offset against SQL's now()
 * and the audit trail's raw inserts. A startup parameter, not a SET on each new connection (which
 * would overlap the connection's first query, refused by pg 9); PgBouncer takes it from 1.20 on
 * (TimeZone is one of the parameters it tracks).
 */
const UTC_OPTION = '-c TimeZone=UTC';

/**
 * The pool settings of a database URL with the session in UTC: pg lets a URL's own `options`
 * (a hosted Postgres's endpoint id, a statement timeout) replace the one it is given, so the URL's
 * are moved out of it and given with the time zone's after them.
 */
export function inUtc(databaseUrl: string): { connectionString: string; options: string } {
  // Cut out of the text, not through new URL() (which refuses URLs pg takes, a socket host with a password).
  const found = /([?&])options=([^&#]*)/.exec(databaseUrl);
  if (!found) return { connectionString: databaseUrl, options: UTC_OPTION };
  let own = found[2].replace(/\+/g, ' ');
  try {
    own = decodeURIComponent(own);
  } catch {
    // Not percent-encoded as a URL's would be: given as written.
  }
  const before = databaseUrl.slice(0, found.index);
  const after = databaseUrl.slice(found.index + found[0].length);
  // `?options=x&b=1` keeps `?b=1`; `?a=1&options=x` keeps `?a=1`.
  const connectionString = found[1] === '?' ? before + (after.startsWith('&') ? `?${after.slice(1)}` : after) : before + after;
  return { connectionString, options: `${own} ${UTC_OPTION}`.trim() };
}

/**
 * The one Prisma client of the process (Postgres through the pg driver adapter), and the pg pool
 * under it. The pool is exposed for the one statement too hot for Prisma's raw-query path: the
 * audit writer's batch insert (see audit/postgres-audit.sink.ts). Everything else goes through Prisma.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  readonly pool: Pool;

  constructor(@Inject(DATABASE_URL) databaseUrl: string) {
    const pool = new Pool({ ...inUtc(databaseUrl), max: 10 });
    // An idle connection that breaks (database restart, network cut) is dropped and replaced on
    // the next query; unhandled, pg's 'error' event would end the process.
    pool.on('error', (err) => new Logger('Postgres').warn(`idle database connection lost: ${err.message}`));
    // $disconnect ends the pool too, once Prisma has used it.
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
    this.pool = pool;
  }

  async onApplicationShutdown(): Promise<void> {
    const closed = this.$disconnect().then(async () => {
      // Prisma only ends a pool it connected through; the audit writer may have used it alone.
      if (!this.pool.ended) await this.pool.end();
    });
    if (!(await settledBy(closed, Date.now() + POOL_CLOSE_TIMEOUT_MS))) {
      new Logger('Postgres').warn(
        { activeConnections: this.pool.totalCount - this.pool.idleCount },
        `database connections did not close within ${POOL_CLOSE_TIMEOUT_MS} ms (the database does not answer); exiting with them open`,
      );
    }
  }
}
