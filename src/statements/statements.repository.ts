import type { Db } from '../jobs/job-queue';
import type { PlanFeeLine } from '../plans/plan-fees';
import type { StatementAdjustment, StatementLine, UsageSums } from './statement';

/** Who a statement is of: a tenant (customerId null) or one of its customers. */
export interface StatementScope {
  tenantId: string;
  customerId: string | null;
}

/** A tenant's statement of a closed month, with the figures its statement.closed event carries. */
export interface ClosedTenantStatement {
  id: string;
  tenantId: string;
  closedAt: Date;
  usage: UsageSums;
  adjustments: UsageSums;
  planFeePicoUsd: bigint;
  customerStatements: number;
}

/** A stored statement with its lines. */
export interface StoredStatement {
  id: string;
  closedAt: Date;
  lines: StatementLine[];
  planFees: PlanFeeLine[];
}

/** A stored statement's sums, for lists. */
export interface StoredStatementSummary {
  id: string;
  tenantId: string;
  customerId: string | null;
  month: Date;
  closedAt: Date;
  usage: UsageSums;
  planFeePicoUsd: bigint;
}

/**
 * The statements' tables, and the closing and reconciliation of months from the daily rollups (never
 * the raw audit trail). Tenants (and customers) are those that exist: usage under an id that is no
 * tenant (the nil UUID of keyless calls) is in no statement. The tenant's own keys' usage (no
 * customer) is only in the tenant's statement, which covers everything. The interface the closer
 * and StatementsService depend on (and the DI token): PrismaStatementsRepository in the app, an
 * in-memory fake in domain tests (test/fakes/), both held to the same contract test.
 */
export abstract class StatementsRepository {
  /**
   * Runs `work` in a transaction holding the statements' lock: closes and reconciliations take turns,
   * whichever process runs them, so each sees what the previous one committed.
   */
  abstract locked<T>(work: (tx: Db) => Promise<T>): Promise<T>;

  /** The latest closed month; null before the first close. */
  abstract lastClosedMonth(db?: Db): Promise<Date | null>;

  /**
   * The month of the oldest usage of a tenant in the rollups, or of the oldest paid plan a tenant
   * held, whichever is first; null when there is neither. Usage under no tenant (calls without a
   * valid key) or an unknown one makes no statement, so it starts none.
   */
  abstract firstUsageMonth(db: Db): Promise<Date | null>;

  /** The latest `count` closed months, newest first. */
  abstract recentClosedMonths(db: Db, count: number): Promise<Date[]>;

  /**
   * Closes `month` (a second close of it is refused): marks it closed and writes, from one snapshot
   * of the rollups, a statement per tenant with usage in it, adjustments to carry or a plan fee
   * (`fees`: the month's fee lines by tenant), one per customer with usage or adjustments, their
   * lines per endpoint with the catalog's slug, category and unit of now and each line's meter
   * lines; then the tenants' fee lines. Returns how many statements it wrote.
   */
  abstract closeMonth(tx: Db, month: Date, closedAt: Date, fees: ReadonlyMap<string, readonly PlanFeeLine[]>): Promise<number>;

  /** The tenants' own statements of a closed month, with the sums of the adjustments on each, by tenant id. */
  abstract tenantStatementsOf(tx: Db, month: Date): Promise<ClosedTenantStatement[]>;

  /**
   * The tenants whose rollups of a closed month no longer equal what their statement and the
   * adjustments to the month account for (in no particular order).
   */
  abstract tenantsOutOfBalance(db: Db, month: Date): Promise<string[]>;

  /**
   * Records what these tenants' rollups of the closed month `corrects` differ by from what their
   * statements (tenant's and customers') and earlier adjustments account for, per scope and
   * endpoint, as adjustments on the statement of `appearsOn`, found at `foundAt`. Returns how many
   * adjustment rows it wrote.
   */
  abstract recordAdjustments(tx: Db, corrects: Date, appearsOn: Date, tenantIds: string[], foundAt: Date): Promise<number>;

  /** A closed statement with its lines (by slug, calls that named no endpoint last); null when there is none. */
  abstract findStatement(scope: StatementScope, month: Date): Promise<StoredStatement | null>;

  /** The adjustments that appear on the statement of `month` (pending while it is open), oldest correction first. */
  abstract adjustmentsOn(scope: StatementScope, month: Date): Promise<StatementAdjustment[]>;

  /**
   * The sums of a scope's months not closed yet (after `lastClosed`, every month when none is): the
   * usage from the rollups as they are now and the adjustments found so far, by month (`YYYY-MM-DD`).
   * Months with neither are absent.
   */
  abstract openMonthSums(
    scope: StatementScope,
    lastClosed: Date | null,
  ): Promise<Map<string, { usage: UsageSums; adjustments: UsageSums }>>;

  /** The usage of a month not closed yet, per endpoint and per meter, from the rollups as they are now (lines by slug). */
  abstract liveLines(scope: StatementScope, month: Date): Promise<StatementLine[]>;

  /** A page of a scope's closed statements, newest month first, by keyset on (month, id). */
  abstract list(scope: StatementScope, take: number, cursor: string | undefined): Promise<StoredStatementSummary[]>;

  /** The sums of the adjustments on each of these months' statements of a scope, by month (`YYYY-MM-DD`); months without any absent. */
  abstract adjustmentSums(scope: StatementScope, months: Date[]): Promise<Map<string, UsageSums>>;
}
