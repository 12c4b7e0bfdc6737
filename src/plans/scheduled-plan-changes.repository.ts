import type { Actor } from '../activity/actor';
import type { Prisma, Tenant } from '../generated/prisma/client';
import type { Db } from '../jobs/job-queue';

/** An owner's move to another plan, waiting for `effectiveFrom` (scheduled_plan_changes). */
export interface ScheduledPlanChange {
  tenantId: string;
  planId: string;
  effectiveFrom: Date;
  /** Who asked for it: the move is theirs when it is made. */
  actor: Actor;
  createdAt: Date;
}

type Tx = Prisma.TransactionClient;

/**
 * The owners' plan moves that wait for a month's start, at most one per tenant, and the plan history
 * (plan_assignments) they are decided by and write when made. The interface PlanChangeSchedule and
 * PlansService depend on (and the DI token): PrismaScheduledPlanChangesRepository in the app, an
 * in-memory fake in domain tests (test/fakes/), both held to the same contract test. The tenants
 * repository deletes a tenant's scheduled move when it changes the tenant's plan.
 */
export abstract class ScheduledPlanChangesRepository {
  abstract find(tenantId: string): Promise<ScheduledPlanChange | null>;

  /**
   * Since when the tenant has held `planId` without a break: the first row of the last stretch of its
   * plan history on that plan (a change of the plan's fee does not break it). Null: no history.
   */
  abstract heldSince(tenantId: string, planId: string): Promise<Date | null>;

  /**
   * Schedules (or replaces) the tenant's move to `planId` from `effectiveFrom`, if its plan is still
   * `currentPlanId` ('plan_changed' otherwise: the decision was made against another plan). A
   * replaced move keeps its time when that is sooner: one already due (the job has not run yet) is
   * not put off by a month. `inTransaction` gets the change it replaces (null: none) and the new one.
   */
  abstract schedule(
    change: Omit<ScheduledPlanChange, 'createdAt'>,
    currentPlanId: string,
    inTransaction: (tx: Tx, before: ScheduledPlanChange | null, after: ScheduledPlanChange) => Promise<unknown>,
  ): Promise<ScheduledPlanChange | 'plan_changed'>;

  /** Deletes the tenant's scheduled change; null when it had none. `inTransaction` records it. */
  abstract cancel(
    tenantId: string,
    inTransaction: (tx: Tx, cancelled: ScheduledPlanChange) => Promise<unknown>,
  ): Promise<ScheduledPlanChange | null>;

  /** Deletes every move scheduled onto the plan, and returns them (by tenant id); `db`: the caller's transaction. */
  abstract cancelOnto(planId: string, db?: Db): Promise<ScheduledPlanChange[]>;

  /** Up to `limit` tenants whose scheduled change is due at `now`, earliest first. */
  abstract due(now: Date, limit: number): Promise<string[]>;

  /**
   * Makes the tenant's scheduled change if it is due at `now`, in one transaction: the tenant moves
   * to the plan, its plan history records the move from the moment it is made (the old plan and its
   * fee held until then), and the scheduled change is deleted; `inTransaction` records it. Null when
   * nothing was due (made or cancelled meanwhile by another process or the operator); 'not_public'
   * (and the change deleted) when the plan is no longer public.
   */
  abstract apply(
    tenantId: string,
    now: Date,
    inTransaction: (tx: Tx, change: ScheduledPlanChange, before: Tenant, after: Tenant) => Promise<unknown>,
  ): Promise<{ change: ScheduledPlanChange; tenant: Tenant } | 'not_public' | null>;
}
