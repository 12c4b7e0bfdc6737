import { Inject, Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue';
import { RecurringJob } from '../jobs/recurring-job';
import { StatementCloser } from './statement-closer';
import { nextCloseDueAt } from './statement-month';

/** The queue of the statements job: at most one job waiting and one running, whatever the number of processes. */
export const STATEMENTS_QUEUE = 'statements.close';

/**
 * The statements job: a recurring job (one run at a time in the deployment) that closes the months
 * that are due and reconciles the recently closed ones (StatementCloser.run), every
 * STATEMENT_JOB_INTERVAL_MS, or sooner when the next month falls due to close. Two runs that
 * overlap anyway take turns on the closer's advisory lock.
 */
@Injectable()
export class StatementsJob implements OnModuleInit, OnApplicationBootstrap {
  private readonly job: RecurringJob;

  constructor(
    jobs: JobQueue,
    private readonly closer: StatementCloser,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.job = new RecurringJob(
      jobs,
      {
        name: STATEMENTS_QUEUE,
        intervalMs: config.STATEMENT_JOB_INTERVAL_MS,
        run: async () => {
          await this.closer.run();
        },
        dueSooner: () => nextCloseDueAt(new Date(), config.STATEMENT_CLOSE_GRACE_MINUTES),
        // The first run on a long history closes every past month; a run longer than this is taken for dead.
        expireInSeconds: 3600,
      },
      config.JOB_WORKER,
    );
  }

  onModuleInit(): Promise<void> {
    return this.job.define();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.job.start();
  }
}
