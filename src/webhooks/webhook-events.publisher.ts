import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/time/clock';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { Prisma } from '../generated/prisma/client';
import { Db, JobQueue } from '../jobs/job-queue';
import type { WebhookEvent, WebhookEventData, WebhookEventType } from './webhook-events';
import { WebhooksRepository } from './webhooks.repository';

/** The queue of delivery attempts; a job is `{deliveryId, attempt}`. */
export const WEBHOOK_DELIVERY_QUEUE = 'webhooks.delivery';

/** The job of one delivery attempt. */
export interface DeliveryJob {
  deliveryId: string;
  /** The attempt it makes (1, 2, …): it runs only while the delivery has made `attempt − 1`. */
  attempt: number;
}

/**
 * Publishes webhook events, the one entry point for the modules that have something to announce:
 * each event becomes one delivery (row and first attempt's job) per active endpoint of its tenant
 * subscribed to its type. Pass the caller's transaction to publish exactly when its change commits
 * (a rotation, a suspension, a sweep that marks what it announced); without one, the event is
 * published in a transaction of its own. An event no endpoint wants costs one indexed query.
 */
@Injectable()
export class WebhookEvents {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Publishes one event of a tenant; returns how many deliveries it made. With `tx`, call committed() once it commits. */
  publish<E extends WebhookEventType>(tenantId: string, type: E, data: WebhookEventData[E], tx?: Db): Promise<number> {
    return this.publishMany([{ tenantId, type, data }], tx);
  }

  /** Publishes events (of any tenants) together; returns how many deliveries they made. */
  async publishMany(events: readonly WebhookEvent[], tx?: Db): Promise<number> {
    if (events.length === 0) return 0;
    if (tx) return this.fanOut(events, tx);
    const count = await this.repository.transaction((own) => this.fanOut(events, own));
    if (count > 0) this.jobs.wake(WEBHOOK_DELIVERY_QUEUE);
    return count;
  }

  /**
   * Sends one event to one endpoint of its tenant, whatever types the endpoint subscribes to (the
   * test event): one delivery, signed and retried like every other. Returns the delivery's id.
   * Give the transaction that held the endpoint (WebhooksRepository.holdEndpoint), and call
   * committed() once it commits.
   */
  async publishToEndpoint<E extends WebhookEventType>(
    endpoint: { id: string; tenantId: string },
    type: E,
    data: WebhookEventData[E],
    tx: Db,
  ): Promise<string> {
    const delivery = this.delivery({ tenantId: endpoint.tenantId, type, data }, endpoint.id);
    await this.repository.createDeliveries(tx, [delivery]);
    await this.jobs.enqueue([{ queue: WEBHOOK_DELIVERY_QUEUE, data: { deliveryId: delivery.id, attempt: 1 } satisfies DeliveryJob }], tx);
    return delivery.id;
  }

  /**
   * After a transaction that published committed: wakes this process's delivery workers, so the
   * first attempts go out now rather than at the next poll (JOB_POLL_INTERVAL_MS).
   */
  committed(): void {
    this.jobs.wake(WEBHOOK_DELIVERY_QUEUE);
  }

  private async fanOut(events: readonly WebhookEvent[], tx: Db): Promise<number> {
    const tenantIds = [...new Set(events.map((e) => e.tenantId))];
    const types = [...new Set(events.map((e) => e.type))];
    const endpoints = await this.repository.subscribedEndpoints(tx, tenantIds, types);
    if (endpoints.length === 0) return 0;
    const deliveries: Prisma.WebhookDeliveryCreateManyInput[] = [];
    for (const event of events) {
      for (const endpoint of endpoints) {
        if (endpoint.tenantId !== event.tenantId || !endpoint.events.includes(event.type)) continue;
        deliveries.push(this.delivery(event, endpoint.id));
      }
    }
    await this.repository.createDeliveries(tx, deliveries);
    await this.jobs.enqueue(
      deliveries.map((d) => ({ queue: WEBHOOK_DELIVERY_QUEUE, data: { deliveryId: d.id, attempt: 1 } satisfies DeliveryJob })),
      tx,
    );
    return deliveries.length;
  }

  /** The delivery of one event to one endpoint, due now, with the configured retry window. */
  private delivery(event: WebhookEvent, endpointId: string): Prisma.WebhookDeliveryCreateManyInput & { id: string } {
    const at = event.occurredAt ?? this.clock.now();
    return {
      id: randomUUID(),
      tenantId: event.tenantId,
      endpointId,
      event: event.type,
      data: event.data as unknown as Prisma.InputJsonObject,
      createdAt: at,
      nextAttemptAt: at,
      retryUntil: new Date(at.getTime() + this.config.WEBHOOK_RETRY_WINDOW_MS),
    };
  }
}
