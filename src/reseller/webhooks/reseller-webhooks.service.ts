import { Injectable } from '@nestjs/common';
import { type Page, toPage } from '../../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../../common/pagination/page.requests';
import { WebhookDeliveryDetailView, WebhookDeliveryView } from '../../webhooks/dto/webhook-delivery.view';
import { WebhookEndpointView, WebhookEndpointWithSecretView } from '../../webhooks/dto/webhook-endpoint.view';
import { WebhooksService } from '../../webhooks/webhooks.service';
import {
  DEFAULT_SECRET_GRACE_SECONDS,
  type CreateWebhookEndpointRequest,
  type RotateWebhookSecretRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDeliveryListQuery,
} from './dto/webhook.requests';

/** The reseller's webhook endpoints and delivery log, within the calling tenant. */
@Injectable()
export class ResellerWebhooksService {
  constructor(private readonly webhooks: WebhooksService) {}

  async create(tenantId: string, body: CreateWebhookEndpointRequest): Promise<WebhookEndpointWithSecretView> {
    const { endpoint, secret } = await this.webhooks.create(tenantId, {
      url: body.url,
      events: body.events,
      description: body.description,
    });
    return WebhookEndpointWithSecretView.withSecret(endpoint, secret);
  }

  async list(tenantId: string, query: { limit?: number; cursor?: string }): Promise<Page<WebhookEndpointView>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    return toPage(await this.webhooks.list(tenantId, limit + 1, query.cursor), limit, WebhookEndpointView.from);
  }

  async get(tenantId: string, id: string): Promise<WebhookEndpointView> {
    return WebhookEndpointView.from(await this.webhooks.get(tenantId, id));
  }

  async update(tenantId: string, id: string, body: UpdateWebhookEndpointRequest): Promise<WebhookEndpointView> {
    return WebhookEndpointView.from(await this.webhooks.update(tenantId, id, body));
  }

  delete(tenantId: string, id: string): Promise<void> {
    return this.webhooks.delete(tenantId, id);
  }

  async rotateSecret(tenantId: string, id: string, body: RotateWebhookSecretRequest): Promise<WebhookEndpointWithSecretView> {
    const graceMs = (body.grace_seconds ?? DEFAULT_SECRET_GRACE_SECONDS) * 1000;
    const { endpoint, secret } = await this.webhooks.rotateSecret(tenantId, id, graceMs);
    return WebhookEndpointWithSecretView.withSecret(endpoint, secret);
  }

  async sendTest(tenantId: string, id: string): Promise<WebhookDeliveryView> {
    return WebhookDeliveryView.from(await this.webhooks.sendTest(tenantId, id));
  }

  async listDeliveries(tenantId: string, query: WebhookDeliveryListQuery): Promise<Page<WebhookDeliveryView>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await this.webhooks.listDeliveries(tenantId, limit + 1, query.cursor, {
      endpointId: query.endpoint_id,
      event: query.event,
      state: query.state,
    });
    return toPage(rows, limit, WebhookDeliveryView.from);
  }

  async getDelivery(tenantId: string, id: string): Promise<WebhookDeliveryDetailView> {
    return WebhookDeliveryDetailView.withAttempts(await this.webhooks.getDelivery(tenantId, id));
  }

  async redeliver(tenantId: string, id: string): Promise<WebhookDeliveryView> {
    return WebhookDeliveryView.from(await this.webhooks.redeliver(tenantId, id));
  }
}
