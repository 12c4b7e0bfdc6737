import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditRecordInput } from './audit.types';
import { PICO_USD_PER_MICRO_USD } from '../billing/money';

/** Where batches go (Postgres in production). Inserting a record twice must be a no-op (id is the key). */
export interface AuditSink {
  insertBatch(records: AuditRecordInput[]): Promise<void>;
}

export interface AuditLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AuditWriterOptions {
  batchSize: number;
  flushIntervalMs: number;
  /** Records kept in memory while the sink fails; past this they go to the spill file. */
  bufferMax: number;
  spillDir: string;
  logger: AuditLogger;
}

export interface AuditWriterStats {
  buffered: number;
  spilled: number;
  written: number;
  failedFlushes: number;
}

const SPILL_FILE = 'audit-spill.ndjson';
const REPLAY_SUFFIX = '.replaying';
const MAX_BACKOFF_MS = 5000;

/**
 * Batches audit records off the response path. `enqueue` is O(1) and never throws. Batches go out
 * by size or every flushIntervalMs; a failed batch stays (in order) and is retried with backoff.
 * Past bufferMax, records are appended to an NDJSON spill file and replayed once the sink works
 * again (also at the next start). Nothing is dropped; an outage is logged once, loudly.
 */
export class AuditWriter {
  private buffer: AuditRecordInput[] = [];
  private spillQueue: AuditRecordInput[] = [];
  private flushing: Promise<void> | null = null;
  private spilling: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private consecutiveFailures = 0;
  private retryAt = 0;
  private outageLogged = false;
  private spillLogged = false;
  private readonly counters = { spilled: 0, written: 0, failedFlushes: 0 };

  constructor(
    private readonly sink: AuditSink,
    private readonly options: AuditWriterOptions,
  ) {}

  /** Starts the periodic flush and replays what an earlier process spilled. */
  async start(): Promise<void> {
    this.timer = setInterval(() => this.kick(), this.options.flushIntervalMs);
    this.timer.unref();
    await this.replaySpill().catch(() => undefined);
  }

  enqueue(record: AuditRecordInput): void {
    if (this.buffer.length >= this.options.bufferMax) {
      this.spill([record]);
      return;
    }
    this.buffer.push(record);
    if (this.buffer.length >= this.options.batchSize) this.kick();
  }

  /** Writes what is buffered now (one attempt per batch; failures stay buffered). */
  flush(): Promise<void> {
    this.flushing ??= this.writeBuffered().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /**
   * For shutdown: stop the timer and write everything, retrying until `timeoutMs`; whatever the
   * sink still refuses then goes to the spill file, so a stop never loses a record.
   */
  async drain(timeoutMs: number): Promise<void> {
    clearInterval(this.timer);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.flush();
      if (this.buffer.length === 0) break;
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(0, this.retryAt - Date.now()), 200)));
    }
    if (this.buffer.length > 0) {
      this.options.logger.error({ records: this.buffer.length, dir: this.options.spillDir }, 'audit sink unavailable at shutdown; records spilled to disk for replay');
      this.spill(this.buffer.splice(0));
    }
    await this.spilling;
  }

  stats(): AuditWriterStats {
    return { buffered: this.buffer.length, ...this.counters };
  }

  private kick(): void {
    if (Date.now() < this.retryAt) return;
    void this.flush();
  }

  private async writeBuffered(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.slice(0, this.options.batchSize);
      try {
        await this.sink.insertBatch(batch);
      } catch (err) {
        this.failed(err);
        return;
      }
      this.buffer.splice(0, batch.length);
      this.counters.written += batch.length;
      this.recovered();
    }
    if (this.counters.spilled > 0) await this.replaySpill().catch((err) => this.failed(err));
  }

  private failed(err: unknown): void {
    this.counters.failedFlushes++;
    this.consecutiveFailures++;
    this.retryAt = Date.now() + Math.min(MAX_BACKOFF_MS, 100 * 2 ** Math.min(this.consecutiveFailures, 10));
    if (!this.outageLogged) {
      this.outageLogged = true;
      this.options.logger.warn({ err, buffered: this.buffer.length }, 'audit records cannot be written; keeping them and retrying');
    }
  }

  private recovered(): void {
    if (this.outageLogged) {
      this.options.logger.info({ failedFlushes: this.consecutiveFailures }, 'audit writes recovered');
    }
    this.outageLogged = false;
    this.spillLogged = false;
    this.consecutiveFailures = 0;
    this.retryAt = 0;
  }

  private spill(records: AuditRecordInput[]): void {
    this.counters.spilled += records.length;
    if (!this.spillLogged) {
      this.spillLogged = true;
      this.options.logger.error(
        { bufferMax: this.options.bufferMax, dir: this.options.spillDir },
        'audit buffer full: records are spilling to disk until the database is back',
      );
    }
    this.spillQueue.push(...records);
    // Appends are chained so lines never interleave; one append per burst, not per record.
    this.spilling = this.spilling.then(async () => {
      const pending = this.spillQueue.splice(0);
      if (pending.length === 0) return;
      await mkdir(this.options.spillDir, { recursive: true });
      await appendFile(join(this.options.spillDir, SPILL_FILE), pending.map(serialize).join(''));
    });
  }

  /** Inserts every spilled record (current file and any interrupted replay), then removes the files. */
  private async replaySpill(): Promise<void> {
    await this.spilling;
    const dir = this.options.spillDir;
    if (!existsSync(dir)) return;
    const live = join(dir, SPILL_FILE);
    if (existsSync(live)) await rename(live, join(dir, `${SPILL_FILE}.${Date.now()}${REPLAY_SUFFIX}`));
    const files = (await readdir(dir)).filter((f) => f.endsWith(REPLAY_SUFFIX)).sort();
    for (const file of files) {
      const path = join(dir, file);
      const records = (await readFile(path, 'utf8')).split('\n').filter(Boolean).map(deserialize);
      for (let i = 0; i < records.length; i += this.options.batchSize) {
        await this.sink.insertBatch(records.slice(i, i + this.options.batchSize));
      }
      await unlink(path);
      this.counters.written += records.length;
      this.counters.spilled = Math.max(0, this.counters.spilled - records.length);
      this.options.logger.info({ records: records.length }, 'spilled audit records replayed');
    }
  }
}

function serialize(record: AuditRecordInput): string {
  return `${JSON.stringify(record, (_key, value) => (typeof value === 'bigint' ? value.toString() : value))}\n`;
}

function deserialize(line: string): AuditRecordInput {
  const raw = JSON.parse(line) as Record<string, unknown>;
  return {
    ...(raw as unknown as AuditRecordInput),
    createdAt: new Date(raw.createdAt as string),
    quantity: BigInt(raw.quantity as string),
    ...picoAmounts(raw),
    usageSource: (raw.usageSource as string | undefined) ?? null,
  };
}

/** Spill lines written before money moved to pico-USD carry micro-USD fields: converted, never lost. */
function picoAmounts(raw: Record<string, unknown>): Pick<AuditRecordInput, 'wholesalePicoUsd' | 'resalePicoUsd'> {
  if (raw.resalePicoUsd === undefined && raw.resaleMicroUsd !== undefined) {
    return {
      wholesalePicoUsd: BigInt(raw.wholesaleMicroUsd as string) * PICO_USD_PER_MICRO_USD,
      resalePicoUsd: BigInt(raw.resaleMicroUsd as string) * PICO_USD_PER_MICRO_USD,
    };
  }
  return { wholesalePicoUsd: BigInt(raw.wholesalePicoUsd as string), resalePicoUsd: BigInt(raw.resalePicoUsd as string) };
}
