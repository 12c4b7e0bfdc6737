import { appendFileSync, chmodSync, closeSync, existsSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PICO_USD_PER_MICRO_USD } from '../common/money/money';
import { settledBy } from '../common/time/settled-by';
import { auditRecordFromJson, auditRecordToJson, type AuditRecord } from './audit-record';
import { appendDurably, readLines, writeDurably } from './audit-files';
import { describeFailure, isDataError } from './audit-failure';
import { SpillDirLock, SPILL_LOCK_TIMING, type SpillLockTiming } from './spill-dir-lock';

/** Where batches go (Postgres in production). Inserting a record twice must be a no-op (id is the key). */
export interface AuditSink {
  insertBatch(records: AuditRecord[]): Promise<void>;
  /** Stores rows the database refused for their data, with the reason, for an operator to inspect. */
  insertDeadLetters(letters: DeadLetter[]): Promise<void>;
}

export interface DeadLetter {
  /** JSON text: the record (bigints as strings), or the raw spill line as a JSON string. */
  record: string;
  reason: string;
}

export interface AuditLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AuditWriterOptions {
  batchSize: number;
  /**
   * Batches in flight at once when more than one is held (default 1): Postgres spends most of a
   * batch's time on index and rollup upserts, which a second connection overlaps.
   */
  concurrency?: number;
  flushIntervalMs: number;
  /** Records kept in memory while the sink fails; past this they go to the spill file. */
  bufferMax: number;
  /** This writer's own spill files: no other process writes there (its lock proves it; see `ownSpillDir`). */
  spillDir: string;
  /**
   * Where this writer spills when a live process holds `spillDir` (two gateways started by hand on
   * one DATA_DIR): a directory of its own, which a later start takes over (`adoptSpillDirs`).
   */
  ownSpillDir?: () => string;
  /**
   * Spill directories no process writes any more (a worker slot the gateway no longer has, or the
   * other layout's, after a change of GATEWAY_PROCESSES), whose files this writer takes over at
   * start (moved into its own directory, then replayed as its own).
   */
  adoptSpillDirs?: () => Promise<string[]>;
  /** NDJSON file for dead letters the sink could not store either (DATA_DIR/audit-dead-letter.ndjson). */
  deadLetterFile: string;
  /** The spill directories' locks (spill-dir-lock.ts); tests shorten them. */
  lockTiming?: SpillLockTiming;
  logger: AuditLogger;
}

export interface AuditWriterStats {
  buffered: number;
  spilled: number;
  written: number;
  failedFlushes: number;
  /** Records whose spill write failed: this process's memory is their only copy. */
  spillFailedRecords: number;
  /** Records the database refused for their data, set aside (table, else file) instead of written. */
  deadLettered: number;
}

const SPILL_FILE = 'audit-spill.ndjson';
/** drain() waits this long past its deadline for a flush attempt already under way. */
const STUCK_ATTEMPT_GRACE_MS = 1_000;
const REPLAY_SUFFIX = '.replaying';
/** Beside a file being replayed: the byte offset up to which its lines are settled. */
const PROGRESS_SUFFIX = '.offset';
const MAX_BACKOFF_MS = 5000;

/** How far one batch got: its first `settled` records are written or dead-lettered. */
interface BatchOutcome {
  settled: number;
  inserted: number;
  /** Set when the sink failed for a reason other than the data (an outage). */
  outage?: unknown;
}

/**
 * Batches audit records off the response path. `enqueue` is O(1) and never throws. Batches go out
 * by size or every flushIntervalMs; a failed batch stays (in order) and is retried with backoff.
 * Past bufferMax, records are appended (fsynced) to an NDJSON spill file and replayed once the sink
 * works again (also at the next start). A row the database refuses for its data is isolated by
 * splitting its batch and set aside as a dead letter, so it never holds up the others. A spill
 * write that fails keeps its records in memory, counted and retried. Nothing is dropped; an outage
 * or a failing disk is logged once per episode, loudly.
 */
export class AuditWriter {
  private buffer: AuditRecord[] = [];
  private spillQueue: AuditRecord[] = [];
  /** Records whose spill append failed; written to the sink or spilled again, whichever works first. */
  private unspillable: AuditRecord[] = [];
  /** Dead letters that neither the sink nor the dead-letter file took; retried at every flush. */
  private deadLetterBacklog: DeadLetter[] = [];
  /** Dead letters of the backlog a flush is storing now: back in the backlog should drain() give up on that flush. */
  private storingBacklog: DeadLetter[] = [];
  private flushing: Promise<void> | null = null;
  /**
   * Set by flush() (a caller waiting for what is held now: drain, tests), cleared once a pass finds
   * nothing left: until then the pass under way keeps writing what arrives during its inserts.
   */
  private writeAllRequested = false;
  /** A tick came while a pass was under way: that pass writes what is held then, as the tick's own pass would. */
  private tickedDuringPass = false;
  /** The chain of spill-file operations: appends and rotations never interleave. Never rejects. */
  private spilling: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private consecutiveFailures = 0;
  private retryAt = 0;
  private outageLogged = false;
  private spillLogged = false;
  private diskFailing = false;
  /** Spill files of an earlier process (or an interrupted replay) wait to be replayed. */
  private replayPending = false;
  /** drain()'s deadline: past it a replay stops after its current batch (its files stay for the next start). */
  private replayDeadline = Infinity;
  /** drain() has finished: the process is about to exit, so a late record goes to disk at once. */
  private drained = false;
  /**
   * Bumped when drain() gives up on a flush whose insert never answered: that flush, should it ever
   * get an answer, does nothing more (its records went to disk with the buffer; it must not remove
   * others from it, nor go on with a replay the next start resumes).
   */
  private flushGeneration = 0;
  private readonly counters = { spilled: 0, written: 0, failedFlushes: 0, deadLettered: 0 };
  /** This writer's hold on its spill directory, from start() to the process's exit. */
  private lock: SpillDirLock | null = null;
  /** options.spillDir, or the directory of its own it fell back to (ownSpillDir). */
  private spillDir: string;
  /** options.deadLetterFile, or one in the directory of its own it fell back to. */
  private deadLetterFile: string;

  constructor(
    private readonly sink: AuditSink,
    private readonly options: AuditWriterOptions,
  ) {
    this.spillDir = options.spillDir;
    this.deadLetterFile = options.deadLetterFile;
  }

  /** Starts the periodic flush and replays what an earlier process spilled. */
  async start(): Promise<void> {
    // No file of the directory is touched before no other live process writes it; while one does,
    // this writer spills to a directory of its own. A disk that fails here is logged, as below.
    await this.lockSpillDir().catch((err) => this.diskFailed(err, this.spillDir));
    this.timer = setInterval(() => this.tick(), this.options.flushIntervalMs);
    this.timer.unref();
    // Without the lock (the disk failed taking it) no file another process may write is touched:
    // what is there waits for a start that holds it.
    if (this.lock) {
      // What an earlier process left in the live file (perhaps with a torn last line) is set aside for
      // replay now, whatever the database's state, so this process's spills start a file of their own.
      await this.rotateLiveSpillFile().catch((err) => this.diskFailed(err, this.spillDir));
      await this.adoptOrphanedSpills().catch((err) => this.diskFailed(err, this.spillDir));
      this.replayPending = true;
    }
    await this.flush();
  }

  enqueue(record: AuditRecord): void {
    if (this.drained) {
      this.spillAfterDrain(record);
      return;
    }
    if (this.buffer.length >= this.options.bufferMax) {
      this.spill([record]);
      return;
    }
    this.buffer.push(record);
    if (this.buffer.length >= this.options.batchSize) this.kick();
  }

  /** Writes what is held now (one attempt per batch; what fails stays held). Never rejects. */
  flush(): Promise<void> {
    this.writeAllRequested = true;
    return this.startPass();
  }

  private startPass(): Promise<void> {
    if (this.flushing) return this.flushing;
    const flushing = this.writeHeld(this.flushGeneration).finally(() => {
      if (this.flushing === flushing) this.flushing = null;
    });
    this.flushing = flushing;
    return flushing;
  }

  /**
   * For shutdown: stop the timer and write everything, retrying until `timeoutMs`; whatever the
   * sink still refuses then goes to the spill file, so a stop never loses a record. If the disk
   * refuses too, the records are logged in full at error level: the log is their last copy.
   */
  async drain(timeoutMs: number): Promise<void> {
    clearInterval(this.timer);
    const deadline = Date.now() + timeoutMs;
    this.replayDeadline = deadline;
    for (;;) {
      // An insert that never answers (a hung connection, a table locked by a rebuild) must not hold
      // the stop for ever: past the deadline (and a second's grace for an attempt under way) the
      // records it carries, still held, go to disk below. Should it commit after all, their replay at
      // the next start inserts nothing twice (ON CONFLICT); the flush left behind writes nothing more.
      if (!(await settledBy(this.flush(), Math.max(deadline, Date.now() + STUCK_ATTEMPT_GRACE_MS)))) {
        this.flushGeneration++;
        this.flushing = null;
        // Its dead letters from memory have no other copy: listed below (should its store answer
        // after all, they are stored and listed both).
        this.deadLetterBacklog.push(...this.storingBacklog);
        this.storingBacklog = [];
        break;
      }
      await this.spilling;
      if (this.buffer.length === 0 && this.unspillable.length === 0 && this.deadLetterBacklog.length === 0 && !this.replayPending) break;
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(0, this.retryAt - Date.now()), 200)));
    }
    if (this.buffer.length > 0) {
      this.options.logger.error(
        { records: this.buffer.length, dir: this.spillDir },
        'audit sink unavailable at shutdown; records spilled to disk for replay',
      );
      this.spill(this.buffer.splice(0));
    }
    await this.spilling;
    this.drained = true;
    this.lock?.yieldToThisProcess();
    if (this.unspillable.length > 0 || this.deadLetterBacklog.length > 0) {
      this.options.logger.error(
        { records: this.unspillable.map(toJson), deadLetters: this.deadLetterBacklog },
        'audit records could be neither written nor spilled at shutdown; this log line is their only copy',
      );
    }
  }

  /**
   * A record that arrives after drain() (a call that outlived its connection at shutdown) has no
   * flush left to take it: it is appended to the spill file synchronously, fsynced, before the
   * process can exit, and replayed at the next start. If even that fails, the log is its copy.
   */
  private spillAfterDrain(record: AuditRecord): void {
    try {
      mkdirSync(this.spillDir, { recursive: true, mode: 0o700 });
      const fd = openSync(join(this.spillDir, SPILL_FILE), 'a+', 0o600);
      try {
        chmodSync(join(this.spillDir, SPILL_FILE), 0o600);
        // As appendDurably does: a torn last line is ended first, so it cannot swallow this record.
        const { size } = fstatSync(fd);
        const last = Buffer.alloc(1);
        if (size > 0) readSync(fd, last, 0, 1, size - 1);
        appendFileSync(fd, `${size > 0 && last[0] !== 0x0a ? '\n' : ''}${serialize(record)}`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      this.counters.spilled += 1;
    } catch (err) {
      this.options.logger.error(
        { err, record: toJson(record) },
        'audit record arrived after shutdown drained the writer and could not be spilled; this log line is its only copy',
      );
    }
  }

  stats(): AuditWriterStats {
    return {
      buffered: this.buffer.length,
      spilled: this.counters.spilled,
      written: this.counters.written,
      failedFlushes: this.counters.failedFlushes,
      spillFailedRecords: this.unspillable.length + this.deadLetterBacklog.length,
      deadLettered: this.counters.deadLettered,
    };
  }

  /** The timer's pass, or a full batch's: what is held now, then what fills whole batches meanwhile. */
  private kick(): void {
    if (Date.now() < this.retryAt) return;
    void this.startPass();
  }

  /** The interval's timer: a pass, or, if one is under way, what is held now written by that one. */
  private tick(): void {
    if (this.flushing) this.tickedDuringPass = true;
    this.kick();
  }

  private async writeHeld(generation: number): Promise<void> {
    // A spill retry takes records from the front of `unspillable`: let it finish before writing them.
    if (this.unspillable.length > 0) await this.spilling;
    if (this.deadLetterBacklog.length > 0) {
      const letters = this.deadLetterBacklog.splice(0);
      this.storingBacklog = letters;
      try {
        await this.storeDeadLetters(letters);
      } finally {
        if (this.storingBacklog === letters) this.storingBacklog = [];
      }
    }
    for (let round = 0; ; round++) {
      // A flush drain() gave up on (its insert never answered) does nothing more once it answers.
      if (generation !== this.flushGeneration) return;
      const { batchSize, concurrency = 1 } = this.options;
      // What arrived during this pass's inserts waits for the next tick unless it fills a batch:
      // written at once, it made back-to-back batches of a few dozen records under load, each
      // paying a statement, its rollup upserts and its budget settlement (bench/README.md).
      const bufferDue = round === 0 || this.writeAllRequested || this.tickedDuringPass || this.buffer.length >= batchSize;
      this.tickedDuringPass = false;
      // The buffer first (the common case), then what the disk refused, which no tick waits for.
      const source = this.buffer.length > 0 && bufferDue ? this.buffer : this.unspillable;
      if (source.length === 0) {
        if (this.buffer.length === 0) this.writeAllRequested = false;
        break;
      }
      const batches: Array<{ start: number; records: AuditRecord[] }> = [];
      for (let start = 0; start < source.length && batches.length < concurrency; start += batchSize) {
        batches.push({ start, records: source.slice(start, start + batchSize) });
      }
      const outcomes = await Promise.all(batches.map((b) => this.writeIsolating(b.records)));
      // drain() gave up on these inserts and spilled the buffer they came from: nothing here to settle.
      if (generation !== this.flushGeneration) return;
      // Appends only ever go to the end, so each batch is still where it was: its settled records
      // (a prefix of it) are removed, the last batch's first so the earlier positions hold. What an
      // outage left unsettled stays held, and nothing settled is ever sent again.
      for (let i = batches.length - 1; i >= 0; i--) source.splice(batches[i].start, outcomes[i].settled);
      const outage = outcomes.find((o) => o.outage !== undefined);
      if (outage) {
        this.failed(outage.outage);
        this.respillUnspillable();
        return;
      }
      this.recovered();
    }
    if (this.counters.spilled > 0 || this.replayPending) {
      await this.replaySpill(generation).catch((err) => {
        this.replayPending = true;
        if (err instanceof ReplayPaused) {
          // Once this flush has ended, the next one writes the live batch, then resumes the replay.
          if (this.replayDeadline === Infinity) setImmediate(() => this.kick());
          return;
        }
        // Only the database's failures back off the writer; a disk that cannot be read is logged
        // and the replay retried at the next flush, while live records keep flowing.
        if (err instanceof SinkOutage) this.failed(err.cause);
        else this.diskFailed(err, this.spillDir);
      });
    }
  }

  /**
   * Inserts a batch; when the database refuses it for its data, splits it in halves until the bad
   * rows stand alone, inserts the rest and dead-letters those. Stops at the first outage, saying how
   * many leading records are settled (written or dead-lettered), so a retry repeats none of them.
   */
  private async writeIsolating(batch: AuditRecord[]): Promise<BatchOutcome> {
    const outcome: BatchOutcome = { settled: 0, inserted: 0 };
    const attempt = async (part: AuditRecord[]): Promise<void> => {
      try {
        await this.sink.insertBatch(part);
      } catch (err) {
        if (!isDataError(err)) throw err;
        if (part.length === 1) {
          await this.deadLetter(part[0], err);
          outcome.settled++;
          return;
        }
        const half = part.length >>> 1;
        await attempt(part.slice(0, half));
        await attempt(part.slice(half));
        return;
      }
      outcome.settled += part.length;
      outcome.inserted += part.length;
      this.counters.written += part.length;
    };
    try {
      await attempt(batch);
    } catch (err) {
      outcome.outage = err;
    }
    return outcome;
  }

  private async deadLetter(record: AuditRecord, err: unknown): Promise<void> {
    const reason = describeFailure(err);
    this.counters.deadLettered++;
    this.options.logger.error({ id: record.id, reason }, 'audit record refused by the database; set aside as a dead letter');
    await this.storeDeadLetters([{ record: toJson(record), reason }]);
  }

  /** The sink's dead-letter table, else the dead-letter file, else memory (retried). Never rejects. */
  private async storeDeadLetters(letters: DeadLetter[]): Promise<void> {
    let sinkError: unknown;
    try {
      await this.sink.insertDeadLetters(letters);
      return;
    } catch (err) {
      sinkError = err;
    }
    const file = this.deadLetterFile;
    const at = new Date().toISOString();
    try {
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      await appendDurably(file, letters.map((l) => `{"at":"${at}","reason":${JSON.stringify(l.reason)},"record":${l.record}}\n`).join(''));
      this.options.logger.error(
        { err: sinkError, file, records: letters.length },
        'audit dead letters could not be stored in the database; appended to the dead-letter file',
      );
    } catch (fileError) {
      this.deadLetterBacklog.push(...letters);
      this.diskFailed(fileError, file);
    }
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

  private spill(records: AuditRecord[]): void {
    this.counters.spilled += records.length;
    if (!this.spillLogged) {
      this.spillLogged = true;
      this.options.logger.error(
        { bufferMax: this.options.bufferMax, dir: this.spillDir },
        'audit buffer full: records are spilling to disk until the database is back',
      );
    }
    this.spillQueue.push(...records);
    // Appends are chained so lines never interleave; one append (and fsync) per burst, not per record.
    this.spilling = this.spilling.then(() => this.appendSpillQueue());
  }

  /**
   * The database is still failing: try the disk again for what it refused last time. The records
   * stay in `unspillable` (and in the count /readyz shows) until the append has succeeded.
   */
  private respillUnspillable(): void {
    if (this.unspillable.length === 0) return;
    this.spilling = this.spilling.then(async () => {
      const count = this.unspillable.length;
      if (count === 0) return;
      try {
        await mkdir(this.spillDir, { recursive: true, mode: 0o700 });
        await appendDurably(join(this.spillDir, SPILL_FILE), this.unspillable.slice(0, count).map(serialize).join(''));
      } catch (err) {
        this.diskFailed(err, this.spillDir);
        return;
      }
      this.unspillable.splice(0, count);
      this.counters.spilled += count;
      this.diskRecovered();
    });
  }

  private async appendSpillQueue(): Promise<void> {
    const pending = this.spillQueue.splice(0);
    if (pending.length === 0) return;
    try {
      await mkdir(this.spillDir, { recursive: true, mode: 0o700 });
      await appendDurably(join(this.spillDir, SPILL_FILE), pending.map(serialize).join(''));
    } catch (err) {
      this.counters.spilled -= pending.length;
      this.unspillable.push(...pending);
      this.diskFailed(err, this.spillDir);
      return;
    }
    this.diskRecovered();
  }

  /** Logged once per episode: until a disk write works again, only the counts in stats() move. */
  private diskFailed(err: unknown, path: string): void {
    if (this.diskFailing) return;
    this.diskFailing = true;
    this.options.logger.error(
      { err, path, records: this.unspillable.length + this.deadLetterBacklog.length },
      'audit records cannot be written to disk; keeping them in memory and retrying (see spill_failed_records in /readyz)',
    );
  }

  private diskRecovered(): void {
    if (!this.diskFailing) return;
    this.diskFailing = false;
    this.options.logger.info({ heldInMemory: this.unspillable.length + this.deadLetterBacklog.length }, 'audit disk writes recovered');
  }

  /**
   * Inserts every spilled record (the current file and any interrupted replay) and removes the
   * files. Files are streamed line by line in batches, never read whole; progress is checkpointed
   * per batch, so a replay cut by an outage resumes where it stopped. Rejects on an outage.
   */
  private async replaySpill(generation: number): Promise<void> {
    this.replayPending = false;
    // Older files first: while the database is still down this fails before rotating the live
    // file, so a long outage does not leave one replay file per retry behind.
    await this.replayFiles(generation);
    await this.rotateLiveSpillFile();
    await this.replayFiles(generation);
  }

  private async replayFiles(generation: number): Promise<void> {
    const dir = this.spillDir;
    if (!(await isDirectory(dir))) return;
    const files = (await readdir(dir)).filter((f) => f.endsWith(REPLAY_SUFFIX)).sort();
    for (const file of files) await this.replayFile(join(dir, file), generation);
  }

  /**
   * New spills go to a fresh file from here on; the current one becomes a replay file. Runs in the
   * spill chain, between two appends, never during one.
   */
  private rotateLiveSpillFile(): Promise<void> {
    const live = join(this.spillDir, SPILL_FILE);
    const rotated = this.spilling.then(async () => {
      if (existsSync(live)) await rename(live, join(this.spillDir, `${SPILL_FILE}.${Date.now()}${REPLAY_SUFFIX}`));
    });
    this.spilling = rotated.catch(() => undefined);
    return rotated;
  }

  /**
   * Moves the files of spill directories nobody writes any more into this writer's own, as files to
   * replay (each keeps its replay checkpoint), named after where they came from so none collide.
   */
  private async adoptOrphanedSpills(): Promise<void> {
    const dirs = (await this.options.adoptSpillDirs?.()) ?? [];
    for (const dir of dirs) {
      if (dir === this.spillDir || !(await isDirectory(dir))) continue;
      // Taken over only from no live process (a gateway of the other layout may run on the same DATA_DIR).
      const lock = await SpillDirLock.tryAcquire(dir, () => undefined, this.lockTiming);
      if (!(lock instanceof SpillDirLock)) {
        this.options.logger.info({ dir, pid: lock.pid, host: lock.host }, 'audit spill directory of a live process left to it');
        continue;
      }
      try {
        await this.adopt(dir);
      } finally {
        await lock.release();
      }
      // A process's own directory (see ownSpillDir) is never written again: removed once empty.
      if (basename(dir).startsWith('process-')) await rmdir(dir).catch(() => undefined);
    }
  }

  private async adopt(dir: string): Promise<void> {
    const names = await readdir(dir);
    const present = new Set(names);
    // A checkpoint without its file: an earlier adoption moved the file (with a copy of this) and stopped before removing it.
    for (const name of names)
      if (name.endsWith(PROGRESS_SUFFIX) && !present.has(name.slice(0, -PROGRESS_SUFFIX.length)))
        await unlink(join(dir, name)).catch(() => undefined);
    const files = names.filter((f) => f === SPILL_FILE || f.endsWith(REPLAY_SUFFIX));
    if (files.length === 0) return;
    await mkdir(this.spillDir, { recursive: true, mode: 0o700 });
    const from = basename(dir);
    for (const file of files) {
      const replaying = file === SPILL_FILE ? `${SPILL_FILE}.${Date.now()}${REPLAY_SUFFIX}` : file;
      const adopted = `${replaying.slice(0, -REPLAY_SUFFIX.length)}.${from}${REPLAY_SUFFIX}`;
      // The checkpoint is copied before the file moves and removed from the source after: a start that
      // stopped in between (a crash, a failing disk) leaves both in the source, for whichever process
      // takes the directory over next, with the replay's checkpoint (moved first, it went to a
      // directory another adopter never looks in, and that one replayed the file from its start).
      const checkpoint = join(dir, `${file}${PROGRESS_SUFFIX}`);
      // Only a missing checkpoint means none (a replay not begun): one that cannot be read stops the move.
      const offset = await readFile(checkpoint, 'utf8').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (offset !== null) await writeDurably(join(this.spillDir, `${adopted}${PROGRESS_SUFFIX}`), offset);
      await rename(join(dir, file), join(this.spillDir, adopted));
      await unlink(checkpoint).catch(() => undefined);
    }
    this.options.logger.info({ from: dir, files: files.length }, 'audit spill files of a process no longer running taken over for replay');
  }

  private async lockSpillDir(): Promise<void> {
    const onLost = (holder: { pid: number; host: string } | null) => this.lockLost(holder);
    const held = await SpillDirLock.acquire(this.spillDir, onLost, this.lockTiming);
    if (held instanceof SpillDirLock) {
      this.lock = held;
      return;
    }
    const own = this.options.ownSpillDir?.();
    const fallback = own === undefined ? held : await SpillDirLock.tryAcquire(own, onLost, this.lockTiming);
    this.options.logger.warn(
      { dir: this.spillDir, pid: held.pid, host: held.host, instead: own ?? null },
      'another gateway process writes this audit spill directory (one DATA_DIR for two gateways): this one spills to a directory of its own',
    );
    if (own !== undefined && fallback instanceof SpillDirLock) {
      this.spillDir = own;
      // Its dead letters beside its spills: appends of two processes to one file can tear a line.
      this.deadLetterFile = join(own, 'audit-dead-letter.ndjson');
      this.lock = fallback;
    }
  }

  private get lockTiming(): SpillLockTiming {
    return this.options.lockTiming ?? SPILL_LOCK_TIMING;
  }

  /** Another process took this writer's directory over (this one was frozen past the lock's staleness): said once, loudly. */
  private lockLost(holder: { pid: number; host: string } | null): void {
    this.options.logger.error(
      { dir: this.spillDir, holder },
      'audit spill directory lock lost to another process: its spills and this process’s may now interleave',
    );
  }

  private async replayFile(path: string, generation: number): Promise<void> {
    const progress = `${path}${PROGRESS_SUFFIX}`;
    const start = await readFile(progress, 'utf8').then(Number, () => 0);
    const totals = { inserted: 0, deadLettered: 0 };
    let batch: AuditRecord[] = [];
    let ends: number[] = [];
    const checkpoint = (offset: number) => writeFile(progress, String(offset), { mode: 0o600 });
    const writeBatch = async () => {
      if (batch.length === 0) return;
      // A replay drain() gave up on: it stops here, and the next start resumes it from its checkpoint.
      if (generation !== this.flushGeneration) throw new ReplayPaused();
      const outcome = await this.writeIsolating(batch);
      totals.inserted += outcome.inserted;
      totals.deadLettered += outcome.settled - outcome.inserted;
      this.counters.spilled = Math.max(0, this.counters.spilled - outcome.settled);
      if (outcome.settled > 0) await checkpoint(ends[outcome.settled - 1]);
      batch = [];
      ends = [];
      if (outcome.outage !== undefined) throw new SinkOutage(outcome.outage);
      this.recovered();
      // A replay can be long (a long outage's spill): it yields, between batches, to live records
      // that fill a batch and to shutdown, and resumes from its checkpoint at the next flush.
      if (this.buffer.length >= this.options.batchSize || Date.now() >= this.replayDeadline) throw new ReplayPaused();
    };

    for await (const line of readLines(path, Number.isSafeInteger(start) && start > 0 ? start : 0)) {
      if (line.text === '') continue;
      let record: AuditRecord | undefined;
      let unreadable: unknown;
      try {
        record = deserialize(line.text);
      } catch (err) {
        unreadable = err;
      }
      if (record) {
        batch.push(record);
        ends.push(line.end);
        if (batch.length >= this.options.batchSize) await writeBatch();
        continue;
      }
      if (!line.terminated) {
        // The process died mid-append: only this line is lost; everything before it is replayed.
        this.options.logger.error(
          { file: path, offset: line.offset, bytes: line.end - line.offset },
          'torn last line in an audit spill file (crash mid-append); skipped',
        );
        break;
      }
      await writeBatch();
      const reason = `unreadable line at byte ${line.offset} of ${path}: ${describeFailure(unreadable)}`;
      this.counters.deadLettered++;
      totals.deadLettered++;
      this.options.logger.error({ file: path, offset: line.offset, reason }, 'unreadable audit spill line; set aside as a dead letter');
      await this.storeDeadLetters([{ record: JSON.stringify(line.text), reason }]);
      await checkpoint(line.end);
    }
    await writeBatch();
    await unlink(path);
    await unlink(progress).catch(() => undefined);
    this.options.logger.info({ file: path, records: totals.inserted, deadLettered: totals.deadLettered }, 'spilled audit records replayed');
  }
}

/** A replay stopped between two batches to let live records or shutdown go first. */
class ReplayPaused extends Error {}

/** The database failed mid-replay (as opposed to the disk). */
class SinkOutage extends Error {
  constructor(override readonly cause: unknown) {
    super('audit sink unavailable');
  }
}

function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

const toJson = auditRecordToJson;

function serialize(record: AuditRecord): string {
  return `${toJson(record)}\n`;
}

function deserialize(line: string): AuditRecord {
  return auditRecordFromJson(upgradeSpilledRecord(JSON.parse(line)));
}

/**
 * Spill lines of an older gateway, converted, never lost: money in micro-USD (before pico-USD), and
 * no customer price (before the three-party ledger, when the caller paid the resale figure).
 */
function upgradeSpilledRecord(raw: unknown): unknown {
  let record = raw as Record<string, unknown> | null;
  if (typeof record !== 'object' || record === null) return raw;
  if (record.resalePicoUsd === undefined && record.resaleMicroUsd !== undefined) {
    const { wholesaleMicroUsd, resaleMicroUsd, ...rest } = record;
    record = {
      ...rest,
      wholesalePicoUsd: (BigInt(wholesaleMicroUsd as string) * PICO_USD_PER_MICRO_USD).toString(),
      resalePicoUsd: (BigInt(resaleMicroUsd as string) * PICO_USD_PER_MICRO_USD).toString(),
    };
  }
  if (record.customerPricePicoUsd === undefined && record.resalePicoUsd !== undefined) {
    record = { ...record, customerPricePicoUsd: record.resalePicoUsd };
  }
  return record;
}
