import { Logger } from '@nestjs/common';
import { JobQueue } from './job-queue';

/** Work that runs every `intervalMs` in one process of the deployment, whichever processes are up. */
export interface RecurringJobDefinition {
  /** The queue's name (without JOB_QUEUE_PREFIX). */
  name: string;
  /** Time from the end of one run to the start of the next. 0 or less: this process never runs it. */
  intervalMs: number;
  /** One run. Throwing is logged; the next run comes at the usual time. */
  run(): Promise<void>;
  /** A run still going after this long is taken to be dead (its process crashed) and run again. */
  expireInSeconds?: number;
  /** A time the next run is due before the interval is over (e.g. a deadline), if any. */
  dueSooner?(): Date | undefined;
}

/**
 * A recurring job on the job queue: a `stately` pg-boss queue (at most one job waiting and one
 * running), where each run schedules the next. Every process with a worker seeds it at start (a
 * no-op while one is waiting), so the chain survives any process and there is one run at a time
 * however many processes there are. A process with JOB_WORKER off, or the job's interval off,
 * runs none, so it never takes a job it would not reschedule.
 */
export class RecurringJob {
  private readonly logger: Logger;

  constructor(
    private readonly jobs: JobQueue,
    private readonly definition: RecurringJobDefinition,
    private readonly worker: boolean,
  ) {
    this.logger = new Logger(definition.name);
  }

  /** Creates the queue: call from the owner's onModuleInit. */
  define(): Promise<void> {
    return this.jobs.define({
      name: this.definition.name,
      handle: () => this.runAndReschedule(),
      concurrency: 1,
      retryLimit: 3,
      retryDelaySeconds: 5,
      expireInSeconds: this.definition.expireInSeconds ?? 600,
      stately: true,
      work: this.enabled,
    });
  }

  /** Seeds the chain: call from the owner's onApplicationBootstrap. */
  async start(): Promise<void> {
    if (this.enabled) await this.jobs.enqueueUnlessWaiting({ queue: this.definition.name, data: {} });
  }

  private get enabled(): boolean {
    return this.worker && this.definition.intervalMs > 0;
  }

  private async runAndReschedule(): Promise<void> {
    try {
      await this.definition.run();
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'recurring job failed; the next run tries again');
    } finally {
      const afterInterval = Date.now() + this.definition.intervalMs;
      const sooner = this.definition.dueSooner?.()?.getTime() ?? Infinity;
      await this.jobs.enqueueUnlessWaiting({
        queue: this.definition.name,
        data: {},
        startAfter: new Date(Math.min(afterInterval, sooner)),
      });
    }
  }
}
