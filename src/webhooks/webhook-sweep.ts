import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue';
import { WebhooksRepository } from './webhooks.repository';

/** The queue of the sweep: at most one job waiting and one running, whatever the number of processes. */
export const WEBHOOK_SWEEP_QUEUE = 'webhooks.sweep';

/** Deliveries removed per statement by the retention task (it goes on until none is left). */
const PRUNE_BATCH = 1000;

/** Work that finds what happened without a request to announce it: run on every sweep. */
export type SweepTask = () => Promise<void>;

/**
 * The webhook sweep: a pg-boss job that runs the registered tasks (keys that reached their expiry,
 * budget alerts left unpublished, the delivery log's retention) and then schedules the next run
 * WEBHOOK_SWEEP_INTERVAL_MS later. The queue is `stately`, so however many processes run workers there
 * is one sweep at a time and one waiting; each such process seeds it at start (a no-op when one is
 * waiting), so the chain survives any process. Tasks must be safe to run from any process: each
 * claims its rows in the same transaction that publishes them.
 */
@Injectable()
export class WebhookSweep implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Webhooks');
  private readonly tasks = new Map<string, SweepTask>();

  constructor(
    private readonly jobs: JobQueue,
    private readonly repository: WebhooksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.register('delivery-log-retention', () => this.pruneDeliveryLog());
  }

  /** Adds a task to every sweep (call from onModuleInit). */
  register(name: string, task: SweepTask): void {
    this.tasks.set(name, task);
  }

  onModuleInit(): Promise<void> {
    return this.jobs.define({
      name: WEBHOOK_SWEEP_QUEUE,
      handle: () => this.run(),
      concurrency: 1,
      retryLimit: 3,
      retryDelaySeconds: 5,
      expireInSeconds: 600,
      stately: true,
      // A process with the sweep off runs none, so it never ends the chain by taking a job it would not reschedule.
      work: this.config.WEBHOOK_SWEEP_INTERVAL_MS > 0,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.JOB_WORKER && this.config.WEBHOOK_SWEEP_INTERVAL_MS > 0)
      await this.jobs.enqueueUnlessWaiting({ queue: WEBHOOK_SWEEP_QUEUE, data: {} });
  }

  /** One sweep: every task (one failing does not stop the others), then the next sweep is scheduled. */
  async run(): Promise<void> {
    try {
      for (const [name, task] of this.tasks) {
        try {
          await task();
        } catch (err) {
          this.logger.warn({ err: (err as Error).message, task: name }, 'webhook sweep task failed; the next sweep tries again');
        }
      }
    } finally {
      await this.jobs.enqueueUnlessWaiting({
        queue: WEBHOOK_SWEEP_QUEUE,
        data: {},
        startAfter: new Date(Date.now() + this.config.WEBHOOK_SWEEP_INTERVAL_MS),
      });
    }
  }

  private async pruneDeliveryLog(): Promise<void> {
    const before = new Date(Date.now() - this.config.WEBHOOK_LOG_RETENTION_DAYS * 86_400_000);
    while ((await this.repository.pruneDeliveries(before, PRUNE_BATCH)) === PRUNE_BATCH);
  }
}
