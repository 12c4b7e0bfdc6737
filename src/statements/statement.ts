import type { BillingUnit, Category, Meter } from '../generated/prisma/enums';
import type { PlanFeeLine } from '../plans/plan-fees';

/**
 * A monthly statement as the domain sees it, whatever the audience: the month's usage per catalog
 * endpoint, the adjustments that appear on it, and sums. Money is exact pico-USD (bigint) here; the
 * views turn it into decimal strings.
 */

/** Counts and sums of calls: usage in the billing unit's base measure, money in pico-USD. */
export interface UsageSums {
  calls: bigint;
  /** Calls answered with a status of 400 or more. */
  errors: bigint;
  quantity: bigint;
  /** What the upstreams cost the operator. */
  wholesalePicoUsd: bigint;
  /** What the tenant owes the operator (the catalog's resale price under its plan). */
  resalePicoUsd: bigint;
  /** What the callers pay (the tenant's price for its customers, else the list price; own keys: the resale figure). */
  customerPricePicoUsd: bigint;
}

/** An endpoint's figures on a statement, with the slug, category and billing unit as they were when it was written. */
export interface StatementSlugLine extends UsageSums {
  /** Null for calls that named no endpoint (refused before one was found: counted, never billed). */
  endpointId: string | null;
  /** Null where the endpoint is not (or no longer) in the catalog. */
  slug: string | null;
  category: Category | null;
  billingUnit: BillingUnit | null;
}

/** One meter of a line: the month's quantity (the meter's base measure) and amounts in it. Calls are the line's, not a meter's. */
export interface StatementMeterLine extends Omit<UsageSums, 'calls' | 'errors'> {
  meter: Meter;
}

/** One endpoint's usage in the month. */
export interface StatementLine extends StatementSlugLine {
  /**
   * Its usage per meter, in meter order: their amounts sum to the line's exactly (quantities are
   * each in their meter's measure). Null on a statement closed before meter lines were kept.
   */
  meters: StatementMeterLine[] | null;
}

/**
 * A correction of an earlier, closed month: the difference its reconciliation found, per endpoint.
 * Per slug only, never per meter: reconciliation compares the rollups per slug (what a statement
 * totals), and the meter detail of a late record or a rebuild is not kept on the correction.
 */
export interface StatementAdjustment extends StatementSlugLine {
  /** The month it corrects (first day, UTC). */
  correctsMonth: Date;
  /** When reconciliation found it. */
  foundAt: Date;
}

/** `closed`: frozen, read from its rows; `open`: not closed yet, computed from the rollups as it is asked for. */
export type StatementStatus = 'open' | 'closed';

export interface Statement {
  /** Null for an open statement (it has no row yet). */
  id: string | null;
  tenantId: string;
  /** Null: the tenant's statement (every customer and the tenant's own keys); else one customer's. */
  customerId: string | null;
  /** First day of the month, UTC. */
  month: Date;
  status: StatementStatus;
  closedAt: Date | null;
  /** The month's usage, one line per endpoint, by slug. */
  lines: StatementLine[];
  /** Corrections of earlier months that appear on this statement (found while it was open). */
  adjustments: StatementAdjustment[];
  /**
   * The tenant's plan fee of the month, one line per paid plan held (none on a customer's statement):
   * closed, as computed when it closed; open, from the plan history as it stands (the plan held now
   * counted to the month's end).
   */
  planFees: PlanFeeLine[];
}

/**
 * A statement in a list: its sums only. Closed, or one of the months not closed yet (the month in
 * progress, and a month that has ended but waits for its grace period or the job), computed live.
 */
export interface StatementSummary {
  /** Null while open. */
  id: string | null;
  tenantId: string;
  customerId: string | null;
  month: Date;
  status: StatementStatus;
  /** Null while open. */
  closedAt: Date | null;
  /** The month's usage. */
  usage: UsageSums;
  /** The adjustments that appear on it (while open: those found so far). */
  adjustments: UsageSums;
  /** The plan fee of the month (0 on a customer's statement); while open, as it stands. */
  planFeePicoUsd: bigint;
}

export const ZERO_SUMS: UsageSums = Object.freeze({
  calls: 0n,
  errors: 0n,
  quantity: 0n,
  wholesalePicoUsd: 0n,
  resalePicoUsd: 0n,
  customerPricePicoUsd: 0n,
});

export function addSums(a: UsageSums, b: UsageSums): UsageSums {
  return {
    calls: a.calls + b.calls,
    errors: a.errors + b.errors,
    quantity: a.quantity + b.quantity,
    wholesalePicoUsd: a.wholesalePicoUsd + b.wholesalePicoUsd,
    resalePicoUsd: a.resalePicoUsd + b.resalePicoUsd,
    customerPricePicoUsd: a.customerPricePicoUsd + b.customerPricePicoUsd,
  };
}

/** The sums of lines (exact: bigint). */
export function sumOf(lines: readonly UsageSums[]): UsageSums {
  return lines.reduce<UsageSums>(addSums, ZERO_SUMS);
}
