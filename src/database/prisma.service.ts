import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { DATABASE_URL } from './database.tokens';

/**
 * The one Prisma client of the process (Postgres through the pg driver adapter), and the pg pool
 * under it. The pool is exposed for the one statement too hot for Prisma's raw-query path: the
 * audit writer's batch insert (see audit/postgres-audit.sink.ts). Everything else goes through Prisma.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  readonly pool: Pool;

  constructor(@Inject(DATABASE_URL) databaseUrl: string) {
    const pool = new Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection that breaks (database restart, network cut) is dropped and replaced on
    // the next query; unhandled, pg's 'error' event would end the process.
    pool.on('error', (err) => new Logger('Postgres').warn(`idle database connection lost: ${err.message}`));
    // $disconnect ends the pool too, once Prisma has used it.
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
    this.pool = pool;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
    // Prisma only ends a pool it connected through; the audit writer may have used it alone.
    if (!this.pool.ended) await this.pool.end();
  }
}
