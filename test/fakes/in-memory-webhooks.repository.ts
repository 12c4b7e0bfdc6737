import type { Prisma, WebhookEndpoint } from '../../src/generated/prisma/client';
import type { Db } from '../../src/jobs/job-queue';
import {
  AttemptRecord,
  DeliveryFilter,
  DeliveryForAttempt,
  DeliveryWithAttempts,
  EndpointChanges,
  HeldEndpoint,
  NewEndpoint,
  StoredDelivery,
  StoredEndpoint,
  WebhooksRepository,
} from '../../src/webhooks/webhooks.repository';
import { copy, InMemoryDb, newestFirstPage } from './in-memory-db';
import { definedOnly } from './in-memory-plans.repository';
import { foreignKeyViolation } from './prisma-errors';

/** WebhooksRepository over the shared in-memory tables. */
export class InMemoryWebhooksRepository extends WebhooksRepository {
  constructor(private readonly db: InMemoryDb) {
    super();
  }

  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  createEndpoint(tenantId: string, endpoint: NewEndpoint, max: number): Promise<StoredEndpoint | null> {
    return this.db.transaction(async () => {
      if (!this.db.tables.tenants.has(tenantId)) throw foreignKeyViolation('webhook_endpoints_tenant_id_fkey');
      if (this.endpointsOf(tenantId).length >= max) return null;
      const now = this.db.now();
      const row: WebhookEndpoint = {
        tenantId,
        ...endpoint,
        status: 'active',
        disabledReason: null,
        previousSecretCiphertext: null,
        previousSecretExpiresAt: null,
        createdAt: now,
        updatedAt: now,
      };
      this.db.tables.webhookEndpoints.set(row.id, row);
      return copy(row);
    });
  }

  async findEndpoint(tenantId: string, id: string): Promise<StoredEndpoint | null> {
    const endpoint = this.endpointOf(tenantId, id);
    return endpoint ? copy(endpoint) : null;
  }

  async listEndpoints(tenantId: string, take: number, cursor: string | undefined): Promise<StoredEndpoint[]> {
    return newestFirstPage(this.endpointsOf(tenantId), take, cursor).map(copy);
  }

  async updateEndpoint(tenantId: string, id: string, changes: EndpointChanges): Promise<StoredEndpoint | null> {
    const endpoint = this.endpointOf(tenantId, id);
    if (!endpoint) return null;
    Object.assign(endpoint, copy(definedOnly(changes)), { updatedAt: this.db.now() });
    return copy(endpoint);
  }

  async deleteEndpoint(tenantId: string, id: string): Promise<boolean> {
    if (!this.endpointOf(tenantId, id)) return false;
    const { tables } = this.db;
    tables.webhookEndpoints.delete(id);
    // Its deliveries and their attempts go with it (the foreign keys cascade).
    const gone = new Set([...tables.webhookDeliveries.values()].filter((d) => d.endpointId === id).map((d) => d.id));
    for (const deliveryId of gone) tables.webhookDeliveries.delete(deliveryId);
    tables.webhookAttempts = tables.webhookAttempts.filter((a) => !gone.has(a.deliveryId));
    return true;
  }

  async rotateSecret(
    tenantId: string,
    id: string,
    secretCiphertext: string,
    previousExpiresAt: Date | null,
  ): Promise<StoredEndpoint | null> {
    const endpoint = this.endpointOf(tenantId, id);
    if (!endpoint) return null;
    Object.assign(endpoint, {
      secretCiphertext,
      previousSecretCiphertext: previousExpiresAt ? endpoint.secretCiphertext : null,
      previousSecretExpiresAt: previousExpiresAt,
      updatedAt: this.db.now(),
    });
    return copy(endpoint);
  }

  async holdEndpoint(_db: Db, tenantId: string, id: string): Promise<HeldEndpoint | null> {
    const endpoint = this.endpointOf(tenantId, id);
    return endpoint ? { id: endpoint.id, tenantId: endpoint.tenantId, url: endpoint.url, status: endpoint.status } : null;
  }

  async subscribedEndpoints(
    _db: Db,
    tenantIds: string[],
    types: string[],
  ): Promise<Array<{ id: string; tenantId: string; events: string[] }>> {
    return [...this.db.tables.webhookEndpoints.values()]
      .filter((e) => tenantIds.includes(e.tenantId) && e.status === 'active' && e.events.some((event) => types.includes(event)))
      .map(({ id, tenantId, events }) => ({ id, tenantId, events: [...events] }));
  }

  async createDeliveries(_db: Db, deliveries: Prisma.WebhookDeliveryCreateManyInput[]): Promise<void> {
    const { tables } = this.db;
    for (const d of deliveries) {
      if (tables.webhookEndpoints.get(d.endpointId)?.tenantId !== d.tenantId) throw foreignKeyViolation('webhook_deliveries_endpoint_fkey');
    }
    for (const d of deliveries) {
      tables.webhookDeliveries.set(d.id, {
        id: d.id,
        tenantId: d.tenantId,
        endpointId: d.endpointId,
        event: d.event,
        data: copy(d.data) as Prisma.JsonValue,
        state: d.state ?? 'pending',
        attemptCount: d.attemptCount ?? 0,
        lastStatus: d.lastStatus ?? null,
        lastError: d.lastError ?? null,
        nextAttemptAt: toDate(d.nextAttemptAt),
        retryUntil: toDate(d.retryUntil)!,
        deliveredAt: toDate(d.deliveredAt),
        createdAt: toDate(d.createdAt) ?? this.db.now(),
      });
    }
  }

  async listDeliveries(tenantId: string, take: number, cursor: string | undefined, filter: DeliveryFilter): Promise<StoredDelivery[]> {
    const rows = [...this.db.tables.webhookDeliveries.values()].filter(
      (d) =>
        d.tenantId === tenantId &&
        (filter.endpointId === undefined || d.endpointId === filter.endpointId) &&
        (filter.event === undefined || d.event === filter.event) &&
        (filter.state === undefined || d.state === filter.state),
    );
    return newestFirstPage(rows, take, cursor).map(copy);
  }

  async findDelivery(tenantId: string, id: string): Promise<DeliveryWithAttempts | null> {
    const delivery = this.db.tables.webhookDeliveries.get(id);
    if (delivery?.tenantId !== tenantId) return null;
    const attempts = this.db.tables.webhookAttempts.filter((a) => a.deliveryId === id).sort((a, b) => a.number - b.number);
    return copy({ ...delivery, attempts });
  }

  async findForAttempt(id: string): Promise<DeliveryForAttempt | null> {
    const delivery = this.db.tables.webhookDeliveries.get(id);
    if (!delivery) return null;
    return copy({ ...delivery, endpoint: this.db.tables.webhookEndpoints.get(delivery.endpointId)! });
  }

  recordAttempt(attempt: AttemptRecord, next: (tx: Db) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { tables } = this.db;
      const delivery = tables.webhookDeliveries.get(attempt.deliveryId);
      if (delivery?.state !== 'pending' || delivery.attemptCount !== attempt.number - 1) return false;
      Object.assign(delivery, {
        attemptCount: attempt.number,
        state: attempt.state,
        lastStatus: attempt.httpStatus,
        lastError: attempt.error,
        nextAttemptAt: attempt.nextAttemptAt,
        ...(attempt.state === 'delivered' ? { deliveredAt: this.db.now() } : {}),
      });
      tables.webhookAttempts.push({
        deliveryId: attempt.deliveryId,
        number: attempt.number,
        startedAt: attempt.startedAt,
        durationMs: attempt.durationMs,
        httpStatus: attempt.httpStatus,
        error: attempt.error,
        nextAttemptAt: attempt.nextAttemptAt,
      });
      if (attempt.disableEndpoint) {
        Object.assign(tables.webhookEndpoints.get(delivery.endpointId)!, {
          status: 'disabled',
          disabledReason: 'gone',
          updatedAt: this.db.now(),
        });
      }
      await next(tx);
      return true;
    });
  }

  async abandon(id: string, attemptCount: number, error: string): Promise<void> {
    const delivery = this.db.tables.webhookDeliveries.get(id);
    if (delivery?.state === 'pending' && delivery.attemptCount === attemptCount) {
      Object.assign(delivery, { state: 'failed', lastError: error, nextAttemptAt: null });
    }
  }

  redeliver(
    tenantId: string,
    id: string,
    retryUntil: Date,
    next: (tx: Db, delivery: StoredDelivery) => Promise<void>,
  ): Promise<StoredDelivery | 'not_found' | 'pending' | 'endpoint_disabled'> {
    return this.db.transaction(async (tx) => {
      const delivery = this.db.tables.webhookDeliveries.get(id);
      if (delivery?.tenantId !== tenantId) return 'not_found';
      if (this.db.tables.webhookEndpoints.get(delivery.endpointId)!.status !== 'active') return 'endpoint_disabled';
      if (delivery.state === 'pending') return 'pending';
      Object.assign(delivery, { state: 'pending', nextAttemptAt: this.db.now(), retryUntil, deliveredAt: null });
      await next(tx, copy(delivery));
      return copy(delivery);
    });
  }

  async pruneDeliveries(before: Date, limit: number): Promise<number> {
    const { tables } = this.db;
    const gone = [...tables.webhookDeliveries.values()]
      .filter((d) => d.createdAt < before && d.state !== 'pending')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map((d) => d.id);
    for (const deliveryId of gone) tables.webhookDeliveries.delete(deliveryId);
    tables.webhookAttempts = tables.webhookAttempts.filter((a) => !gone.includes(a.deliveryId));
    return gone.length;
  }

  private endpointsOf(tenantId: string): WebhookEndpoint[] {
    return [...this.db.tables.webhookEndpoints.values()].filter((e) => e.tenantId === tenantId);
  }

  private endpointOf(tenantId: string, id: string): WebhookEndpoint | undefined {
    const endpoint = this.db.tables.webhookEndpoints.get(id);
    return endpoint?.tenantId === tenantId ? endpoint : undefined;
  }
}

/** A timestamp of a Prisma input (a Date or an ISO string), or null. */
function toDate(value: Date | string | null | undefined): Date | null {
  return value === null || value === undefined ? null : new Date(value);
}
