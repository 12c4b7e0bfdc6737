import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { AUDIT_BATCH_LEDGER, type AuditBatchLedger, type AuditRecord } from './audit-record';
import { AuditLogger, AuditWriter, AuditWriterStats } from './audit-writer';
import { PostgresAuditSink } from './postgres-audit.sink';

/** How long shutdown keeps retrying a failing database before spilling the rest to disk. */
const DRAIN_TIMEOUT_MS = 10_000;

/** The process's audit writer, wired to Postgres; drained before the database connection closes. */
@Injectable()
export class AuditWriterService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly writer: AuditWriter;

  constructor(
    prisma: PrismaService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(AUDIT_BATCH_LEDGER) ledger?: AuditBatchLedger,
  ) {
    const nest = new Logger('Audit');
    const logger: AuditLogger = {
      info: (obj, msg) => nest.log(obj, msg),
      warn: (obj, msg) => nest.warn(obj, msg),
      error: (obj, msg) => nest.error(obj, msg),
    };
    this.writer = new AuditWriter(new PostgresAuditSink(prisma.pool, ledger), {
      batchSize: config.AUDIT_BATCH_SIZE,
      concurrency: config.AUDIT_WRITE_CONCURRENCY,
      flushIntervalMs: config.AUDIT_FLUSH_INTERVAL_MS,
      bufferMax: config.AUDIT_BUFFER_MAX,
      spillDir: join(config.DATA_DIR, 'audit-spill'),
      deadLetterFile: join(config.DATA_DIR, 'audit-dead-letter.ndjson'),
      logger,
    });
  }

  onModuleInit(): Promise<void> {
    return this.writer.start();
  }

  enqueue(record: AuditRecord): void {
    this.writer.enqueue(record);
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  stats(): AuditWriterStats {
    return this.writer.stats();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.writer.drain(DRAIN_TIMEOUT_MS);
  }
}
