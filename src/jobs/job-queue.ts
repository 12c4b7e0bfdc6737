import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { settledBy } from '../common/time/settled-by';
import { PrismaService } from '../database/prisma.service';
import type { Prisma } from '../generated/prisma/client';

/** A queue a feature defines: its retry policy (for a job whose run failed or whose process died) and its handler. */
export interface QueueDefinition<T extends object> {
  /** Without the deployment's JOB_QUEUE_PREFIX. */
  name: string;
  /** Runs one job. Throwing fails the job; pg-boss runs it again after `retryDelaySeconds` (doubling) up to `retryLimit` times. */
  handle(data: T): Promise<void>;
  /** Jobs run at once by each of the two workers of the queue. */
  concurrency: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job still running after this is failed (and retried): the process running it is taken to be dead. */
  expireInSeconds: number;
  /** pg-boss's `stately`: at most one job waiting and one running (a self-rescheduling sweep). */
  stately?: boolean;
  /** false: this process runs no worker for the queue (it may still add jobs). Default true. */
  work?: boolean;
}

/** A job to add: its queue (as defined), its data, and when it is due (now by default). */
export interface NewJob {
  queue: string;
  data: object;
  startAfter?: Date;
}

/** A Prisma transaction, or the client itself. */
export type Db = Prisma.TransactionClient;

/** Workers per queue: a slow job (a receiver that times out) holds up only its own batch. */
const WORKERS_PER_QUEUE = 2;
/** The advisory lock key that serialises queue creation across processes (an arbitrary constant). */
const QUEUE_CREATION_LOCK = 7_316_040_421;
/** Wake-up timers are set for due times closer than this; later jobs are found by polling. */
const MAX_WAKE_DELAY_MS = 10 * 60_000;

/**
 * The job queue: pg-boss on the gateway's own Postgres (DATABASE_URL or the embedded one), in the
 * schema `pgboss` that pg-boss creates and migrates at start, through the Prisma service's pg pool.
 * Jobs are rows, so they survive restarts; each is run by one worker at a time (SKIP LOCKED), and a
 * job whose process died is run again once it expires. Jobs are added in the caller's transaction
 * when it passes one, so they exist exactly when the caller's rows do.
 *
 * Owns the lifecycle: queues are created at start in every process; workers (and pg-boss's
 * maintenance) run only where JOB_WORKER is on; shutdown lets running jobs finish, fails back the
 * rest for another process, and waits for pg-boss's last statements before the pool closes.
 * Never holds domain logic.
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, QueueDefinition<object>>();
  private readonly workerIds = new Map<string, string[]>();
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  /** pg-boss's statements in flight: some it does not await (completing a job), so shutdown waits for them here. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private started: Promise<void> | undefined;
  private stopped: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.track(this.prisma.pool.query(text, values)) },
      supervise: config.JOB_WORKER,
      schedule: false,
      migrate: true,
      pollingIntervalSeconds: config.JOB_POLL_INTERVAL_MS / 1000,
    });
    // pg-boss emits 'error' for failed polls and maintenance (database down); unhandled, an
    // EventEmitter 'error' would end the process.
    this.boss.on('error', (err) => this.logger.warn({ err: err.message }, 'job queue error'));
  }

  onModuleInit(): Promise<void> {
    this.started ??= this.boss.start().then(() => undefined);
    return this.started;
  }

  /** Creates the queue unless it exists. Call from onModuleInit; its workers start once the app has. */
  async define<T extends object>(definition: QueueDefinition<T>): Promise<void> {
    await this.onModuleInit();
    const name = this.queueName(definition.name);
    if (!(await this.boss.getQueue(name))) {
      // Creating a queue adds a partition to pgboss.job: two processes creating queues at once
      // deadlock in pg-boss's create_queue, so creations take turns (a session advisory lock).
      await this.whileLocked(async () => {
        if (await this.boss.getQueue(name)) return;
        await this.boss.createQueue(name, {
          name,
          policy: definition.stately ? 'stately' : 'standard',
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds,
        });
      });
    }
    this.definitions.set(definition.name, definition);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.JOB_WORKER) return;
    for (const definition of this.definitions.values()) {
      if (definition.work === false) continue;
      const ids: string[] = [];
      for (let i = 0; i < WORKERS_PER_QUEUE; i++) ids.push(await this.startWorker(definition));
      this.workerIds.set(definition.name, ids);
    }
  }

  /**
   * Adds jobs, in `tx` when given (they exist once it commits). Without a transaction the workers of
   * this process are woken for them at once; with one, call wake() after the commit, or let polling
   * (JOB_POLL_INTERVAL_MS) find them.
   */
  async enqueue(jobs: NewJob[], tx?: Db): Promise<void> {
    if (jobs.length === 0) return;
    const rows = jobs.map((job) => ({
      name: this.queueName(job.queue),
      data: job.data,
      startAfter: job.startAfter?.toISOString(),
    }));
    await this.boss.insert(rows, tx ? { db: transactionDb(tx) } : {});
    if (!tx) for (const job of jobs) this.wake(job.queue, job.startAfter);
  }

  /** Adds a job unless the (stately) queue already has one waiting. */
  async enqueueUnlessWaiting(job: NewJob): Promise<void> {
    await this.boss.send(this.queueName(job.queue), job.data, job.startAfter ? { startAfter: job.startAfter } : {});
    this.wake(job.queue, job.startAfter);
  }

  /** Wakes this process's workers of `queue` now, or at `at`: a job is run when due rather than at the next poll. */
  wake(queue: string, at?: Date): void {
    const ids = this.workerIds.get(queue);
    if (!ids || this.stopping) return;
    const delay = at ? at.getTime() - Date.now() : 0;
    if (delay > MAX_WAKE_DELAY_MS) return;
    const notify = () => ids.forEach((id) => this.boss.notifyWorker(id));
    if (delay <= 0) return notify();
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      notify();
    }, delay);
    timer.unref();
    this.wakeTimers.add(timer);
  }

  /** The queue's full name in pg-boss: JOB_QUEUE_PREFIX + name. */
  queueName(name: string): string {
    return `${this.config.JOB_QUEUE_PREFIX}${name}`;
  }

  onModuleDestroy(): Promise<void> {
    return this.stop();
  }

  /**
   * Stops the workers (once; later calls get the same stop). A graceful shutdown starts it with
   * the HTTP server's close, so that it runs while in-flight calls finish rather than after them:
   * the audit drain that follows it then starts within SHUTDOWN_GRACE_MS + 2 s of the signal.
   */
  stop(): Promise<void> {
    this.stopped ??= this.stopNow();
    return this.stopped;
  }

  private async stopNow(): Promise<void> {
    this.stopping = true;
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.wakeTimers.clear();
    if (!this.started) return;
    // The stop has a deadline of its own: the audit trail drains after this hook, so a database that
    // no longer answers pg-boss's statements must not keep it from starting (its records would be
    // lost with the process). A job cut off here stays active until pg-boss's expiry, then runs again.
    const deadline = Date.now() + this.config.SHUTDOWN_GRACE_MS + STOP_SLACK_MS;
    if (
      !(await settledBy(
        this.started.catch(() => undefined),
        deadline,
      ))
    )
      return this.gaveUp();
    // Running jobs may finish (a delivery attempt is bounded by WEBHOOK_TIMEOUT_MS); those still
    // running after the grace are failed back to the queue, for the next process to run.
    const stopped = this.boss.stop({ graceful: true, close: false, wait: true, timeout: this.config.SHUTDOWN_GRACE_MS });
    if (!(await settledBy(stopped, deadline))) return this.gaveUp();
    // pg-boss completes a job without awaiting the statement, and a fetch already under way can
    // still hand out a job (which the stopping handler fails back): wait until nothing is left.
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.inFlight.size === 0) break;
      if (!(await settledBy(Promise.allSettled([...this.inFlight]), deadline))) return this.gaveUp();
    }
  }

  private gaveUp(): void {
    this.logger.warn(
      { inFlight: this.inFlight.size },
      'job queue did not stop within its grace (the database does not answer); its running jobs run again after their expiry',
    );
  }

  private async startWorker(definition: QueueDefinition<object>): Promise<string> {
    const name = this.queueName(definition.name);
    let workerId = '';
    workerId = await this.boss.work<object>(name, { batchSize: definition.concurrency }, async (jobs) => {
      // Each job is completed or failed on its own, so one failure never reruns the others of the
      // batch (pg-boss's own completion of the batch afterwards then finds nothing left to do).
      await Promise.all(
        jobs.map(async (job) => {
          try {
            if (this.stopping) throw new Error('the process is shutting down');
            await definition.handle(job.data);
            await this.boss.complete(name, job.id);
          } catch (err) {
            this.logger.warn({ err: (err as Error).message, queue: name, job: job.id }, 'job failed; it will be retried');
            await this.boss.fail(name, job.id, { message: (err as Error).message });
          }
        }),
      );
      // A full batch: more jobs may be due, so fetch again at once instead of after the poll interval.
      if (jobs.length === definition.concurrency && !this.stopping) this.boss.notifyWorker(workerId);
    });
    return workerId;
  }

  /** Runs `work` holding the advisory lock of queue creation (on a connection of its own). */
  private async whileLocked(work: () => Promise<void>): Promise<void> {
    const client = await this.prisma.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [QUEUE_CREATION_LOCK]);
      try {
        await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_CREATION_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    const forget = () => this.inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }
}

/** pg-boss's database interface over a Prisma transaction: its statements then commit or roll back with the caller's. */
function transactionDb(tx: Db): PgBoss.Db {
  return { executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...(values as unknown[])) }) };
}

/** What the stop waits past SHUTDOWN_GRACE_MS for pg-boss's own stop, bounded by that grace, to end. */
const STOP_SLACK_MS = 2_000;
