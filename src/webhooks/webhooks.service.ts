import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { GatewayError } from '../common/errors/error-catalog';
import { Clock } from '../common/time/clock';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { WebhookDeliveryState, WebhookEndpointStatus } from '../generated/prisma/enums';
import { JobQueue } from '../jobs/job-queue';
import { webhookUrlProblem } from './delivery/webhook-target';
import type { WebhookEventType } from './webhook-events';
import { DeliveryJob, WEBHOOK_DELIVERY_QUEUE, WebhookEvents } from './webhook-events.publisher';
import { WebhookSecrets } from './webhook-secrets';
import {
  DeliveryWithAttempts,
  EndpointChanges,
  HeldEndpoint,
  StoredDelivery,
  StoredEndpoint,
  WebhooksRepository,
} from './webhooks.repository';

/** Endpoints one tenant may register: each event is delivered to each of them. */
export const MAX_ENDPOINTS_PER_TENANT = 20;

export interface EndpointDefinition {
  url: string;
  description?: string;
  events: WebhookEventType[];
}

export interface EndpointUpdate {
  url?: string;
  description?: string;
  events?: WebhookEventType[];
  status?: WebhookEndpointStatus;
}

export interface DeliveryListFilter {
  endpointId?: string;
  event?: WebhookEventType;
  state?: WebhookDeliveryState;
}

/**
 * A tenant's webhook endpoints and its delivery log. Every method takes the tenant first: another
 * tenant's endpoint or delivery is "not found", never "forbidden". A URL is checked against the
 * target policy (https only, no inside addresses) when it is set; the secret is generated here and
 * returned once.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: WebhookSecrets,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly events: WebhookEvents,
  ) {}

  async create(tenantId: string, definition: EndpointDefinition): Promise<{ endpoint: StoredEndpoint; secret: string }> {
    this.checkUrl(definition.url);
    const id = randomUUID();
    const secret = this.secrets.generate();
    const endpoint = await this.repository.createEndpoint(
      tenantId,
      {
        id,
        url: definition.url,
        description: definition.description ?? '',
        events: normalise(definition.events),
        secretCiphertext: this.secrets.seal(secret, id),
      },
      MAX_ENDPOINTS_PER_TENANT,
    );
    if (!endpoint) throw new GatewayError('conflict', `A tenant has at most ${MAX_ENDPOINTS_PER_TENANT} webhook endpoints.`);
    return { endpoint, secret };
  }

  list(tenantId: string, take: number, cursor: string | undefined): Promise<StoredEndpoint[]> {
    return this.repository.listEndpoints(tenantId, take, cursor);
  }

  async get(tenantId: string, id: string): Promise<StoredEndpoint> {
    return endpointFound(await this.repository.findEndpoint(tenantId, id));
  }

  /** Changes an endpoint; `status: active` enables a disabled one again (its failed deliveries can then be redelivered). */
  async update(tenantId: string, id: string, update: EndpointUpdate): Promise<StoredEndpoint> {
    if (update.url !== undefined) this.checkUrl(update.url);
    const changes: EndpointChanges = {
      url: update.url,
      description: update.description,
      events: update.events && normalise(update.events),
      status: update.status,
      disabledReason: update.status === undefined ? undefined : update.status === 'disabled' ? 'tenant' : null,
    };
    return endpointFound(await this.repository.updateEndpoint(tenantId, id, changes));
  }

  /** Deletes an endpoint and its delivery log; its pending deliveries are dropped. */
  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.repository.deleteEndpoint(tenantId, id))) endpointFound(null);
  }

  /** A new secret, returned once; deliveries carry a signature with the old one too for `graceMs` (0: none). */
  async rotateSecret(tenantId: string, id: string, graceMs: number): Promise<{ endpoint: StoredEndpoint; secret: string }> {
    const secret = this.secrets.generate();
    const previousExpiresAt = graceMs > 0 ? new Date(this.clock.nowMs() + graceMs) : null;
    const endpoint = await this.repository.rotateSecret(tenantId, id, this.secrets.seal(secret, id), previousExpiresAt);
    return { endpoint: endpointFound(endpoint), secret };
  }

  listDeliveries(tenantId: string, take: number, cursor: string | undefined, filter: DeliveryListFilter): Promise<StoredDelivery[]> {
    return this.repository.listDeliveries(tenantId, take, cursor, filter);
  }

  async getDelivery(tenantId: string, id: string): Promise<DeliveryWithAttempts> {
    return deliveryFound(await this.repository.findDelivery(tenantId, id));
  }

  /**
   * Sends a delivered or failed delivery again, now: same id (receivers that already have it drop
   * it), the attempts go on counting, and a new retry window starts. A pending one is being retried
   * already, and one of a disabled endpoint would not be sent: both are 409.
   */
  async redeliver(tenantId: string, id: string): Promise<StoredDelivery> {
    const result = await this.repository.redeliver(
      tenantId,
      id,
      new Date(this.clock.nowMs() + this.config.WEBHOOK_RETRY_WINDOW_MS),
      (tx, delivery) =>
        this.jobs.enqueue(
          [{ queue: WEBHOOK_DELIVERY_QUEUE, data: { deliveryId: delivery.id, attempt: delivery.attemptCount + 1 } satisfies DeliveryJob }],
          tx,
        ),
    );
    if (result === 'not_found') return deliveryFound(null);
    if (result === 'pending') throw new GatewayError('conflict', 'The delivery is pending: its next attempt is already scheduled.');
    if (result === 'endpoint_disabled')
      throw new GatewayError('conflict', 'The endpoint is disabled; enable it first (PATCH status: active).');
    this.jobs.wake(WEBHOOK_DELIVERY_QUEUE);
    return result;
  }

  /**
   * Sends a `test` event to this endpoint only (whatever it subscribes to); it is in the delivery log
   * like any other. A disabled endpoint is sent nothing: 409, enable it first. The endpoint is held
   * while its delivery is made: one removed meanwhile is not found, where its delivery's insert
   * failed on the foreign key (a 500).
   */
  async sendTest(tenantId: string, id: string): Promise<StoredDelivery> {
    const deliveryId = await this.repository.transaction(async (tx) => {
      const endpoint = endpointFound(await this.repository.holdEndpoint(tx, tenantId, id));
      if (endpoint.status !== 'active')
        throw new GatewayError('conflict', 'The endpoint is disabled; enable it first (PATCH status: active).');
      return this.events.publishToEndpoint(
        endpoint,
        'test',
        {
          endpoint: { id: endpoint.id, url: endpoint.url },
          message: 'A test event: your endpoint receives and verifies webhooks from the gateway.',
        },
        tx,
      );
    });
    this.events.committed();
    return deliveryFound(await this.repository.findDelivery(tenantId, deliveryId));
  }

  private checkUrl(url: string): void {
    const problem = webhookUrlProblem(url, {
      allowHttp: this.config.WEBHOOK_ALLOW_HTTP,
      allowPrivate: this.config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    });
    if (problem) throw new GatewayError('invalid_request', `The request is not valid: ${problem}.`, { problems: [problem] });
  }
}

/** Each event type once, in a stable order. */
function normalise(events: WebhookEventType[]): WebhookEventType[] {
  return [...new Set(events)].sort();
}

function endpointFound<E extends StoredEndpoint | HeldEndpoint>(endpoint: E | null): E {
  if (!endpoint) throw new GatewayError('resource_not_found', 'No webhook endpoint has this id.');
  return endpoint;
}

function deliveryFound<D extends StoredDelivery>(delivery: D | null): D {
  if (!delivery) throw new GatewayError('resource_not_found', 'No webhook delivery has this id.');
  return delivery;
}
