import type { Prisma, Tenant } from '../../src/generated/prisma/client';
import {
  StoredTenant,
  TenantChangeHook,
  TenantChanges,
  TenantDefinition,
  TenantFilter,
  TenantsRepository,
} from '../../src/tenants/tenants.repository';
import { copy, InMemoryDb, newestFirstPage } from './in-memory-db';
import { definedOnly, recordPlanAssignment } from './in-memory-plans.repository';
import { foreignKeyViolation, recordNotFound } from './prisma-errors';

/** TenantsRepository over the shared in-memory tables. */
export class InMemoryTenantsRepository extends TenantsRepository {
  constructor(private readonly db: InMemoryDb) {
    super();
  }

  create(
    data: TenantDefinition,
    inTransaction?: (tx: Prisma.TransactionClient, tenant: Tenant) => Promise<unknown>,
  ): Promise<StoredTenant> {
    return this.db.transaction(async (tx) => {
      this.requirePlan(data.planId);
      const now = this.db.now();
      const tenant: Tenant = { id: this.db.id(), status: 'active', ...data, createdAt: now, updatedAt: now };
      this.db.tables.tenants.set(tenant.id, tenant);
      if (tenant.planId) recordPlanAssignment(this.db, tenant.id, tenant.createdAt);
      if (inTransaction) await inTransaction(tx, copy(tenant));
      return copy(tenant);
    });
  }

  async findById(id: string): Promise<StoredTenant | null> {
    const tenant = this.db.tables.tenants.get(id);
    return tenant ? copy(tenant) : null;
  }

  async list(take: number, cursor: string | undefined, { ids, search }: TenantFilter): Promise<StoredTenant[]> {
    const rows = [...this.db.tables.tenants.values()].filter(
      (t) => (ids === undefined || ids.includes(t.id)) && (search === undefined || t.name.toLowerCase().startsWith(search.toLowerCase())),
    );
    return newestFirstPage(rows, take, cursor).map(copy);
  }

  update(id: string, changes: TenantChanges, inTransaction?: TenantChangeHook): Promise<StoredTenant> {
    return this.db.transaction(async (tx) => {
      const tenant = this.db.tables.tenants.get(id);
      if (!tenant) throw recordNotFound(`tenant ${id}`);
      this.requirePlan(changes.planId);
      const before = copy(tenant);
      Object.assign(tenant, definedOnly(changes), { updatedAt: this.db.now() });
      if (changes.planId !== undefined) recordPlanAssignment(this.db, id, tenant.updatedAt);
      if (tenant.planId !== before.planId) this.db.tables.scheduledPlanChanges.delete(id);
      if (inTransaction) await inTransaction(tx, before, copy(tenant));
      return copy(tenant);
    });
  }

  private requirePlan(planId: string | null | undefined): void {
    if (planId && !this.db.tables.plans.has(planId)) throw foreignKeyViolation('tenants_plan_id_fkey');
  }
}
