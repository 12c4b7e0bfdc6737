import { Injectable } from '@nestjs/common';
import { afterCursor, decodeCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { nameStartsWith } from '../database/name-starts-with';
import { PrismaService } from '../database/prisma.service';
import { type Customer, Prisma } from '../generated/prisma/client';
import type { CustomerStatus } from '../generated/prisma/enums';
import { CustomerChanges, CustomerDefinition, CustomerFilter, CustomersRepository, StoredCustomer } from './customers.repository';

/** CustomersRepository on Postgres. */
@Injectable()
export class PrismaCustomersRepository extends CustomersRepository {
  constructor(private readonly prisma: PrismaService) {
    super();
  }

  create(tenantId: string, data: CustomerDefinition): Promise<StoredCustomer> {
    return this.prisma.customer.create({ data: { tenantId, ...data } });
  }

  find(tenantId: string, id: string): Promise<StoredCustomer | null> {
    return this.prisma.customer.findFirst({ where: { id, tenantId, deletedAt: null } });
  }

  async belongsTo(tenantId: string, id: string): Promise<boolean> {
    return (await this.prisma.customer.count({ where: { id, tenantId } })) > 0;
  }

  async list(tenantId: string, take: number, cursor: string | undefined, filter: CustomerFilter): Promise<StoredCustomer[]> {
    if (filter.search !== undefined) return this.search(tenantId, take, cursor, { ...filter, search: filter.search });
    const scope: Prisma.CustomerWhereInput = {
      tenantId,
      deletedAt: null,
      externalId: filter.externalId,
      status: filter.status,
      id: filter.ids ? { in: filter.ids } : undefined,
    };
    const after = afterCursor(cursor);
    return this.prisma.customer.findMany({ where: after ? { AND: [scope, after] } : scope, orderBy: NEWEST_FIRST, take });
  }

  /**
   * A page of the list with a search: the ids in SQL (the name's prefix by the index on the tenant and
   * lower(name), the external id by its unique index), then the rows. Same order, cursor and filters.
   */
  private async search(
    tenantId: string,
    take: number,
    cursor: string | undefined,
    filter: CustomerFilter & { search: string },
  ): Promise<StoredCustomer[]> {
    const conditions = [
      Prisma.sql`c.tenant_id = ${tenantId}::uuid`,
      Prisma.sql`c.deleted_at IS NULL`,
      Prisma.sql`(${nameStartsWith('c.name', filter.search)} OR c.external_id = ${filter.search})`,
    ];
    if (filter.externalId !== undefined) conditions.push(Prisma.sql`c.external_id = ${filter.externalId}`);
    if (filter.status !== undefined) conditions.push(Prisma.sql`c.status = ${filter.status}::"CustomerStatus"`);
    if (filter.ids !== undefined) conditions.push(Prisma.sql`c.id = ANY(${filter.ids}::uuid[])`);
    if (cursor !== undefined) {
      const after = decodeCursor(cursor);
      conditions.push(Prisma.sql`(c.created_at, c.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
    }
    const rows = await this.prisma.$queryRaw<Array<{ id: string }>>`
      SELECT c.id::text FROM customers c WHERE ${Prisma.join(conditions, ' AND ')}
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${take}`;
    if (rows.length === 0) return [];
    return this.prisma.customer.findMany({ where: { id: { in: rows.map((r) => r.id) } }, orderBy: NEWEST_FIRST });
  }

  suspend(
    tenantId: string,
    id: string,
    onSuspended: (tx: Prisma.TransactionClient, customer: Customer) => Promise<unknown>,
  ): Promise<StoredCustomer | null> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.customer.updateMany({
        where: { id, tenantId, deletedAt: null, status: 'active' },
        data: { status: 'suspended' },
      });
      const customer = await tx.customer.findFirst({ where: { id, tenantId, deletedAt: null } });
      if (customer && count === 1) await onSuspended(tx, customer);
      return customer;
    });
  }

  async update(
    tenantId: string,
    id: string,
    data: CustomerChanges & { status?: CustomerStatus; deletedAt?: Date },
  ): Promise<StoredCustomer | null> {
    const { count } = await this.prisma.customer.updateMany({ where: { id, tenantId, deletedAt: null }, data });
    return count === 0 ? null : this.prisma.customer.findUnique({ where: { id } });
  }
}
