import type { Prisma, Tenant } from '../../src/generated/prisma/client';
import { ScheduledPlanChange, ScheduledPlanChangesRepository } from '../../src/plans/scheduled-plan-changes.repository';
import { copy, FAKE_TX, InMemoryDb } from './in-memory-db';
import { recordPlanAssignment } from './in-memory-plans.repository';
import { foreignKeyViolation } from './prisma-errors';

type Tx = Prisma.TransactionClient;

/** ScheduledPlanChangesRepository over the shared in-memory tables. */
export class InMemoryScheduledPlanChangesRepository extends ScheduledPlanChangesRepository {
  constructor(private readonly db: InMemoryDb) {
    super();
  }

  async find(tenantId: string): Promise<ScheduledPlanChange | null> {
    const change = this.db.tables.scheduledPlanChanges.get(tenantId);
    return change ? copy(change) : null;
  }

  async heldSince(tenantId: string, planId: string): Promise<Date | null> {
    const rows = this.db.tables.planAssignments
      .filter((a) => a.tenantId === tenantId)
      .sort((a, b) => a.effectiveFrom.getTime() - b.effectiveFrom.getTime() || Number(a.id - b.id));
    let stretchStart = rows.length;
    while (stretchStart > 0 && rows[stretchStart - 1].planId === planId) stretchStart--;
    const stretch = rows.slice(stretchStart);
    return stretch.length > 0 ? new Date(stretch[0].effectiveFrom.getTime()) : null;
  }

  schedule(
    change: Omit<ScheduledPlanChange, 'createdAt'>,
    currentPlanId: string,
    inTransaction: (tx: Tx, before: ScheduledPlanChange | null, after: ScheduledPlanChange) => Promise<unknown>,
  ): Promise<ScheduledPlanChange | 'plan_changed'> {
    return this.db.transaction(async () => {
      if (this.db.tables.tenants.get(change.tenantId)?.planId !== currentPlanId) return 'plan_changed';
      if (!this.db.tables.plans.has(change.planId)) throw foreignKeyViolation('scheduled_plan_changes_plan_id_fkey');
      const existing = this.db.tables.scheduledPlanChanges.get(change.tenantId) ?? null;
      const effectiveFrom = existing && existing.effectiveFrom < change.effectiveFrom ? existing.effectiveFrom : change.effectiveFrom;
      const scheduled: ScheduledPlanChange = {
        ...copy(change),
        effectiveFrom: new Date(effectiveFrom.getTime()),
        createdAt: this.db.now(),
      };
      this.db.tables.scheduledPlanChanges.set(change.tenantId, scheduled);
      await inTransaction(FAKE_TX, existing && copy(existing), copy(scheduled));
      return copy(scheduled);
    });
  }

  cancel(
    tenantId: string,
    inTransaction: (tx: Tx, cancelled: ScheduledPlanChange) => Promise<unknown>,
  ): Promise<ScheduledPlanChange | null> {
    return this.db.transaction(async () => {
      const cancelled = this.db.tables.scheduledPlanChanges.get(tenantId);
      if (!cancelled) return null;
      this.db.tables.scheduledPlanChanges.delete(tenantId);
      await inTransaction(FAKE_TX, copy(cancelled));
      return copy(cancelled);
    });
  }

  async cancelOnto(planId: string): Promise<ScheduledPlanChange[]> {
    const moves = [...this.db.tables.scheduledPlanChanges.values()]
      .filter((c) => c.planId === planId)
      .sort((a, b) => (a.tenantId < b.tenantId ? -1 : 1));
    for (const move of moves) this.db.tables.scheduledPlanChanges.delete(move.tenantId);
    return moves.map(copy);
  }

  async due(now: Date, limit: number): Promise<string[]> {
    return [...this.db.tables.scheduledPlanChanges.values()]
      .filter((c) => c.effectiveFrom <= now)
      .sort((a, b) => a.effectiveFrom.getTime() - b.effectiveFrom.getTime())
      .slice(0, limit)
      .map((c) => c.tenantId);
  }

  apply(
    tenantId: string,
    now: Date,
    inTransaction: (tx: Tx, change: ScheduledPlanChange, before: Tenant, after: Tenant) => Promise<unknown>,
  ): Promise<{ change: ScheduledPlanChange; tenant: Tenant } | 'not_public' | null> {
    return this.db.transaction(async () => {
      const tenant = this.db.tables.tenants.get(tenantId);
      const change = this.db.tables.scheduledPlanChanges.get(tenantId);
      if (!tenant || !change || change.effectiveFrom > now) return null;
      this.db.tables.scheduledPlanChanges.delete(tenantId);
      if (!this.db.tables.plans.get(change.planId)?.public) return 'not_public';
      const before = copy(tenant);
      Object.assign(tenant, { planId: change.planId, updatedAt: this.db.now() });
      recordPlanAssignment(this.db, tenantId, tenant.updatedAt);
      await inTransaction(FAKE_TX, copy(change), before, copy(tenant));
      return { change: copy(change), tenant: copy(tenant) };
    });
  }
}
