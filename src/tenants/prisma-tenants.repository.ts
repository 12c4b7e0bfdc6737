import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { afterCursor, decodeCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { nameStartsWith } from '../database/name-starts-with';
import { Prisma, type Tenant } from '../generated/prisma/client';
import { recordPlanAssignment } from '../plans/plan-assignments.repository';
import { StoredTenant, TenantChangeHook, TenantChanges, TenantDefinition, TenantFilter, TenantsRepository } from './tenants.repository';

/** TenantsRepository on Postgres. */
@Injectable()
export class PrismaTenantsRepository extends TenantsRepository {
  constructor(private readonly prisma: PrismaService) {
    super();
  }

  create(
    data: TenantDefinition,
    inTransaction?: (tx: Prisma.TransactionClient, tenant: Tenant) => Promise<unknown>,
  ): Promise<StoredTenant> {
    return this.prisma.$transaction(async (tx) => {
      const tenant = await tx.tenant.create({ data });
      if (tenant.planId) await recordPlanAssignment(tx, tenant.id, tenant.createdAt);
      if (inTransaction) await inTransaction(tx, tenant);
      return tenant;
    });
  }

  findById(id: string): Promise<StoredTenant | null> {
    return this.prisma.tenant.findUnique({ where: { id } });
  }

  async list(take: number, cursor: string | undefined, { ids, search }: TenantFilter): Promise<StoredTenant[]> {
    if (search !== undefined) return this.search(take, cursor, search, ids);
    const scope = ids ? { id: { in: ids } } : {};
    const after = afterCursor(cursor);
    return this.prisma.tenant.findMany({ where: after ? { AND: [scope, after] } : scope, orderBy: NEWEST_FIRST, take });
  }

  /** A page of the list with a search: the ids in SQL (by the index on lower(name)), then the rows. */
  private async search(take: number, cursor: string | undefined, search: string, ids?: string[]): Promise<StoredTenant[]> {
    const conditions = [nameStartsWith('t.name', search)];
    if (ids !== undefined) conditions.push(Prisma.sql`t.id = ANY(${ids}::uuid[])`);
    if (cursor !== undefined) {
      const after = decodeCursor(cursor);
      conditions.push(Prisma.sql`(t.created_at, t.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
    }
    const rows = await this.prisma.$queryRaw<Array<{ id: string }>>`
      SELECT t.id::text FROM tenants t WHERE ${Prisma.join(conditions, ' AND ')}
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${take}`;
    if (rows.length === 0) return [];
    return this.prisma.tenant.findMany({ where: { id: { in: rows.map((r) => r.id) } }, orderBy: NEWEST_FIRST });
  }

  update(id: string, changes: TenantChanges, inTransaction?: TenantChangeHook): Promise<StoredTenant> {
    return this.prisma.$transaction(async (tx) => {
      // Locked first: `inTransaction` sees the tenant as the update changes it (a check of the plan
      // it was decided on holds until the change commits).
      await tx.$queryRaw`SELECT 1 FROM tenants WHERE id = ${id}::uuid FOR NO KEY UPDATE`;
      const before = await tx.tenant.findUniqueOrThrow({ where: { id } });
      const tenant = await tx.tenant.update({ where: { id }, data: changes });
      if (changes.planId !== undefined) await recordPlanAssignment(tx, id, tenant.updatedAt);
      // Any other move of the tenant's plan replaces the one its owner scheduled for a month's start
      // (a form that sends the plan unchanged with other fields leaves it).
      if (before.planId !== tenant.planId) await tx.scheduledPlanChange.deleteMany({ where: { tenantId: id } });
      if (inTransaction) await inTransaction(tx, before, tenant);
      return tenant;
    });
  }
}
