import type { Prisma, Tenant } from '../generated/prisma/client';

/** What defines a new tenant (the Prisma model's fields but identity, status and timestamps). */
export type TenantDefinition = Pick<Tenant, 'name' | 'kind' | 'rateLimitPerWindow' | 'planId'>;

/** Which tenants a list holds: these ids only; those whose name starts with `search`, ignoring case. */
export interface TenantFilter {
  ids?: string[];
  search?: string;
}

/** What the operator may change on a tenant. */
export type TenantChanges = Partial<Pick<Tenant, 'name' | 'kind' | 'status' | 'rateLimitPerWindow' | 'planId'>>;

export type StoredTenant = Tenant;

/**
 * Tenants and, with every change of a tenant's plan, its plan history (plan_assignments, see
 * plans/plan-assignments.repository.ts). The interface the services depend on (and the DI token):
 * PrismaTenantsRepository in the app, an in-memory fake in domain tests (test/fakes/), both held
 * to the same contract test.
 */
export abstract class TenantsRepository {
  /**
   * Creates a tenant, with the first row of its plan history when it has a plan; `inTransaction`
   * (e.g. its first user) commits with it or not at all. A plan id that names no plan is refused
   * (an error with Prisma's foreign-key code, P2003).
   */
  abstract create(
    data: TenantDefinition,
    inTransaction?: (tx: Prisma.TransactionClient, tenant: Tenant) => Promise<unknown>,
  ): Promise<StoredTenant>;

  abstract findById(id: string): Promise<StoredTenant | null>;

  /** Newest first; `take` rows after the page `cursor` ended (see common/pagination), filtered. */
  abstract list(take: number, cursor: string | undefined, filter: TenantFilter): Promise<StoredTenant[]>;

  /**
   * Changes a tenant (which must exist); a change of plan is recorded in its plan history in the
   * same transaction (from now), and cancels the plan change its owner scheduled, if any. An unknown
   * plan id is refused as in create().
   */
  abstract update(id: string, changes: TenantChanges, inTransaction?: TenantChangeHook): Promise<StoredTenant>;
}

/** Runs in the transaction of a tenant's update, with the tenant before and after (both commit, or neither). */
export type TenantChangeHook = (tx: Prisma.TransactionClient, before: StoredTenant, after: StoredTenant) => Promise<unknown>;
