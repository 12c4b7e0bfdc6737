import {
  CustomerChanges,
  CustomerDefinition,
  CustomerFilter,
  CustomersRepository,
  StoredCustomer,
} from '../../src/customers/customers.repository';
import type { Customer, Prisma } from '../../src/generated/prisma/client';
import type { CustomerStatus } from '../../src/generated/prisma/enums';
import { copy, InMemoryDb, newestFirstPage } from './in-memory-db';
import { definedOnly } from './in-memory-plans.repository';
import { foreignKeyViolation, uniqueViolation } from './prisma-errors';

/** CustomersRepository over the shared in-memory tables. */
export class InMemoryCustomersRepository extends CustomersRepository {
  constructor(private readonly db: InMemoryDb) {
    super();
  }

  async create(tenantId: string, data: CustomerDefinition): Promise<StoredCustomer> {
    if (!this.db.tables.tenants.has(tenantId)) throw foreignKeyViolation('customers_tenant_id_fkey');
    this.requireFreeExternalId(tenantId, data.externalId);
    const now = this.db.now();
    const customer: Customer = {
      id: this.db.id(),
      tenantId,
      name: data.name,
      externalId: data.externalId ?? null,
      status: 'active',
      metadata: copy(data.metadata) as Prisma.JsonObject,
      allowedEndpoints: [],
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    };
    this.db.tables.customers.set(customer.id, customer);
    return copy(customer);
  }

  async find(tenantId: string, id: string): Promise<StoredCustomer | null> {
    const customer = this.live(tenantId, id);
    return customer ? copy(customer) : null;
  }

  async belongsTo(tenantId: string, id: string): Promise<boolean> {
    return this.db.tables.customers.get(id)?.tenantId === tenantId;
  }

  async list(tenantId: string, take: number, cursor: string | undefined, filter: CustomerFilter): Promise<StoredCustomer[]> {
    const { search } = filter;
    const rows = [...this.db.tables.customers.values()].filter(
      (c) =>
        c.tenantId === tenantId &&
        c.deletedAt === null &&
        (filter.externalId === undefined || c.externalId === filter.externalId) &&
        (filter.status === undefined || c.status === filter.status) &&
        (filter.ids === undefined || filter.ids.includes(c.id)) &&
        (search === undefined || c.name.toLowerCase().startsWith(search.toLowerCase()) || c.externalId === search),
    );
    return newestFirstPage(rows, take, cursor).map(copy);
  }

  suspend(
    tenantId: string,
    id: string,
    onSuspended: (tx: Prisma.TransactionClient, customer: Customer) => Promise<unknown>,
  ): Promise<StoredCustomer | null> {
    return this.db.transaction(async (tx) => {
      const customer = this.live(tenantId, id);
      if (!customer) return null;
      if (customer.status !== 'active') return copy(customer);
      Object.assign(customer, { status: 'suspended', updatedAt: this.db.now() });
      await onSuspended(tx, copy(customer));
      return copy(customer);
    });
  }

  async update(
    tenantId: string,
    id: string,
    data: CustomerChanges & { status?: CustomerStatus; deletedAt?: Date },
  ): Promise<StoredCustomer | null> {
    const customer = this.live(tenantId, id);
    if (!customer) return null;
    if (data.externalId !== undefined && data.externalId !== customer.externalId && data.deletedAt === undefined) {
      this.requireFreeExternalId(tenantId, data.externalId);
    }
    Object.assign(customer, copy(definedOnly(data)), { updatedAt: this.db.now() });
    return copy(customer);
  }

  /** The tenant's customer with this id, unless deleted. */
  private live(tenantId: string, id: string): Customer | undefined {
    const customer = this.db.tables.customers.get(id);
    return customer && customer.tenantId === tenantId && customer.deletedAt === null ? customer : undefined;
  }

  /** The unique (tenant_id, external_id) index among customers not deleted. */
  private requireFreeExternalId(tenantId: string, externalId: string | null): void {
    if (externalId === null) return;
    const taken = [...this.db.tables.customers.values()].some(
      (c) => c.tenantId === tenantId && c.deletedAt === null && c.externalId === externalId,
    );
    if (taken) throw uniqueViolation('customers (tenant_id, external_id)');
  }
}
