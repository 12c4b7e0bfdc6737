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
  /** A case-insensitive prefix of the name, or the exact external id. */
  search?: string;
}

export type StoredCustomer = Customer;

/**
 * Customers, always within one tenant: every query names the tenant, so another tenant's customer
 * id reads as absent. Deleted customers (soft: `deleted_at`) are never returned. An external id is
 * unique per tenant among customers not deleted (a duplicate is refused with Prisma's unique
 * violation code, P2002). The interface CustomersService depends on (and the DI token):
 * PrismaCustomersRepository in the app, an in-memory fake in domain tests (test/fakes/), both held
 * to the same contract test.
 */
export abstract class CustomersRepository {
  abstract create(tenantId: string, data: CustomerDefinition): Promise<StoredCustomer>;

  abstract find(tenantId: string, id: string): Promise<StoredCustomer | null>;

  /** Whether the customer is (or, deleted, was) this tenant's. */
  abstract belongsTo(tenantId: string, id: string): Promise<boolean>;

  /** Newest first: `take` customers after the page `cursor` ended. */
  abstract list(tenantId: string, take: number, cursor: string | undefined, filter: CustomerFilter): Promise<StoredCustomer[]>;

  /**
   * Suspends a customer of this tenant; null when it has none with this id. `onSuspended` runs in the
   * same transaction only when this call is the one that suspended it (not for one already suspended).
   */
  abstract suspend(
    tenantId: string,
    id: string,
    onSuspended: (tx: Prisma.TransactionClient, customer: Customer) => Promise<unknown>,
  ): Promise<StoredCustomer | null>;

  /** Changes a customer of this tenant; null when it has none with this id. */
  abstract update(
    tenantId: string,
    id: string,
    data: CustomerChanges & { status?: CustomerStatus; deletedAt?: Date },
  ): Promise<StoredCustomer | null>;
}
