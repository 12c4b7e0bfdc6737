import type { JobQueue, NewJob, QueueDefinition } from '../../src/jobs/job-queue';
import { copy, type InMemoryDb, type QueuedJob } from './in-memory-db';

/**
 * The job queue of the domain tests: JobQueue's surface over a table of the in-memory database, so a
 * job added in a transaction that rolls back is gone with it, as with pg-boss in Postgres. Nothing
 * runs by itself: a test runs the jobs that are due (by the fake clock) with runDue(), through the
 * handler the service defined, as a worker would. Retries of a failed job, expiry and polling are
 * pg-boss's, tested e2e.
 */
export class FakeJobQueue implements Pick<JobQueue, keyof JobQueue> {
  private readonly definitions = new Map<string, QueueDefinition<object>>();
  /** Every wake() call: the queue and when (undefined: now). */
  readonly wakes: Array<{ queue: string; at?: Date }> = [];

  constructor(private readonly db: InMemoryDb) {}

  async onModuleInit(): Promise<void> {}

  async onApplicationBootstrap(): Promise<void> {}

  async onModuleDestroy(): Promise<void> {}

  async stop(): Promise<void> {}

  async define<T extends object>(definition: QueueDefinition<T>): Promise<void> {
    this.definitions.set(definition.name, definition);
  }

  async enqueue(jobs: NewJob[], _tx?: unknown): Promise<void> {
    for (const job of jobs)
      this.db.tables.jobs.push({ queue: job.queue, data: copy(job.data), startAfter: job.startAfter ?? this.db.now() });
  }

  async enqueueUnlessWaiting(job: NewJob): Promise<void> {
    if (!this.db.tables.jobs.some((j) => j.queue === job.queue)) await this.enqueue([job]);
  }

  wake(queue: string, at?: Date): void {
    this.wakes.push({ queue, at });
  }

  queueName(name: string): string {
    return name;
  }

  /** The jobs waiting in `queue` (every queue when absent), due or not, in the order they were added. */
  waiting(queue?: string): QueuedJob[] {
    return this.db.tables.jobs.filter((j) => queue === undefined || j.queue === queue);
  }

  /**
   * Runs, one after the other, the jobs of `queue` due by the clock now (in due order), each through
   * its queue's handler, and returns how many ran. Jobs they add are not run by this call.
   */
  async runDue(queue: string): Promise<number> {
    const definition = this.definitions.get(queue);
    if (!definition) throw new Error(`no queue ${queue} was defined`);
    const now = this.db.now();
    const due = this.db.tables.jobs
      .filter((j) => j.queue === queue && j.startAfter <= now)
      .sort((a, b) => a.startAfter.getTime() - b.startAfter.getTime());
    this.db.tables.jobs = this.db.tables.jobs.filter((j) => !due.includes(j));
    for (const job of due) await definition.handle(job.data);
    return due.length;
  }
}
