import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { workerSlotOf, type WorkerSlot } from '../common/process/worker-slot';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { AUDIT_BATCH_LEDGER, type AuditBatchLedger, type AuditRecord } from './audit-record';
import { AuditLogger, AuditWriter, AuditWriterStats } from './audit-writer';
import { PostgresAuditSink } from './postgres-audit.sink';

/** The process's audit writer, wired to Postgres; drained before the database connection closes. */
@Injectable()
export class AuditWriterService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly writer: AuditWriter;
  private readonly drainTimeoutMs: number;

  constructor(
    prisma: PrismaService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(AUDIT_BATCH_LEDGER) ledger?: AuditBatchLedger,
  ) {
    this.drainTimeoutMs = config.AUDIT_DRAIN_TIMEOUT_MS;
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
      ...spillLayout(config.DATA_DIR, workerSlotOf()),
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
    return this.writer.drain(this.drainTimeoutMs);
  }
}

/**
 * Where this process spills audit records and dead letters. A gateway of one process uses
 * DATA_DIR/audit-spill and DATA_DIR/audit-dead-letter.ndjson; each worker of GATEWAY_PROCESSES > 1
 * a directory and a file of its slot's (worker-<n>), which no other process appends to (appends of
 * two processes to one file can interleave mid-line) and its replacement takes up. A process that
 * finds its directory held by another live one (two gateways started by hand on one DATA_DIR)
 * spills to a directory of its own, process-<pid>-<random>. What no process writes any more (the
 * other layout's files after GATEWAY_PROCESSES changed, a slot beyond the count, such a process's
 * own directory) is taken over at start: by the one process, or by worker 0.
 */
export function spillLayout(dataDir: string, slot: WorkerSlot | null) {
  const root = join(dataDir, 'audit-spill');
  const subdirs = async (pattern: RegExp) =>
    (await readdir(root).catch(() => [] as string[])).map((name) => pattern.exec(name)).filter((m): m is RegExpExecArray => m !== null);
  const workerDirs = async (from: number) =>
    (await subdirs(/^worker-(\d+)$/)).filter((m) => Number(m[1]) >= from).map((m) => join(root, m[0]));
  const processDirs = async () => (await subdirs(/^process-\d+-[0-9a-f]+$/)).map((m) => join(root, m[0]));
  const ownSpillDir = () => join(root, `process-${process.pid}-${randomBytes(4).toString('hex')}`);
  if (!slot) {
    return {
      spillDir: root,
      deadLetterFile: join(dataDir, 'audit-dead-letter.ndjson'),
      adoptSpillDirs: async () => [...(await workerDirs(0)), ...(await processDirs())],
      ownSpillDir,
    };
  }
  return {
    spillDir: join(root, `worker-${slot.index}`),
    deadLetterFile: join(dataDir, `audit-dead-letter.worker-${slot.index}.ndjson`),
    adoptSpillDirs: async () => (slot.index === 0 ? [root, ...(await workerDirs(slot.count)), ...(await processDirs())] : []),
    ownSpillDir,
  };
}
