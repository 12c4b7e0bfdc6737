import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import type { Prisma, Tenant } from '../generated/prisma/client';

/** What defines a new tenant (the Prisma model's fields but identity, status and timestamps). */
export type TenantDefinition = Pick<Tenant, 'name' | 'kind' | 'rateLimitPerWindow' | 'planId'>;

/** What the operator may change on a tenant. */
export type TenantChanges = Partial<Pick<Tenant, 'name' | 'kind' | 'status' | 'rateLimitPerWindow' | 'planId'>>;

@Injectable()
export class TenantsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Creates a tenant; `inTransaction` (e.g. its first user) commits with it or not at all. */
  create(data: TenantDefinition, inTransaction?: (tx: Prisma.TransactionClient, tenant: Tenant) => Promise<unknown>) {
    if (!inTransaction) return this.prisma.tenant.create({ data });
    return this.prisma.$transaction(async (tx) => {
      const tenant = await tx.tenant.create({ data });
      await inTransaction(tx, tenant);
      return tenant;
    });
  }

  findById(id: string) {
    return this.prisma.tenant.findUnique({ where: { id } });
  }

  /** Newest first; `take` rows after the page `cursor` ended (see common/pagination), of `ids` only when given. */
  list(take: number, cursor?: string, ids?: string[]) {
    const scope = ids ? { id: { in: ids } } : {};
    const after = afterCursor(cursor);
    return this.prisma.tenant.findMany({ where: after ? { AND: [scope, after] } : scope, orderBy: NEWEST_FIRST, take });
  }

  update(id: string, changes: TenantChanges) {
    return this.prisma.tenant.update({ where: { id }, data: changes });
  }
}

export type StoredTenant = NonNullable<Awaited<ReturnType<TenantsRepository['findById']>>>;
