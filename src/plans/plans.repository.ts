import type { Plan, Prisma } from '../generated/prisma/client';

/** What defines a plan (the Prisma model's fields but identity and timestamps). */
export type PlanDefinition = Omit<Plan, 'id' | 'createdAt' | 'updatedAt'>;
export type PlanChanges = Partial<PlanDefinition>;

export type StoredPlan = Plan;

/**
 * Plans. At most one plan is the sign-ups' default: flagging one takes the flag from the plan that
 * had it. A name is unique (a duplicate is refused with Prisma's unique violation code, P2002). The
 * interface PlansService depends on (and the DI token): PrismaPlansRepository in the app, an
 * in-memory fake in domain tests (test/fakes/), both held to the same contract test.
 */
export abstract class PlansRepository {
  /** Creates a plan; flagged as the sign-ups' default, it takes the flag from the plan that had it. */
  abstract create(data: PlanDefinition, inTransaction?: PlanChangeHook): Promise<StoredPlan>;

  /** The plan self-service sign-ups start on when they name none, or null. */
  abstract findDefaultForSignups(): Promise<StoredPlan | null>;

  abstract findById(id: string): Promise<StoredPlan | null>;

  /** The public plans (in no particular order). */
  abstract listPublic(): Promise<StoredPlan[]>;

  /** Newest first: `take` plans after the page `cursor` ended. */
  abstract list(take: number, cursor?: string): Promise<StoredPlan[]>;

  /**
   * Changes a plan (which must exist), in one transaction: a new fee is recorded in the plan history
   * of every tenant on it, from now; flagged as the sign-ups' default, it takes the flag from the
   * plan that had it.
   */
  abstract update(id: string, data: PlanChanges, inTransaction?: PlanChangeHook): Promise<StoredPlan>;

  /** Deletes a plan no tenant is on; false when one is. */
  abstract delete(id: string, inTransaction?: PlanChangeHook): Promise<boolean>;
}

/** Runs in the transaction of a plan's change, with the plan before and after (null: none). */
export type PlanChangeHook = (tx: Prisma.TransactionClient, before: StoredPlan | null, after: StoredPlan | null) => Promise<unknown>;
