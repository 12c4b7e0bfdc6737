import type { Prisma, WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from '../generated/prisma/client';
import type { WebhookDeliveryState, WebhookEndpointStatus } from '../generated/prisma/enums';
import type { Db } from '../jobs/job-queue';

export type StoredEndpoint = WebhookEndpoint;
export type StoredDelivery = WebhookDelivery;
export type StoredAttempt = WebhookDeliveryAttempt;
export type DeliveryWithAttempts = WebhookDelivery & { attempts: WebhookDeliveryAttempt[] };
export type DeliveryForAttempt = WebhookDelivery & { endpoint: WebhookEndpoint };
/** What a delivery made to one endpoint needs of it. */
export type HeldEndpoint = Pick<WebhookEndpoint, 'id' | 'tenantId' | 'url' | 'status'>;

/** What defines a new endpoint (its id is chosen first: it is the associated data of its sealed secret). */
export interface NewEndpoint {
  id: string;
  url: string;
  description: string;
  events: string[];
  secretCiphertext: string;
}

/** What the tenant may change on an endpoint. */
export interface EndpointChanges {
  url?: string;
  description?: string;
  events?: string[];
  status?: WebhookEndpointStatus;
  disabledReason?: string | null;
}

export interface DeliveryFilter {
  endpointId?: string;
  event?: string;
  state?: WebhookDeliveryState;
}

/** One attempt's record and what it leads to. */
export interface AttemptRecord {
  deliveryId: string;
  number: number;
  startedAt: Date;
  durationMs: number;
  httpStatus: number | null;
  error: string | null;
  /** pending (a retry at nextAttemptAt), delivered or failed. */
  state: WebhookDeliveryState;
  nextAttemptAt: Date | null;
  /** The receiver answered 410: the endpoint is disabled. */
  disableEndpoint: boolean;
}

/**
 * Webhook endpoints, deliveries and their attempts. Every tenant-facing query names the tenant, so
 * another tenant's id reads as absent. State changes of a delivery are compare-and-set on its
 * attempt count, so a job that runs twice (its process died after the attempt) records once. The
 * interface the webhooks module depends on (and the DI token): PrismaWebhooksRepository in the app,
 * an in-memory fake in domain tests (test/fakes/), both held to the same contract test.
 */
export abstract class WebhooksRepository {
  /** Runs `work` in a transaction of its own (the publisher's, when its caller gave none). */
  abstract transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;

  /** Creates an endpoint unless the tenant has `max` already (the tenant's row is locked meanwhile); null then. */
  abstract createEndpoint(tenantId: string, endpoint: NewEndpoint, max: number): Promise<StoredEndpoint | null>;

  abstract findEndpoint(tenantId: string, id: string): Promise<StoredEndpoint | null>;

  /** Newest first: `take` endpoints after the page `cursor` ended. */
  abstract listEndpoints(tenantId: string, take: number, cursor: string | undefined): Promise<StoredEndpoint[]>;

  /** Null: no such endpoint. */
  abstract updateEndpoint(tenantId: string, id: string, changes: EndpointChanges): Promise<StoredEndpoint | null>;

  /** Deletes an endpoint with its deliveries; false when the tenant has none with this id. */
  abstract deleteEndpoint(tenantId: string, id: string): Promise<boolean>;

  /**
   * A new secret; the current one stays valid (signed with too) until `previousExpiresAt`, or is
   * dropped at once when that is null. Null: no such endpoint.
   */
  abstract rotateSecret(
    tenantId: string,
    id: string,
    secretCiphertext: string,
    previousExpiresAt: Date | null,
  ): Promise<StoredEndpoint | null>;

  /**
   * The tenant's endpoint, held until the transaction ends: its removal waits for what the
   * transaction adds to it (a delivery). Null: no such endpoint, or it was removed meanwhile.
   */
  abstract holdEndpoint(db: Db, tenantId: string, id: string): Promise<HeldEndpoint | null>;

  /** The active endpoints of these tenants subscribed to any of these event types. */
  abstract subscribedEndpoints(
    db: Db,
    tenantIds: string[],
    types: string[],
  ): Promise<Array<{ id: string; tenantId: string; events: string[] }>>;

  abstract createDeliveries(db: Db, deliveries: Prisma.WebhookDeliveryCreateManyInput[]): Promise<void>;

  /** Newest first: `take` deliveries after the page `cursor` ended, filtered. */
  abstract listDeliveries(tenantId: string, take: number, cursor: string | undefined, filter: DeliveryFilter): Promise<StoredDelivery[]>;

  /** A delivery with its attempts in order; null: no such delivery of the tenant. */
  abstract findDelivery(tenantId: string, id: string): Promise<DeliveryWithAttempts | null>;

  /** A delivery with its endpoint, for the worker. */
  abstract findForAttempt(id: string): Promise<DeliveryForAttempt | null>;

  /**
   * Records an attempt and its outcome, and (through `next`, in the same transaction) the job of the
   * retry it scheduled. False, with nothing written, when the delivery is no longer pending at
   * attempt `number − 1` (another run of the same job recorded it). A 410 disables the endpoint
   * (reason `gone`).
   */
  abstract recordAttempt(attempt: AttemptRecord, next: (tx: Db) => Promise<void>): Promise<boolean>;

  /** A pending delivery that will not be attempted (its endpoint was disabled): failed, with why. */
  abstract abandon(id: string, attemptCount: number, error: string): Promise<void>;

  /**
   * Makes a delivered or failed delivery pending again, due now, with a new retry window, and (through
   * `next`, in the same transaction) adds the job of its next attempt. Returns the delivery after the
   * change, or why not: 'not_found', 'pending' (it is being retried already), 'endpoint_disabled'.
   */
  abstract redeliver(
    tenantId: string,
    id: string,
    retryUntil: Date,
    next: (tx: Db, delivery: StoredDelivery) => Promise<void>,
  ): Promise<StoredDelivery | 'not_found' | 'pending' | 'endpoint_disabled'>;

  /** Deletes up to `limit` deliveries (with their attempts) created before `before` that are no longer pending; returns how many. */
  abstract pruneDeliveries(before: Date, limit: number): Promise<number>;
}
