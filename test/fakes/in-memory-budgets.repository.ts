import { budgetPeriodOf } from '../../src/budgets/budget-period';
import { BudgetRow, BudgetsRepository, KeyReplacedError, SubjectPricing } from '../../src/budgets/budgets.repository';
import type { Budget } from '../../src/generated/prisma/client';
import type { BudgetPeriod, BudgetSubject } from '../../src/generated/prisma/enums';
import { AllowedEndpoints } from '../../src/keys/caller';
import { customerPricesOf } from '../../src/keys/customer-prices';
import { AuditRow, copy, InMemoryDb } from './in-memory-db';
import { foreignKeyViolation } from './prisma-errors';

/** The audit column that names each kind of subject, and the amount a budget of it counts (as the SQL's SUBJECT_SPEND). */
const SUBJECT_SPEND: Record<BudgetSubject, { subjectOf: (r: AuditRow) => string | null; amountOf: (r: AuditRow) => bigint }> = {
  key: { subjectOf: (r) => r.apiKeyId, amountOf: (r) => r.customerPricePicoUsd },
  customer: { subjectOf: (r) => r.customerId, amountOf: (r) => r.customerPricePicoUsd },
  tenant: { subjectOf: (r) => r.tenantId, amountOf: (r) => r.resalePicoUsd },
};

/** BudgetsRepository over the shared in-memory tables (the ledger is `budgetSpend`, the audit trail `auditRecords`). */
export class InMemoryBudgetsRepository extends BudgetsRepository {
  constructor(private readonly db: InMemoryDb) {
    super();
  }

  async find(subject: BudgetSubject, subjectId: string): Promise<BudgetRow | null> {
    const budget = this.row(subject, subjectId);
    return budget ? copy(budget) : null;
  }

  put(
    tenantId: string,
    subject: BudgetSubject,
    subjectId: string,
    period: BudgetPeriod,
    capPicoUsd: bigint,
    now: Date,
  ): Promise<BudgetRow> {
    return this.db.transaction(async () => {
      const { tables } = this.db;
      if (subject === 'key') this.requireUnreplaced(subjectId);
      const existing = this.row(subject, subjectId);
      if (existing && existing.period === period) {
        Object.assign(existing, { capPicoUsd, updatedAt: this.db.now() });
        return copy(existing);
      }
      if (existing) this.remove(existing.id);
      if (!tables.tenants.has(tenantId)) throw foreignKeyViolation('budgets_tenant_id_fkey');
      const at = this.db.now();
      const created: Budget = { id: this.db.id(), tenantId, subject, subjectId, period, capPicoUsd, createdAt: at, updatedAt: at };
      tables.budgets.set(created.id, created);
      const { start, end } = budgetPeriodOf(period, now);
      const { subjectOf, amountOf } = SUBJECT_SPEND[subject];
      const spent = tables.auditRecords
        .filter((r) => subjectOf(r) === subjectId && r.createdAt >= start && (!end || r.createdAt < end))
        .reduce((sum, r) => sum + amountOf(r), 0n);
      tables.budgetSpend.push({ budgetId: created.id, periodStart: start, spentPicoUsd: spent });
      return copy(created);
    });
  }

  private requireUnreplaced(keyId: string): void {
    const replacement = [...this.db.tables.apiKeys.values()]
      .filter((k) => k.rotatedFromId === keyId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if (replacement) throw new KeyReplacedError(replacement.id);
  }

  async delete(subject: BudgetSubject, subjectId: string): Promise<boolean> {
    if (subject === 'key') this.requireUnreplaced(subjectId);
    const budget = this.row(subject, subjectId);
    if (budget) this.remove(budget.id);
    return budget !== undefined;
  }

  async subjectPricing(budget: BudgetRow): Promise<SubjectPricing | null> {
    const { tables } = this.db;
    let tenantId: string;
    let customerId: string | null = null;
    const lists: string[][] = [];
    if (budget.subject === 'tenant') {
      if (!tables.tenants.has(budget.subjectId)) return null;
      tenantId = budget.subjectId;
    } else if (budget.subject === 'customer') {
      const customer = tables.customers.get(budget.subjectId);
      if (!customer) return null;
      ({ tenantId } = customer);
      customerId = budget.subjectId;
      lists.push(customer.allowedEndpoints);
    } else {
      const key = tables.apiKeys.get(budget.subjectId);
      if (!key) return null;
      ({ tenantId, customerId } = key);
      lists.push(key.allowedEndpoints, (key.customerId && tables.customers.get(key.customerId)?.allowedEndpoints) || []);
    }
    const planId = tables.tenants.get(tenantId)!.planId;
    const plan = planId ? tables.plans.get(planId) : undefined;
    const prices = customerId
      ? tables.priceOverrides
          .filter((p) => p.tenantId === budget.tenantId && (p.customerId === null || p.customerId === customerId))
          .map(({ customerId: of, slug, meter, pricePicoUsdPerUnit, markupBps }) => ({
            customerId: of,
            slug,
            meter,
            pricePicoUsdPerUnit,
            markupBps,
          }))
      : [];
    return {
      customerId,
      resaleDiscountBps: BigInt(plan?.resaleDiscountBps ?? 0),
      customerPrices: customerPricesOf(prices),
      allowedCategories: plan?.allowedCategories.length ? new Set(plan.allowedCategories) : null,
      allowedEndpoints: AllowedEndpoints.of(...lists),
    };
  }

  async spent(periods: ReadonlyArray<{ budgetId: string; periodStart: Date }>): Promise<Map<string, bigint>> {
    const spent = new Map(periods.map((p) => [p.budgetId, 0n]));
    for (const row of this.db.tables.budgetSpend) {
      if (periods.some((p) => p.budgetId === row.budgetId && p.periodStart.getTime() === row.periodStart.getTime()))
        spent.set(row.budgetId, row.spentPicoUsd);
    }
    return spent;
  }

  /**
   * What the audit writer's batch statement does for a budget (BudgetLedger): adds `amount` to its
   * ledger row of the period that holds `at`. For tests of the rules around the ledger; the ledger's
   * own SQL is tested on Postgres (test/budgets/budget-ledger.e2e-spec.ts).
   */
  book(budgetId: string, at: Date, amount: bigint): void {
    const budget = this.db.tables.budgets.get(budgetId)!;
    const { start } = budgetPeriodOf(budget.period, at);
    const row = this.db.tables.budgetSpend.find((s) => s.budgetId === budgetId && s.periodStart.getTime() === start.getTime());
    if (row) row.spentPicoUsd += amount;
    else this.db.tables.budgetSpend.push({ budgetId, periodStart: start, spentPicoUsd: amount });
  }

  private row(subject: BudgetSubject, subjectId: string): Budget | undefined {
    return [...this.db.tables.budgets.values()].find((b) => b.subject === subject && b.subjectId === subjectId);
  }

  /** Deletes a budget with its ledger (the foreign keys cascade). */
  private remove(budgetId: string): void {
    const { tables } = this.db;
    tables.budgets.delete(budgetId);
    tables.budgetSpend = tables.budgetSpend.filter((s) => s.budgetId !== budgetId);
  }
}
