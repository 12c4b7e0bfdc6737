import { Inject, Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { addMonths, monthOf } from '../common/time/utc-month';
import { JobQueue } from '../jobs/job-queue';
import { RecurringJob } from '../jobs/recurring-job';
import { PlanChangeSchedule } from './plan-change-schedule';

/** The queue of the plan changes job: at most one job waiting and one running, whatever the number of processes. */
export const PLAN_CHANGES_QUEUE = 'plans.scheduled-changes';

/**
 * The plan changes job: a recurring job (one run at a time in the deployment) that makes the owners'
 * scheduled plan changes once due. Every change falls due at a month's start, so a run is due then
 * (the job queue wakes for it); PLAN_CHANGE_JOB_INTERVAL_MS is the net for a start no process was up for.
 */
@Injectable()
export class PlanChangesJob implements OnModuleInit, OnApplicationBootstrap {
  private readonly job: RecurringJob;

  constructor(jobs: JobQueue, schedule: PlanChangeSchedule, @Inject(APP_CONFIG) config: AppConfig) {
    this.job = new RecurringJob(
      jobs,
      {
        name: PLAN_CHANGES_QUEUE,
        intervalMs: config.PLAN_CHANGE_JOB_INTERVAL_MS,
        run: async () => {
          await schedule.applyDue();
        },
        dueSooner: () => addMonths(monthOf(new Date()), 1),
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
