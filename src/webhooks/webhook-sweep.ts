import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue';
import { RecurringJob } from '../jobs/recurring-job';
import { WebhooksRepository } from './webhooks.repository';

/** The queue of the sweep: at most one job waiting and one running, whatever the number of processes. */
export const WEBHOOK_SWEEP_QUEUE = 'webhooks.sweep';

/** Deliveries removed per statement by the retention task (it goes on until none is left). */
const PRUNE_BATCH = 1000;

/** Work that finds what happened without a request to announce it: run on every sweep. */
export type SweepTask = () => Promise<void>;

/**
 * The webhook sweep: a recurring job (one run at a time in the deployment, every
 * WEBHOOK_SWEEP_INTERVAL_MS) that runs the registered tasks: keys that reached their expiry,
 * budget alerts left unpublished, the delivery log's retention. Tasks must be safe to run from any
 * process: each claims its rows in the same transaction that publishes them.
 */
@Injectable()
export class WebhookSweep implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Webhooks');
  private readonly tasks = new Map<string, SweepTask>();
  private readonly job: RecurringJob;

  constructor(
    jobs: JobQueue,
    private readonly repository: WebhooksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.register('delivery-log-retention', () => this.pruneDeliveryLog());
    this.job = new RecurringJob(
      jobs,
      { name: WEBHOOK_SWEEP_QUEUE, intervalMs: config.WEBHOOK_SWEEP_INTERVAL_MS, run: () => this.run() },
      config.JOB_WORKER,
    );
  }

  /** Adds a task to every sweep (call from onModuleInit). */
  register(name: string, task: SweepTask): void {
    this.tasks.set(name, task);
  }

  onModuleInit(): Promise<void> {
    return this.job.define();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.job.start();
  }

  /** One sweep: every task (one failing does not stop the others). */
  async run(): Promise<void> {
    for (const [name, task] of this.tasks) {
      try {
        await task();
      } catch (err) {
        this.logger.warn({ err: (err as Error).message, task: name }, 'webhook sweep task failed; the next sweep tries again');
      }
    }
  }

  private async pruneDeliveryLog(): Promise<void> {
    const before = new Date(Date.now() - this.config.WEBHOOK_LOG_RETENTION_DAYS * 86_400_000);
    while ((await this.repository.pruneDeliveries(before, PRUNE_BATCH)) === PRUNE_BATCH);
  }
}
