import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import type { Prisma } from '../generated/prisma/client';
import type { Db } from '../jobs/job-queue';
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
} from './webhooks.repository';

/** WebhooksRepository on Postgres. */
@Injectable()
export class PrismaWebhooksRepository extends WebhooksRepository {
  constructor(private readonly prisma: PrismaService) {
    super();
  }

  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  /** Creates an endpoint unless the tenant has `max` already (the tenant's row is locked meanwhile); null then. */
  createEndpoint(tenantId: string, endpoint: NewEndpoint, max: number): Promise<StoredEndpoint | null> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM tenants WHERE id = ${tenantId}::uuid FOR UPDATE`;
      if ((await tx.webhookEndpoint.count({ where: { tenantId } })) >= max) return null;
      return tx.webhookEndpoint.create({ data: { tenantId, ...endpoint } });
    });
  }

  findEndpoint(tenantId: string, id: string): Promise<StoredEndpoint | null> {
    return this.prisma.webhookEndpoint.findFirst({ where: { id, tenantId } });
  }

  listEndpoints(tenantId: string, take: number, cursor: string | undefined): Promise<StoredEndpoint[]> {
    const after = afterCursor(cursor);
    return this.prisma.webhookEndpoint.findMany({
      where: after ? { AND: [{ tenantId }, after] } : { tenantId },
      orderBy: NEWEST_FIRST,
      take,
    });
  }

  async updateEndpoint(tenantId: string, id: string, changes: EndpointChanges): Promise<StoredEndpoint | null> {
    const { count } = await this.prisma.webhookEndpoint.updateMany({ where: { id, tenantId }, data: changes });
    return count === 0 ? null : this.prisma.webhookEndpoint.findUnique({ where: { id } });
  }

  /** Deletes an endpoint with its deliveries; false when the tenant has none with this id. */
  async deleteEndpoint(tenantId: string, id: string): Promise<boolean> {
    return (await this.prisma.webhookEndpoint.deleteMany({ where: { id, tenantId } })).count > 0;
  }

  /**
   * A new secret; the current one stays valid (signed with too) until `previousExpiresAt`, or is
   * dropped at once when that is null. Null: no such endpoint.
   */
  rotateSecret(tenantId: string, id: string, secretCiphertext: string, previousExpiresAt: Date | null): Promise<StoredEndpoint | null> {
    return this.prisma.$transaction(async (tx) => {
      const current = await tx.webhookEndpoint.findFirst({ where: { id, tenantId }, select: { secretCiphertext: true } });
      if (!current) return null;
      return tx.webhookEndpoint.update({
        where: { id },
        data: {
          secretCiphertext,
          previousSecretCiphertext: previousExpiresAt ? current.secretCiphertext : null,
          previousSecretExpiresAt: previousExpiresAt,
        },
      });
    });
  }

  /** FOR KEY SHARE, as subscribedEndpoints: the endpoint stays until the delivery made to it is in. */
  async holdEndpoint(db: Db, tenantId: string, id: string): Promise<HeldEndpoint | null> {
    const [endpoint] = await db.$queryRaw<HeldEndpoint[]>`
      SELECT id::text AS id, tenant_id::text AS "tenantId", url, status FROM webhook_endpoints
      WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid
      FOR KEY SHARE`;
    return endpoint ?? null;
  }

  /**
   * The active endpoints of these tenants subscribed to any of these event types, each held (FOR
   * KEY SHARE) until the transaction ends: an endpoint's removal waits for the deliveries made to
   * it, then takes them with it. Read plainly, an endpoint removed between this read and the
   * deliveries failed their insert on its foreign key, and the change publishing with them (a key's
   * rotation, a customer's suspension) with it, a 500.
   */
  subscribedEndpoints(db: Db, tenantIds: string[], types: string[]): Promise<Array<{ id: string; tenantId: string; events: string[] }>> {
    return db.$queryRaw<Array<{ id: string; tenantId: string; events: string[] }>>`
      SELECT id::text AS id, tenant_id::text AS "tenantId", events FROM webhook_endpoints
      WHERE tenant_id = ANY(${tenantIds}::uuid[]) AND status = 'active' AND events && ${types}::text[]
      FOR KEY SHARE`;
  }

  async createDeliveries(db: Db, deliveries: Prisma.WebhookDeliveryCreateManyInput[]): Promise<void> {
    if (deliveries.length > 0) await db.webhookDelivery.createMany({ data: deliveries });
  }

  listDeliveries(tenantId: string, take: number, cursor: string | undefined, filter: DeliveryFilter): Promise<StoredDelivery[]> {
    const scope: Prisma.WebhookDeliveryWhereInput = { tenantId, endpointId: filter.endpointId, event: filter.event, state: filter.state };
    const after = afterCursor(cursor);
    return this.prisma.webhookDelivery.findMany({ where: after ? { AND: [scope, after] } : scope, orderBy: NEWEST_FIRST, take });
  }

  findDelivery(tenantId: string, id: string): Promise<DeliveryWithAttempts | null> {
    return this.prisma.webhookDelivery.findFirst({ where: { id, tenantId }, include: { attempts: { orderBy: { number: 'asc' } } } });
  }

  /** A delivery with its endpoint, for the worker. */
  findForAttempt(id: string): Promise<DeliveryForAttempt | null> {
    return this.prisma.webhookDelivery.findUnique({ where: { id }, include: { endpoint: true } });
  }

  /**
   * Records an attempt and its outcome, and (through `next`, in the same transaction) the job of the
   * retry it scheduled. False, with nothing written, when the delivery is no longer pending at
   * attempt `number − 1` (another run of the same job recorded it).
   */
  recordAttempt(attempt: AttemptRecord, next: (tx: Db) => Promise<void>): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.webhookDelivery.updateMany({
        where: { id: attempt.deliveryId, state: 'pending', attemptCount: attempt.number - 1 },
        data: {
          attemptCount: attempt.number,
          state: attempt.state,
          lastStatus: attempt.httpStatus,
          lastError: attempt.error,
          nextAttemptAt: attempt.nextAttemptAt,
          deliveredAt: attempt.state === 'delivered' ? new Date() : undefined,
        },
      });
      if (count === 0) return false;
      await tx.webhookDeliveryAttempt.create({
        data: {
          deliveryId: attempt.deliveryId,
          number: attempt.number,
          startedAt: attempt.startedAt,
          durationMs: attempt.durationMs,
          httpStatus: attempt.httpStatus,
          error: attempt.error,
          nextAttemptAt: attempt.nextAttemptAt,
        },
      });
      if (attempt.disableEndpoint) {
        const { endpointId } = await tx.webhookDelivery.findUniqueOrThrow({
          where: { id: attempt.deliveryId },
          select: { endpointId: true },
        });
        await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { status: 'disabled', disabledReason: 'gone' } });
      }
      await next(tx);
      return true;
    });
  }

  /** A pending delivery that will not be attempted (its endpoint was disabled): failed, with why. */
  async abandon(id: string, attemptCount: number, error: string): Promise<void> {
    await this.prisma.webhookDelivery.updateMany({
      where: { id, state: 'pending', attemptCount },
      data: { state: 'failed', lastError: error, nextAttemptAt: null },
    });
  }

  /**
   * Makes a delivered or failed delivery pending again, due now, with a new retry window, and (through
   * `next`, in the same transaction) adds the job of its next attempt. Returns the delivery after the
   * change, or why not: 'not_found', 'pending' (it is being retried already), 'endpoint_disabled'.
   */
  redeliver(
    tenantId: string,
    id: string,
    retryUntil: Date,
    next: (tx: Db, delivery: StoredDelivery) => Promise<void>,
  ): Promise<StoredDelivery | 'not_found' | 'pending' | 'endpoint_disabled'> {
    return this.prisma.$transaction(async (tx) => {
      const delivery = await tx.webhookDelivery.findFirst({ where: { id, tenantId }, include: { endpoint: { select: { status: true } } } });
      if (!delivery) return 'not_found';
      if (delivery.endpoint.status !== 'active') return 'endpoint_disabled';
      const { count } = await tx.webhookDelivery.updateMany({
        where: { id, state: { in: ['delivered', 'failed'] }, attemptCount: delivery.attemptCount },
        data: { state: 'pending', nextAttemptAt: new Date(), retryUntil, deliveredAt: null },
      });
      if (count === 0) return 'pending';
      const updated = await tx.webhookDelivery.findUniqueOrThrow({ where: { id } });
      await next(tx, updated);
      return updated;
    });
  }

  /** Deletes up to `limit` deliveries (with their attempts) created before `before` that are no longer pending; returns how many. */
  async pruneDeliveries(before: Date, limit: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM webhook_deliveries WHERE id IN (
        SELECT id FROM webhook_deliveries WHERE created_at < ${before} AND state <> 'pending' ORDER BY created_at LIMIT ${limit}
      )`;
  }
}
