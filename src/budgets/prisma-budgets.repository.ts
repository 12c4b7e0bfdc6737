import { AUDIT_PARTITIONS_LOCK } from '../audit/audit-partitions';
import { sqlStateOf } from '../common/errors/to-gateway-error';
import { customerPricesOf } from '../keys/customer-prices';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import type { BudgetPeriod, BudgetSubject } from '../generated/prisma/enums';
import { AllowedEndpoints } from '../keys/caller';
import { budgetPeriodOf } from './budget-period';
import {
  AuditTrailBusyError,
  KeyReplacedError,
  BudgetRow,
  BudgetChangeHook,
  BudgetsRepository,
  SubjectPricing,
} from './budgets.repository';

/** The audit column that names each kind of subject, and the amount a budget of it counts. */
const SUBJECT_SPEND: Record<BudgetSubject, { column: Prisma.Sql; amount: Prisma.Sql }> = {
  key: { column: Prisma.sql`api_key_id`, amount: Prisma.sql`customer_price_pico_usd` },
  customer: { column: Prisma.sql`customer_id`, amount: Prisma.sql`customer_price_pico_usd` },
  tenant: { column: Prisma.sql`tenant_id`, amount: Prisma.sql`resale_pico_usd` },
};

/** What a budget change's transaction may take beside its wait for the audit trail's lock. */
const TRANSACTION_WORK_MS = 10_000;

/** Postgres's lock_not_available (lock_timeout), as Prisma's driver adapter reports a raw query's failure (P2010). */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Waits for the audit batches being inserted and holds new ones until the transaction ends (SHARE
 * against their ROW EXCLUSIVE): a batch then reads the budgets as this transaction leaves them,
 * so no record is in neither of a new budget's sums and none counts on a budget removed under it.
 * Taken before any row lock of the transaction: a batch waiting on it holds none of ours. The
 * wait is bounded (a rollup rebuild holds the batches up for as long as it runs: lock_timeout,
 * AuditTrailBusyError), and so must the transaction be: Prisma's own 5 s default would end it
 * mid-wait, answered as a 500. First the partitions' maintenance lock, shared (budget changes run
 * side by side): a pass that moves records locks the default partition, then the table, the order
 * opposite to LOCK TABLE's (the table, then each partition), and the two deadlocked.
 */
async function lockOutAuditBatches(tx: Prisma.TransactionClient, lockWaitMs: number): Promise<void> {
  await tx.$executeRaw`SELECT set_config('lock_timeout', ${`${lockWaitMs}ms`}, true)`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(${AUDIT_PARTITIONS_LOCK}::bigint)`;
  await tx.$executeRawUnsafe('LOCK TABLE audit_records IN SHARE MODE');
}

/** BudgetsRepository on Postgres. */
@Injectable()
export class PrismaBudgetsRepository extends BudgetsRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'BUDGET_CHANGE_LOCK_WAIT_MS'>,
  ) {
    super();
  }

  find(subject: BudgetSubject, subjectId: string): Promise<BudgetRow | null> {
    return this.prisma.budget.findUnique({ where: { subject_subjectId: { subject, subjectId } } });
  }

  put(
    tenantId: string,
    subject: BudgetSubject,
    subjectId: string,
    period: BudgetPeriod,
    capPicoUsd: bigint,
    now: Date,
    inTransaction?: BudgetChangeHook,
  ): Promise<BudgetRow> {
    return this.budgetChange(async (tx, lockWaitMs) => {
      // The new budget's ledger row starts from the audit records present now; a batch inserted
      // once the budget is visible counts on it by its subjects (BUDGET_LEDGER_SQL), and the old
      // budget goes with no batch counting on it (see delete). The audit batches are locked out
      // first, before the key's row (so that a wait for them never holds the key's rotation, expiry
      // or limits); a new cap on the same period needs neither wait nor lock-out.
      const seen = await tx.budget.findUnique({ where: { subject_subjectId: { subject, subjectId } } });
      const lockedOut = !seen || seen.period !== period;
      if (lockedOut) await lockOutAuditBatches(tx, lockWaitMs);
      if (subject === 'key') await holdUnreplacedKey(tx, subjectId);
      const existing = await tx.budget.findUnique({ where: { subject_subjectId: { subject, subjectId } } });
      if (existing && existing.period === period) {
        const updated = await tx.budget.update({ where: { id: existing.id }, data: { capPicoUsd } });
        if (inTransaction) await inTransaction(tx, existing, updated);
        return updated;
      }
      // Changed meanwhile from a cap to a new period (another change committed): locked out now.
      if (!lockedOut) await lockOutAuditBatches(tx, lockWaitMs);
      if (existing) await tx.budget.delete({ where: { id: existing.id } });
      const created = await tx.budget.create({ data: { tenantId, subject, subjectId, period, capPicoUsd } });
      const { start, end } = budgetPeriodOf(period, now);
      const { column, amount } = SUBJECT_SPEND[subject];
      const upTo = end ? Prisma.sql`AND created_at < ${end}` : Prisma.empty;
      const [{ spent }] = await tx.$queryRaw<Array<{ spent: string }>>`
        SELECT coalesce(sum(${amount}), 0)::text AS spent FROM audit_records
        WHERE ${column} = ${subjectId}::uuid AND created_at >= ${start} ${upTo}`;
      await tx.budgetSpend.create({ data: { budgetId: created.id, periodStart: start, spentPicoUsd: BigInt(spent) } });
      if (inTransaction) await inTransaction(tx, existing, created);
      return created;
    });
  }

  /**
   * Removes the subject's budget and its ledger; false when it had none. Once the audit batches
   * being inserted have landed: a batch that read the budget and then found it gone when it added
   * to its ledger row failed on the row's foreign key, and a batch of one record (its data blamed)
   * went to the dead letters, its call never billed.
   */
  async delete(subject: BudgetSubject, subjectId: string, inTransaction?: BudgetChangeHook): Promise<boolean> {
    return this.budgetChange(async (tx, lockWaitMs) => {
      // The audit batches locked out first, then the key's row (as put does); nothing to remove, no wait.
      const seen = await tx.budget.findUnique({ where: { subject_subjectId: { subject, subjectId } } });
      if (seen) await lockOutAuditBatches(tx, lockWaitMs);
      if (subject === 'key') await holdUnreplacedKey(tx, subjectId);
      const existing = await tx.budget.findUnique({ where: { subject_subjectId: { subject, subjectId } } });
      if (!existing) return false;
      if (!seen) await lockOutAuditBatches(tx, lockWaitMs);
      await tx.budget.delete({ where: { id: existing.id } });
      if (inTransaction) await inTransaction(tx, existing, null);
      return true;
    });
  }

  /**
   * A budget change's transaction, bounded for its wait on the audit batches (lockOutAuditBatches,
   * given the wait) and its work after it; a wait past BUDGET_CHANGE_LOCK_WAIT_MS throws
   * AuditTrailBusyError, nothing changed.
   */
  private budgetChange<T>(work: (tx: Prisma.TransactionClient, lockWaitMs: number) => Promise<T>): Promise<T> {
    const lockWaitMs = this.config.BUDGET_CHANGE_LOCK_WAIT_MS;
    return this.prisma
      .$transaction((tx) => work(tx, lockWaitMs), { maxWait: lockWaitMs, timeout: lockWaitMs + TRANSACTION_WORK_MS })
      .catch((err: unknown) => {
        throw sqlStateOf(err) === LOCK_NOT_AVAILABLE ? new AuditTrailBusyError(lockWaitMs) : err;
      });
  }

  /** The pricing of the calls the budget counts (one read, two for a customer's prices); null when its subject is gone. */
  async subjectPricing(budget: BudgetRow): Promise<SubjectPricing | null> {
    const plan = { select: { plan: { select: { allowedCategories: true, resaleDiscountBps: true } } } };
    let tenant: { plan: { allowedCategories: string[]; resaleDiscountBps: number } | null };
    let customerId: string | null = null;
    const lists: string[][] = [];
    if (budget.subject === 'tenant') {
      const row = await this.prisma.tenant.findUnique({ where: { id: budget.subjectId }, ...plan });
      if (!row) return null;
      tenant = row;
    } else if (budget.subject === 'customer') {
      const row = await this.prisma.customer.findUnique({
        where: { id: budget.subjectId },
        select: { allowedEndpoints: true, tenant: plan },
      });
      if (!row) return null;
      ({ tenant } = row);
      customerId = budget.subjectId;
      lists.push(row.allowedEndpoints);
    } else {
      // The key's customer read on its own: Prisma sends sibling relations' queries at once on one connection (pg 9 refuses it).
      const row = await this.prisma.apiKey.findUnique({
        where: { id: budget.subjectId },
        select: { allowedEndpoints: true, customerId: true, tenant: plan },
      });
      if (!row) return null;
      ({ tenant, customerId } = row);
      const customer = customerId
        ? await this.prisma.customer.findUnique({ where: { id: customerId }, select: { allowedEndpoints: true } })
        : null;
      lists.push(row.allowedEndpoints, customer?.allowedEndpoints ?? []);
    }
    // A customer's calls pay its prices and markups, resolved as the key loader does (customerPricesOf); a tenant's own keys the resale figure.
    const prices = customerId
      ? await this.prisma.priceOverride.findMany({
          where: { tenantId: budget.tenantId, OR: [{ customerId: null }, { customerId }] },
          select: { customerId: true, slug: true, meter: true, pricePicoUsdPerUnit: true, markupBps: true },
        })
      : [];
    return {
      customerId,
      resaleDiscountBps: BigInt(tenant.plan?.resaleDiscountBps ?? 0),
      customerPrices: customerPricesOf(prices),
      allowedCategories: tenant.plan?.allowedCategories.length ? new Set(tenant.plan.allowedCategories) : null,
      allowedEndpoints: AllowedEndpoints.of(...lists),
    };
  }

  /** What each budget spent in the given period, from the ledger (0 where it has no row yet). */
  async spent(periods: ReadonlyArray<{ budgetId: string; periodStart: Date }>): Promise<Map<string, bigint>> {
    if (periods.length === 0) return new Map();
    const rows = await this.prisma.budgetSpend.findMany({
      where: { OR: periods.map((p) => ({ budgetId: p.budgetId, periodStart: p.periodStart })) },
      select: { budgetId: true, spentPicoUsd: true },
    });
    const spent = new Map(periods.map((p) => [p.budgetId, 0n]));
    for (const row of rows) spent.set(row.budgetId, row.spentPicoUsd);
    return spent;
  }
}

/**
 * Locks the key's row (as a rotation does first, so the two take turns: a rotation moves the key's
 * budget to its replacement in its own transaction) and throws KeyReplacedError when it was
 * replaced: a budget set on an old key after the rotation would be a second key budget in its chain.
 */
async function holdUnreplacedKey(tx: Prisma.TransactionClient, keyId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM api_keys WHERE id = ${keyId}::uuid FOR UPDATE`;
  const [replacement] = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text FROM api_keys WHERE rotated_from_id = ${keyId}::uuid ORDER BY created_at DESC LIMIT 1`;
  if (replacement) throw new KeyReplacedError(replacement.id);
}
