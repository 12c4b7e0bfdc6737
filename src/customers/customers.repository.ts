import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import type { Customer, Prisma } from '../generated/prisma/client';
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
  list(tenantId: string, take: number, cursor: string | undefined, filter: CustomerFilter) {
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
