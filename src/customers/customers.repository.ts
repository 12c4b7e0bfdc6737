import { Injectable } from '@nestjs/common';
import { afterCursor, decodeCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { nameStartsWith } from '../database/name-starts-with';
import { PrismaService } from '../database/prisma.service';
import { type Customer, Prisma } from '../generated/prisma/client';
import type { CustomerStatus } from '../generated/prisma/enums';

/** What defines a new customer of a tenant. */
export type CustomerDefinition = Pick<Customer, 'name' | 'externalId'> & { metadata: Prisma.InputJsonObject };

/** What the tenant may change on a customer (status through suspend and resume). */
export type CustomerChanges = Partial<Pick<Customer, 'name' | 'externalId'>> & { metadata?: Prisma.InputJsonObject };

export interface CustomerFilter {
  externalId?: string;
  status?: CustomerStatus;
  /** Only these customers (the others of the tenant, and ids it does not have, are absent). */
  ids?: string[];
  /** A case-insensitive prefix of the name, or the exact external id. */
  search?: string;
}

/**
 * Customers, always within one tenant: every query names the tenant, so another tenant's customer
 * id reads as absent. Deleted customers (soft: `deleted_at`) are never returned.
 */
@Injectable()
export class CustomersRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(tenantId: string, data: CustomerDefinition) {
    return this.prisma.customer.create({ data: { tenantId, ...data } });
  }

  find(tenantId: string, id: string) {
    return this.prisma.customer.findFirst({ where: { id, tenantId, deletedAt: null } });
  }

  /** Whether the customer is (or, deleted, was) this tenant's. */
  async belongsTo(tenantId: string, id: string): Promise<boolean> {
    return (await this.prisma.customer.count({ where: { id, tenantId } })) > 0;
  }

  /** Newest first: `take` customers after the page `cursor` ended. */
  async list(tenantId: string, take: number, cursor: string | undefined, filter: CustomerFilter) {
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
  private async search(tenantId: string, take: number, cursor: string | undefined, filter: CustomerFilter & { search: string }) {
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

  /**
   * Suspends a customer of this tenant; null when it has none with this id. `onSuspended` runs in the
   * same transaction only when this call is the one that suspended it (not for one already suspended).
   */
  suspend(tenantId: string, id: string, onSuspended: (tx: Prisma.TransactionClient, customer: Customer) => Promise<unknown>) {
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

  /** Changes a customer of this tenant; null when it has none with this id. */
  async update(tenantId: string, id: string, data: CustomerChanges & { status?: CustomerStatus; deletedAt?: Date }) {
    const { count } = await this.prisma.customer.updateMany({ where: { id, tenantId, deletedAt: null }, data });
    return count === 0 ? null : this.prisma.customer.findUnique({ where: { id } });
  }
}

export type StoredCustomer = Customer;
