import { Injectable } from '@nestjs/common';
import type { Actor } from '../activity/actor';
import { PrismaService } from '../database/prisma.service';
import type { Prisma, Tenant } from '../generated/prisma/client';
import { recordPlanAssignment } from './plan-assignments.repository';

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
 * The scheduled plan changes on Postgres. Every statement that changes a tenant's plan or its
 * scheduled change locks the tenant's row first (the operator's change through the tenants
 * repository, which deletes a scheduled change in the same transaction, updates that row first), so
 * a schedule, its application and any other change of the plan take turns, never deadlock, and a
 * schedule is made only against the plan it was decided on.
 */
@Injectable()
export class ScheduledPlanChangesRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(tenantId: string): Promise<ScheduledPlanChange | null> {
    const row = await this.prisma.scheduledPlanChange.findUnique({ where: { tenantId } });
    return row && toChange(row);
  }

  /**
   * Schedules (or replaces) the tenant's move to `planId` from `effectiveFrom`, if its plan is still
   * `currentPlanId` ('plan_changed' otherwise: the decision was made against another plan).
   * `inTransaction` gets the change it replaces (null: none) and the new one, to record them.
   */
  schedule(
    change: Omit<ScheduledPlanChange, 'createdAt'>,
    currentPlanId: string,
    inTransaction: (tx: Tx, before: ScheduledPlanChange | null, after: ScheduledPlanChange) => Promise<unknown>,
  ): Promise<ScheduledPlanChange | 'plan_changed'> {
    return this.prisma.$transaction(async (tx) => {
      if ((await lockTenant(tx, change.tenantId)) !== currentPlanId) return 'plan_changed';
      const existing = await tx.scheduledPlanChange.findUnique({ where: { tenantId: change.tenantId } });
      const data = {
        planId: change.planId,
        effectiveFrom: change.effectiveFrom,
        actorKind: change.actor.kind,
        actorId: 'id' in change.actor ? change.actor.id : null,
        actorEmail: 'email' in change.actor ? change.actor.email : null,
      };
      const row = await tx.scheduledPlanChange.upsert({
        where: { tenantId: change.tenantId },
        create: { tenantId: change.tenantId, ...data },
        update: { ...data, createdAt: new Date() },
      });
      const scheduled = toChange(row);
      await inTransaction(tx, existing && toChange(existing), scheduled);
      return scheduled;
    });
  }

  /** Deletes the tenant's scheduled change; null when it had none. `inTransaction` records it. */
  cancel(
    tenantId: string,
    inTransaction: (tx: Tx, cancelled: ScheduledPlanChange) => Promise<unknown>,
  ): Promise<ScheduledPlanChange | null> {
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<Array<{ tenant_id: string }>>`
        SELECT tenant_id::text FROM scheduled_plan_changes WHERE tenant_id = ${tenantId}::uuid FOR UPDATE`;
      if (rows.length === 0) return null;
      const cancelled = toChange(await tx.scheduledPlanChange.delete({ where: { tenantId } }));
      await inTransaction(tx, cancelled);
      return cancelled;
    });
  }

  /** Up to `limit` tenants whose scheduled change is due at `now`, earliest first. */
  async due(now: Date, limit: number): Promise<string[]> {
    const rows = await this.prisma.scheduledPlanChange.findMany({
      where: { effectiveFrom: { lte: now } },
      orderBy: { effectiveFrom: 'asc' },
      take: limit,
      select: { tenantId: true },
    });
    return rows.map((r) => r.tenantId);
  }

  /**
   * Makes the tenant's scheduled change if it is due at `now`, in one transaction: the tenant moves
   * to the plan, its plan history records the move from the moment it is made (the old plan and its
   * fee held until then), and the scheduled change is deleted; `inTransaction` records it. Null when
   * nothing was due (made or cancelled meanwhile by another process or the operator).
   */
  apply(
    tenantId: string,
    now: Date,
    inTransaction: (tx: Tx, change: ScheduledPlanChange, before: Tenant, after: Tenant) => Promise<unknown>,
  ): Promise<{ change: ScheduledPlanChange; tenant: Tenant } | null> {
    return this.prisma.$transaction(async (tx) => {
      if ((await lockTenant(tx, tenantId)) === undefined) return null;
      const row = await tx.scheduledPlanChange.findUnique({ where: { tenantId } });
      if (!row || row.effectiveFrom > now) return null;
      const change = toChange(row);
      const before = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId } });
      const tenant = await tx.tenant.update({ where: { id: tenantId }, data: { planId: change.planId } });
      await recordPlanAssignment(tx, tenantId, tenant.updatedAt);
      await tx.scheduledPlanChange.delete({ where: { tenantId } });
      await inTransaction(tx, change, before, tenant);
      return { change, tenant };
    });
  }
}

/** Locks the tenant's row; its plan id (null: none), undefined when there is no such tenant. */
async function lockTenant(tx: Tx, tenantId: string): Promise<string | null | undefined> {
  const rows = await tx.$queryRaw<Array<{ plan_id: string | null }>>`
    SELECT plan_id::text FROM tenants WHERE id = ${tenantId}::uuid FOR UPDATE`;
  return rows.length === 0 ? undefined : rows[0].plan_id;
}

function toChange(row: {
  tenantId: string;
  planId: string;
  effectiveFrom: Date;
  actorKind: string;
  actorId: string | null;
  actorEmail: string | null;
  createdAt: Date;
}): ScheduledPlanChange {
  return { tenantId: row.tenantId, planId: row.planId, effectiveFrom: row.effectiveFrom, actor: toActor(row), createdAt: row.createdAt };
}

/** The actor as the row keeps it (the activity log's columns). */
function toActor(row: { actorKind: string; actorId: string | null; actorEmail: string | null }): Actor {
  switch (row.actorKind) {
    case 'operator_user':
    case 'tenant_user':
      return { kind: row.actorKind, id: row.actorId!, email: row.actorEmail! };
    case 'management_key':
      return { kind: 'management_key', id: row.actorId! };
    default:
      return { kind: 'admin_token' };
  }
}
