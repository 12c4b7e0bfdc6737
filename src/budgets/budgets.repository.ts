import type { Prisma } from '../generated/prisma/client';
import type { CustomerPrices } from '../keys/customer-prices';
import type { BudgetPeriod, BudgetSubject } from '../generated/prisma/enums';
import type { AllowedEndpoints } from '../keys/caller';

export interface BudgetRow {
  id: string;
  tenantId: string;
  subject: BudgetSubject;
  subjectId: string;
  period: BudgetPeriod;
  capPicoUsd: bigint;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * How the calls a budget counts are priced and which endpoints they may call: a key's (its own,
 * its customer's and its plan's), a customer's (every key of it: the customer's and the plan's), a
 * tenant's (its plan's). What the budget card's per-endpoint holds are computed from.
 */
export interface SubjectPricing {
  /** The customer whose calls the budget counts (null: a tenant's, or a tenant's own key). */
  customerId: string | null;
  resaleDiscountBps: bigint;
  customerPrices: CustomerPrices | null;
  allowedCategories: ReadonlySet<string> | null;
  allowedEndpoints: AllowedEndpoints | null;
}

/**
 * Budgets and their ledger (budget_spend); the audit writer adds to the ledger as batches land. The
 * interface BudgetsService depends on (and the DI token): PrismaBudgetsRepository in the app, an
 * in-memory fake in domain tests (test/fakes/), both held to the same contract test.
 */
export abstract class BudgetsRepository {
  abstract find(subject: BudgetSubject, subjectId: string): Promise<BudgetRow | null>;

  /**
   * Sets the subject's budget. The same period keeps the budget and its ledger (only the cap
   * changes). A new budget, or a new period, starts a ledger whose current period (the one holding
   * `now`) holds what the subject has spent in it so far according to the audit trail: a key and a
   * customer budget count the customer price, a tenant budget the resale figure. From then on the
   * audit writer adds the calls that held this budget. Calls already running when it is set are not
   * counted. Two changes at once, each having read the budget: the one that finds it gone once
   * the other committed (replaced or removed) throws Prisma's record-not-found code (P2025), one
   * whose new budget meets the other's its unique violation code (P2002); either changed nothing.
   * A new ledger waits for the audit batches being written; past the configured wait it throws
   * AuditTrailBusyError, having changed nothing. A key replaced by rotation takes no budget change
   * (its budget is its replacement's): KeyReplacedError, checked under the key's row lock, the one
   * a rotation takes, so a change and a rotation of the key take turns.
   */
  abstract put(
    tenantId: string,
    subject: BudgetSubject,
    subjectId: string,
    period: BudgetPeriod,
    capPicoUsd: bigint,
    now: Date,
    inTransaction?: BudgetChangeHook,
  ): Promise<BudgetRow>;

  /**
   * Removes the subject's budget and its ledger; false when it had none; P2025 when a change removed
   * it meanwhile. It waits for the audit batches being written, as a new ledger does (a batch must
   * not count on a budget removed under it), and throws AuditTrailBusyError past that wait; and
   * KeyReplacedError as put does.
   */
  abstract delete(subject: BudgetSubject, subjectId: string, inTransaction?: BudgetChangeHook): Promise<boolean>;

  /** The pricing of the calls the budget counts; null when its subject is gone. */
  abstract subjectPricing(budget: BudgetRow): Promise<SubjectPricing | null>;

  /** What each budget spent in the given period, from the ledger (0 where it has no row yet). */
  abstract spent(periods: ReadonlyArray<{ budgetId: string; periodStart: Date }>): Promise<Map<string, bigint>>;
}

/** Runs in the transaction of a budget's change, with the budget before and after (null: none). */
export type BudgetChangeHook = (tx: Prisma.TransactionClient, before: BudgetRow | null, after: BudgetRow | null) => Promise<unknown>;

/**
 * A budget change that would start a new ledger could not wait any longer for the audit batches
 * being written (held up by a rollup rebuild, say): nothing was changed.
 */
/** A budget change on a key that was replaced by rotation: its budget moved to `replacedById`. */
export class KeyReplacedError extends Error {
  constructor(readonly replacedById: string) {
    super('the key was replaced by rotation');
  }
}

export class AuditTrailBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(`the audit trail's writes did not finish within ${waitedMs} ms`);
  }
}
