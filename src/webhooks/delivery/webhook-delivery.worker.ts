import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/time/clock';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { JobQueue } from '../../jobs/job-queue';
import { deliveryBody } from '../webhook-events';
import { DeliveryJob, WEBHOOK_DELIVERY_QUEUE } from '../webhook-events.publisher';
import { WebhookSecrets } from '../webhook-secrets';
import { DeliveryForAttempt, WebhooksRepository } from '../webhooks.repository';
import { retryDelayMs } from './retry-schedule';
import { SendOutcome, WebhookSender } from './webhook-sender';
import { signatureHeader } from './webhook-signature';

/** Attempts run at once per worker (two workers per process). */
const CONCURRENCY = 10;
/** Time for the database work around an attempt, on top of its HTTP timeout, before pg-boss takes the job for dead. */
const JOB_MARGIN_SECONDS = 60;

/**
 * Runs delivery attempts, one pg-boss job each. An attempt POSTs the body with its id, timestamp and
 * signature headers and records what happened, then: a 2xx is delivered; a 410 Gone fails the
 * delivery and disables the endpoint (the receiver said it is gone for good: no retry, no further
 * deliveries until the tenant enables it again); anything else (another status, a timeout, a
 * connection error, a refused target) schedules the next attempt after the backoff, as a new job in
 * the same transaction as the record, unless that would fall after the delivery's retry window, which
 * fails it. A job whose attempt was already recorded (a rerun after a crash) does nothing.
 */
@Injectable()
export class WebhookDeliveryWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly sender: WebhookSender;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: WebhookSecrets,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.sender = new WebhookSender(
      { allowHttp: config.WEBHOOK_ALLOW_HTTP, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS },
      config.WEBHOOK_TIMEOUT_MS,
    );
  }

  onModuleInit(): Promise<void> {
    return this.jobs.define<DeliveryJob>({
      name: WEBHOOK_DELIVERY_QUEUE,
      handle: (job) => this.attempt(job),
      concurrency: CONCURRENCY,
      // For runs that failed as a whole (database down, process stopped mid-attempt): attempts
      // themselves are rescheduled by the worker. 12 retries doubling from 5 s span about 6 h.
      retryLimit: 12,
      retryDelaySeconds: 5,
      expireInSeconds: Math.ceil(this.config.WEBHOOK_TIMEOUT_MS / 1000) + JOB_MARGIN_SECONDS,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sender.close();
  }

  /** Runs attempt `job.attempt` of a delivery, if it is still the one due. */
  async attempt(job: DeliveryJob): Promise<void> {
    const delivery = await this.repository.findForAttempt(job.deliveryId);
    if (!delivery || delivery.state !== 'pending' || delivery.attemptCount !== job.attempt - 1) return;
    if (delivery.endpoint.status !== 'active') {
      await this.repository.abandon(delivery.id, delivery.attemptCount, 'endpoint disabled: not attempted');
      return;
    }
    const startedAt = this.clock.now();
    const outcome = await this.send(delivery, job.attempt);
    const finishedAt = this.clock.nowMs();
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const gone = outcome.status === 410;
    let next: Date | null = null;
    let error = outcome.error;
    if (!delivered && !gone) {
      next = new Date(finishedAt + retryDelayMs(job.attempt, this.config.WEBHOOK_RETRY_BASE_MS));
      if (next > delivery.retryUntil) {
        next = null;
        error = `${error ?? 'failed'}; gave up: no retry left in the retry window`;
      }
    }
    if (gone) error = 'HTTP 410: the receiver is gone; the endpoint was disabled';
    const recorded = await this.repository.recordAttempt(
      {
        deliveryId: delivery.id,
        number: job.attempt,
        startedAt,
        durationMs: finishedAt - startedAt.getTime(),
        httpStatus: outcome.status,
        error: error?.slice(0, 500) ?? null,
        state: delivered ? 'delivered' : next ? 'pending' : 'failed',
        nextAttemptAt: next,
        disableEndpoint: gone,
      },
      (tx) =>
        next
          ? this.jobs.enqueue(
              [
                {
                  queue: WEBHOOK_DELIVERY_QUEUE,
                  data: { deliveryId: delivery.id, attempt: job.attempt + 1 } satisfies DeliveryJob,
                  startAfter: next,
                },
              ],
              tx,
            )
          : Promise.resolve(),
    );
    if (recorded && next) this.jobs.wake(WEBHOOK_DELIVERY_QUEUE, next);
    if (recorded && gone)
      this.logger.warn({ endpoint: delivery.endpointId, tenant: delivery.tenantId }, 'webhook endpoint answered 410: disabled');
  }

  private async send(delivery: DeliveryForAttempt, attempt: number): Promise<SendOutcome> {
    let secrets: string[];
    try {
      secrets = this.signingSecrets(delivery);
    } catch (err) {
      this.logger.error({ err: (err as Error).message, endpoint: delivery.endpointId }, 'webhook secret unreadable');
      return { status: null, error: `not sent: ${(err as Error).message}` };
    }
    const body = deliveryBody(delivery);
    const timestamp = Math.floor(this.clock.nowMs() / 1000);
    return this.sender.post(
      delivery.endpoint.url,
      {
        'user-agent': 'gateway-webhooks/1',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(secrets, delivery.id, timestamp, body),
        'webhook-attempt': String(attempt),
      },
      body,
    );
  }

  /** The current secret, and the one before it while its rotation grace lasts. */
  private signingSecrets({ endpoint }: DeliveryForAttempt): string[] {
    const secrets = [this.secrets.open(endpoint.secretCiphertext, endpoint.id)];
    if (endpoint.previousSecretCiphertext && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > this.clock.now()) {
      secrets.push(this.secrets.open(endpoint.previousSecretCiphertext, endpoint.id));
    }
    return secrets;
  }
}
