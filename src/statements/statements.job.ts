import { Inject, Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue';
import { StatementCloser } from './statement-closer';
import { nextCloseDueAt } from './statement-month';

/** The queue of the statements job: at most one job waiting and one running, whatever the number of processes. */
export const STATEMENTS_QUEUE = 'statements.close';

/**
 * The scheduled statements job: a pg-boss job that closes the months that are due and reconciles
 * the recently closed ones (StatementCloser.run), then schedules the next run after
 * STATEMENT_JOB_INTERVAL_MS, or sooner when the next month falls due to close. Like the webhook
 * sweep, the queue is `stately` and every worker process seeds it at start (a no-op when a run is
 * waiting), so the chain survives any process; two runs that overlap anyway take turns on the
 * closer's advisory lock.
 */
@Injectable()
export class StatementsJob implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly closer: StatementCloser,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): Promise<void> {
    return this.jobs.define({
      name: STATEMENTS_QUEUE,
      handle: () => this.run(),
      concurrency: 1,
      retryLimit: 5,
      retryDelaySeconds: 60,
      // The first run on a long history closes every past month; a run longer than this is taken for dead.
      expireInSeconds: 3600,
      stately: true,
      // A process with the job off runs none, so it never ends the chain by taking a run it would not reschedule.
      work: this.config.STATEMENT_JOB_INTERVAL_MS > 0,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.JOB_WORKER && this.config.STATEMENT_JOB_INTERVAL_MS > 0)
      await this.jobs.enqueueUnlessWaiting({ queue: STATEMENTS_QUEUE, data: {} });
  }

  /** One run, then the next one scheduled (also when this one failed: pg-boss retries it besides). */
  async run(now = new Date()): Promise<void> {
    try {
      await this.closer.run(now);
    } finally {
      const nextRun = Math.min(
        Date.now() + this.config.STATEMENT_JOB_INTERVAL_MS,
        nextCloseDueAt(now, this.config.STATEMENT_CLOSE_GRACE_MINUTES).getTime(),
      );
      await this.jobs.enqueueUnlessWaiting({ queue: STATEMENTS_QUEUE, data: {}, startAfter: new Date(nextRun) });
    }
  }
}
