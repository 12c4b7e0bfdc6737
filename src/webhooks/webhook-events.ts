import type { BudgetPeriod, BudgetSubject } from '../generated/prisma/enums';

/**
 * The webhook events and their `data`: the wire format receivers code against (docs/concepts/webhooks.md).
 * A delivery's body is `{"id": <delivery id>, "type": <event type>, "created_at": <ISO time>, "data": <below>}`.
 * Ids are UUIDs, times ISO 8601 UTC, amounts exact decimal strings of USD. Never a secret.
 */

/** A gateway key as events show it (never its secret). */
export interface WebhookKey {
  id: string;
  /** The visible part of the key (`gw_` and 12 characters). */
  prefix: string;
  name: string;
  /** The tenant's customer the key belongs to; null for the tenant's own keys. */
  customer_id: string | null;
  expires_at: string | null;
}

/** A key was rotated: its replacement, and the old key, which works until its `expires_at` (the grace period's end). */
export interface KeyRotatedData {
  key: WebhookKey;
  previous: WebhookKey;
}

/**
 * A key reached its `expires_at` (set when created or changed, by POST /keys/{id}/expire, or as the end of a
 * rotation's grace period, then `replaced_by_id` names the new key). Sent once per expiry, within
 * WEBHOOK_SWEEP_INTERVAL_MS of it. A key revoked before it expired sends none.
 */
export interface KeyExpiredData {
  key: WebhookKey & { replaced_by_id: string | null };
}

/** A customer was suspended: every one of its keys is refused from now on. */
export interface CustomerSuspendedData {
  customer: { id: string; external_id: string | null; name: string };
}

/** The thresholds of a budget period that are announced, each once per period. */
export const BUDGET_THRESHOLDS = [50, 80, 100] as const;
export type BudgetThreshold = (typeof BUDGET_THRESHOLDS)[number];

/**
 * A budget period's spend reached `threshold_percent` of its cap (once per budget, period and
 * threshold; a batch that crosses two thresholds at once sends two events). `spent_usd` is the period's
 * spend after the calls that crossed it; `cap_usd` the cap then.
 */
export interface BudgetThresholdData {
  /** As GET /keys/{id}/budget, /customers/{id}/budget or /me show it (one budget per subject). */
  budget: { subject: BudgetSubject; subject_id: string; period: BudgetPeriod; cap_usd: string };
  threshold_percent: BudgetThreshold;
  spent_usd: string;
  period_start: string;
  /** Null for a lifetime budget. */
  resets_at: string | null;
}

/**
 * A tenant's monthly statement was closed (frozen), one event per tenant statement; its customers'
 * statements closed with it. The totals are what the statement shows: the month's usage plus the
 * adjustments of earlier months that appear on it, in the reseller API's terms (never the operator's cost).
 */
export interface StatementClosedData {
  statement: {
    id: string;
    /** `YYYY-MM`, a UTC calendar month. */
    month: string;
    closed_at: string;
    totals: {
      calls: number;
      errors: number;
      customer_price_usd: string;
      resale_usd: string;
      reseller_margin_usd: string;
    };
    /** Your plan's fee for the month (prorated by the time each plan was held), USD. */
    plan_fee_usd: string;
    /** What you owe for the month: the totals' resale plus the plan fee, USD. */
    total_usd: string;
    /** How many of your customers' statements closed with it (at /customers/{id}/statements/{month}). */
    customer_statements: number;
    /** Where to read it, relative to the gateway's base URL (JSON; add `?format=csv` for CSV). */
    url: string;
  };
}

/**
 * A test event, sent only when asked for (POST /webhook-endpoints/{id}/test), to that one endpoint,
 * whatever event types it subscribes to: signed and delivered (retries included) like any other, so
 * a receiver's URL and signature check can be tried before a real event comes.
 */
export interface TestEventData {
  endpoint: { id: string; url: string };
  message: string;
}

/** Every event type and the shape of its `data`. */
export interface WebhookEventData {
  test: TestEventData;
  'budget.threshold': BudgetThresholdData;
  'key.expired': KeyExpiredData;
  'key.rotated': KeyRotatedData;
  'customer.suspended': CustomerSuspendedData;
  'statement.closed': StatementClosedData;
}

export type WebhookEventType = keyof WebhookEventData;

/** Every event type once (the compiler checks the list is complete). */
const EVENT_TYPES: Record<WebhookEventType, true> = {
  test: true,
  'budget.threshold': true,
  'key.expired': true,
  'key.rotated': true,
  'customer.suspended': true,
  'statement.closed': true,
};
export const WEBHOOK_EVENT_TYPES = Object.keys(EVENT_TYPES) as readonly WebhookEventType[];

/** One event of a tenant, to be delivered to each of its endpoints subscribed to the type. */
export interface WebhookEvent<E extends WebhookEventType = WebhookEventType> {
  tenantId: string;
  type: E;
  data: WebhookEventData[E];
  /** When it happened; now by default. */
  occurredAt?: Date;
}

/** The body of a delivery, byte for byte what is signed and sent. */
export function deliveryBody(delivery: { id: string; event: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: delivery.id, type: delivery.event, created_at: delivery.createdAt.toISOString(), data: delivery.data });
}

/** A key row as events show it. */
export function webhookKey(key: {
  id: string;
  prefix: string;
  name: string;
  customerId: string | null;
  expiresAt: Date | null;
}): WebhookKey {
  return {
    id: key.id,
    prefix: key.prefix,
    name: key.name,
    customer_id: key.customerId,
    expires_at: key.expiresAt?.toISOString() ?? null,
  };
}
