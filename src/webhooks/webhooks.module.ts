import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { WebhookDeliveryWorker } from './delivery/webhook-delivery.worker';
import { PrismaWebhooksRepository } from './prisma-webhooks.repository';
import { WebhookEvents } from './webhook-events.publisher';
import { WebhookSecrets } from './webhook-secrets';
import { WebhookSweep } from './webhook-sweep';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks: tenants' endpoints (with their encrypted signing secrets), the publisher other modules
 * announce events through (WebhookEvents), the delivery worker (signed POSTs, retries with backoff,
 * 410 disables), the delivery log, and the sweep that other modules add their periodic finds to.
 * Knows no other feature: the modules with events import this one, never the reverse.
 */
@Module({
  imports: [JobsModule],
  providers: [
    { provide: WebhooksRepository, useClass: PrismaWebhooksRepository },
    WebhookSecrets,
    WebhookEvents,
    WebhookDeliveryWorker,
    WebhookSweep,
    WebhooksService,
  ],
  exports: [WebhookEvents, WebhookSweep, WebhooksService],
})
export class WebhooksModule {}
