import type { ScheduledPlanChange } from '../../src/plans/scheduled-plan-changes.repository';
import { randomUUID } from 'node:crypto';
import { decodeCursor } from '../../src/common/pagination/cursor';
import type { Clock } from '../../src/common/time/clock';
import type {
  ApiKey,
  Budget,
  BudgetSpend,
  Customer,
  Plan,
  PriceOverride,
  RequestLimit,
  Tenant,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookEndpoint,
} from '../../src/generated/prisma/client';
import type { BillingUnit, Category, Meter } from '../../src/generated/prisma/enums';
import type { Db } from '../../src/jobs/job-queue';
import type { UsageSums } from '../../src/statements/statement';

/**
 * The tables the in-memory repositories share, in one place as in one database: a repository reads
 * the rows another wrote (a key's tenant and plan, a budget's audit trail, a statement's rollups),
 * and a transaction covers them all. Rows have the shape of the Prisma models (bigint where the
 * column is numeric: no Decimal), ids are random UUIDs, and the timestamps a database would give
 * (`now()`, `@updatedAt`) come from the clock.
 *
 * What the fakes do not model, and the e2e suite covers on the real Postgres: isolation between
 * concurrent transactions (row locks, advisory locks, SKIP LOCKED; a fake transaction only rolls
 * back on failure), triggers (frozen statements), and time zones (everything here is UTC, as the
 * SQL is).
 */

/** An audit record as the repositories read it (budgets' spend so far, keys' last use). */
export interface AuditRow {
  id: string;
  createdAt: Date;
  tenantId: string | null;
  customerId: string | null;
  apiKeyId: string | null;
  endpointId: string | null;
  resalePicoUsd: bigint;
  customerPricePicoUsd: bigint;
}

/** A catalog endpoint as statements read it (the slug, category and unit a line is written with). */
export interface CatalogEndpointRow {
  id: string;
  slug: string;
  category: Category;
  billingUnit: BillingUnit;
}

/** A row of plan history (plan_assignments). */
export interface PlanAssignmentRow {
  id: bigint;
  tenantId: string;
  planId: string | null;
  planName: string | null;
  monthlyFeePicoUsd: bigint;
  effectiveFrom: Date;
}

/** A daily usage rollup row (usage_daily without its key: statements never read it), the nil UUID for none. */
export interface UsageRow extends UsageSums {
  day: Date;
  tenantId: string;
  customerId: string;
  endpointId: string;
}

/** A daily meter rollup row (usage_daily_by_meter). */
export interface MeterUsageRow extends Omit<UsageSums, 'calls' | 'errors'> {
  day: Date;
  tenantId: string;
  customerId: string;
  endpointId: string;
  meter: Meter;
}

export interface StatementMonthRow {
  month: Date;
  closedAt: Date;
  hasMeterLines: boolean;
}

export interface StatementRow extends UsageSums {
  id: string;
  tenantId: string;
  customerId: string | null;
  month: Date;
  createdAt: Date;
  planFeePicoUsd: bigint;
}

export interface StatementLineRow extends UsageSums {
  statementId: string;
  endpointId: string;
  slug: string | null;
  category: Category | null;
  billingUnit: BillingUnit | null;
}

export interface StatementMeterLineRow extends Omit<UsageSums, 'calls' | 'errors'> {
  statementId: string;
  endpointId: string;
  meter: Meter;
}

export interface StatementFeeLineRow {
  statementId: string;
  position: number;
  planId: string | null;
  planName: string;
  monthlyFeePicoUsd: bigint;
  heldFrom: Date;
  heldUntil: Date;
  feePicoUsd: bigint;
}

export interface StatementAdjustmentRow extends UsageSums {
  id: string;
  tenantId: string;
  customerId: string | null;
  correctsMonth: Date;
  statementMonth: Date;
  createdAt: Date;
  endpointId: string;
  slug: string | null;
  category: Category | null;
  billingUnit: BillingUnit | null;
}

/** A job added to the queue (pg-boss's table), as the fake job queue keeps it. */
export interface QueuedJob {
  queue: string;
  data: object;
  startAfter: Date;
}

/** Every table, as one value (what a transaction snapshots). */
export interface Tables {
  jobs: QueuedJob[];
  tenants: Map<string, Tenant>;
  plans: Map<string, Plan>;
  planAssignments: PlanAssignmentRow[];
  /** scheduled_plan_changes, by tenant id. */
  scheduledPlanChanges: Map<string, ScheduledPlanChange>;
  customers: Map<string, Customer>;
  apiKeys: Map<string, ApiKey>;
  requestLimits: RequestLimit[];
  priceOverrides: PriceOverride[];
  budgets: Map<string, Budget>;
  budgetSpend: BudgetSpend[];
  auditRecords: AuditRow[];
  catalogEndpoints: Map<string, CatalogEndpointRow>;
  webhookEndpoints: Map<string, WebhookEndpoint>;
  webhookDeliveries: Map<string, WebhookDelivery>;
  webhookAttempts: WebhookDeliveryAttempt[];
  usageDaily: UsageRow[];
  usageDailyByMeter: MeterUsageRow[];
  statementMonths: StatementMonthRow[];
  statements: StatementRow[];
  statementLines: StatementLineRow[];
  statementMeterLines: StatementMeterLineRow[];
  statementFeeLines: StatementFeeLineRow[];
  statementAdjustments: StatementAdjustmentRow[];
}

function emptyTables(): Tables {
  return {
    jobs: [],
    tenants: new Map(),
    plans: new Map(),
    planAssignments: [],
    scheduledPlanChanges: new Map(),
    customers: new Map(),
    apiKeys: new Map(),
    requestLimits: [],
    priceOverrides: [],
    budgets: new Map(),
    budgetSpend: [],
    auditRecords: [],
    catalogEndpoints: new Map(),
    webhookEndpoints: new Map(),
    webhookDeliveries: new Map(),
    webhookAttempts: [],
    usageDaily: [],
    usageDailyByMeter: [],
    statementMonths: [],
    statements: [],
    statementLines: [],
    statementMeterLines: [],
    statementFeeLines: [],
    statementAdjustments: [],
  };
}

/**
 * What the in-memory repositories hand to a callback that runs "in the transaction" (`inTransaction`,
 * `onSuspended`, a publisher's `tx`): a token that code may pass on to another repository or the job
 * queue, never query. Anything that reads a property of it is code that talks to Prisma directly,
 * which a domain test on fakes cannot run: it throws saying so.
 */
export const FAKE_TX: Db = new Proxy(
  {},
  {
    get(_target, property) {
      // Inspected as a value (awaited, printed): answer like a plain object.
      if (property === 'then' || typeof property === 'symbol' || property === 'toJSON') return undefined;
      throw new Error(
        `A fake transaction was used as a Prisma client (.${String(property)}): this code talks to Prisma directly; give it a repository.`,
      );
    },
  },
) as Db;

/** The shared tables of the fakes, their clock, and transactions that roll back on failure. */
export class InMemoryDb {
  tables: Tables = emptyTables();
  private nextPlanAssignmentId = 1n;

  constructor(readonly clock: Clock) {}

  /** A new id, as gen_random_uuid() gives. */
  id(): string {
    return randomUUID();
  }

  now(): Date {
    return this.clock.now();
  }

  nextAssignmentId(): bigint {
    return this.nextPlanAssignmentId++;
  }

  /**
   * Runs `work` with every table as it is; if it throws, every table is put back as it was (what a
   * rolled-back transaction leaves). No isolation: another caller sees the changes at once.
   */
  async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const before = copy(this.tables);
    try {
      return await work(FAKE_TX);
    } catch (err) {
      this.tables = before;
      throw err;
    }
  }
}

/**
 * A deep copy of a row (or of every table), so a caller never holds the table's own object (a
 * database hands out values). Not structuredClone: under jest that builds its Dates and Maps in
 * another realm, which `instanceof Date` (and expect.any(Date)) then refuse.
 */
export function copy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof Uint8Array) return new Uint8Array(value) as T;
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, copy(v)])) as T;
  if (value instanceof Set) return new Set([...value].map(copy)) as T;
  if (Array.isArray(value)) return value.map(copy) as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
}

/** Newest first, as NEWEST_FIRST orders (created_at desc, id desc). */
export function newestFirst(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * A page of a list ordered newest first, as the repositories page with afterCursor(): the rows after
 * the page `cursor` ended (an invalid cursor throws the same 400), at most `take`.
 */
export function newestFirstPage<R extends { createdAt: Date; id: string }>(
  rows: Iterable<R>,
  take: number,
  cursor: string | undefined,
): R[] {
  const after = cursor === undefined ? null : decodeCursor(cursor);
  return [...rows]
    .filter(
      (r) =>
        !after ||
        r.createdAt.getTime() < after.createdAt.getTime() ||
        (r.createdAt.getTime() === after.createdAt.getTime() && r.id < after.id),
    )
    .sort(newestFirst)
    .slice(0, take);
}
