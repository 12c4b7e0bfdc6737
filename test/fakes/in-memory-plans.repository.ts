import type { Db } from '../../src/jobs/job-queue';
import { PlanAssignmentsRepository } from '../../src/plans/plan-assignments.repository';
import type { FeePeriod, PlanAssignment } from '../../src/plans/plan-fees';
import { PlanChanges, PlanDefinition, PlansRepository, StoredPlan } from '../../src/plans/plans.repository';
import { copy, InMemoryDb, newestFirstPage } from './in-memory-db';
import { recordNotFound, uniqueViolation } from './prisma-errors';

/**
 * The twin of recordPlanAssignment (plans/plan-assignments.repository.ts): a row of the tenant's
 * plan history from `at` for the plan its row names now, unless the latest row already says the
 * same plan at the same fee; nothing for a tenant with no history and no plan.
 */
export function recordPlanAssignment(db: InMemoryDb, tenantId: string, at: Date): void {
  const tenant = db.tables.tenants.get(tenantId);
  if (!tenant) return;
  const plan = tenant.planId ? (db.tables.plans.get(tenant.planId) ?? null) : null;
  const latest = db.tables.planAssignments
    .filter((a) => a.tenantId === tenantId)
    .sort((a, b) => a.effectiveFrom.getTime() - b.effectiveFrom.getTime() || Number(a.id - b.id))
    .at(-1);
  const fee = plan?.monthlyFeePicoUsd ?? 0n;
  if (latest ? latest.planId === (plan?.id ?? null) && latest.monthlyFeePicoUsd === fee : plan === null) return;
  db.tables.planAssignments.push({
    id: db.nextAssignmentId(),
    tenantId,
    planId: plan?.id ?? null,
    planName: plan?.name ?? null,
    monthlyFeePicoUsd: fee,
    effectiveFrom: at,
  });
}

/** The twin of recordPlanFeeChange: the new fee of a plan in the history of every tenant on it. */
export function recordPlanFeeChange(db: InMemoryDb, planId: string, at: Date): void {
  for (const tenant of db.tables.tenants.values()) if (tenant.planId === planId) recordPlanAssignment(db, tenant.id, at);
}

/** PlansRepository over the shared in-memory tables. */
export class InMemoryPlansRepository extends PlansRepository {
  constructor(private readonly db: InMemoryDb) {
    super();
  }

  create(data: PlanDefinition): Promise<StoredPlan> {
    return this.db.transaction(async () => {
      this.requireFreeName(data.name);
      if (data.defaultForSignups) this.unflagDefault();
      const now = this.db.now();
      const plan: StoredPlan = { id: this.db.id(), ...data, createdAt: now, updatedAt: now };
      this.db.tables.plans.set(plan.id, plan);
      return copy(plan);
    });
  }

  async findDefaultForSignups(): Promise<StoredPlan | null> {
    const plan = [...this.db.tables.plans.values()].find((p) => p.defaultForSignups);
    return plan ? copy(plan) : null;
  }

  async findById(id: string): Promise<StoredPlan | null> {
    const plan = this.db.tables.plans.get(id);
    return plan ? copy(plan) : null;
  }

  async listPublic(): Promise<StoredPlan[]> {
    return [...this.db.tables.plans.values()].filter((p) => p.public).map(copy);
  }

  async list(take: number, cursor?: string): Promise<StoredPlan[]> {
    return newestFirstPage(this.db.tables.plans.values(), take, cursor).map(copy);
  }

  update(id: string, data: PlanChanges): Promise<StoredPlan> {
    return this.db.transaction(async () => {
      const plan = this.db.tables.plans.get(id);
      if (!plan) throw recordNotFound(`plan ${id}`);
      if (data.name !== undefined && data.name !== plan.name) this.requireFreeName(data.name);
      if (data.defaultForSignups) this.unflagDefault(id);
      Object.assign(plan, definedOnly(data), { updatedAt: this.db.now() });
      if (data.monthlyFeePicoUsd !== undefined) recordPlanFeeChange(this.db, id, plan.updatedAt);
      return copy(plan);
    });
  }

  async delete(id: string): Promise<boolean> {
    if (!this.db.tables.plans.has(id)) throw recordNotFound(`plan ${id}`);
    if ([...this.db.tables.tenants.values()].some((t) => t.planId === id)) return false;
    if ([...this.db.tables.scheduledPlanChanges.values()].some((c) => c.planId === id)) return false;
    this.db.tables.plans.delete(id);
    return true;
  }

  private requireFreeName(name: string): void {
    if ([...this.db.tables.plans.values()].some((p) => p.name === name)) throw uniqueViolation('plans.name');
  }

  private unflagDefault(exceptId?: string): void {
    for (const plan of this.db.tables.plans.values()) {
      if (plan.id !== exceptId && plan.defaultForSignups) Object.assign(plan, { defaultForSignups: false, updatedAt: this.db.now() });
    }
  }
}

/** PlanAssignmentsRepository over the shared in-memory tables (the rows the tenants and plans fakes write). */
export class InMemoryPlanAssignmentsRepository extends PlanAssignmentsRepository {
  constructor(private readonly db: InMemoryDb) {
    super();
  }

  async history(period: FeePeriod, tenantId?: string, _db?: Db): Promise<PlanAssignment[]> {
    const rows = this.db.tables.planAssignments
      .filter((a) => tenantId === undefined || a.tenantId === tenantId)
      .sort(
        (a, b) =>
          (a.tenantId < b.tenantId ? -1 : a.tenantId > b.tenantId ? 1 : 0) ||
          a.effectiveFrom.getTime() - b.effectiveFrom.getTime() ||
          Number(a.id - b.id),
      );
    const history: typeof rows = [];
    for (const [i, row] of rows.entries()) {
      const next = rows[i + 1];
      const lastBefore = row.effectiveFrom < period.from && !(next && next.tenantId === row.tenantId && next.effectiveFrom < period.from);
      if (lastBefore || (row.effectiveFrom >= period.from && row.effectiveFrom < period.to)) history.push(row);
    }
    return history.map(({ tenantId: tenant, planId, planName, monthlyFeePicoUsd, effectiveFrom }) => ({
      tenantId: tenant,
      planId,
      planName,
      monthlyFeePicoUsd,
      effectiveFrom: new Date(effectiveFrom),
    }));
  }
}

/** The fields of a Prisma update's data that are set (undefined leaves a column as it is). */
export function definedOnly<T extends object>(data: T): Partial<T> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as Partial<T>;
}
