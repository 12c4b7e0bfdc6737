import { Injectable } from '@nestjs/common';
import type { Actor } from '../activity/actor';
import { PrismaService } from '../database/prisma.service';
import type { Prisma, Tenant } from '../generated/prisma/client';
import type { Db } from '../jobs/job-queue';
import { recordPlanAssignment } from './plan-assignments.repository';
import { ScheduledPlanChange, ScheduledPlanChangesRepository } from './scheduled-plan-changes.repository';

type Tx = Prisma.TransactionClient;

/**
 * ScheduledPlanChangesRepository on Postgres. Every statement that changes a tenant's plan or its
 * scheduled change locks the tenant's row first (the operator's change through the tenants
 * repository, which deletes a scheduled change in the same transaction, updates that row first), so
 * a schedule, its application and any other change of the plan take turns, never deadlock, and a
 * schedule is made only against the plan it was decided on.
 */
@Injectable()
export class PrismaScheduledPlanChangesRepository extends ScheduledPlanChangesRepository {
  constructor(private readonly prisma: PrismaService) {
    super();
  }

  async find(tenantId: string): Promise<ScheduledPlanChange | null> {
    const row = await this.prisma.scheduledPlanChange.findUnique({ where: { tenantId } });
    return row && toChange(row);
  }

  async heldSince(tenantId: string, planId: string): Promise<Date | null> {
    const rows = await this.prisma.$queryRaw<Array<{ since: Date | null }>>`
      WITH other AS (
        SELECT effective_from, id FROM plan_assignments
        WHERE tenant_id = ${tenantId}::uuid AND plan_id IS DISTINCT FROM ${planId}::uuid
        ORDER BY effective_from DESC, id DESC LIMIT 1
      )
      SELECT min(a.effective_from) AS since FROM plan_assignments a
      WHERE a.tenant_id = ${tenantId}::uuid
        AND (NOT EXISTS (SELECT 1 FROM other) OR (a.effective_from, a.id) > (SELECT effective_from, id FROM other))`;
    return rows[0]?.since ?? null;
  }

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
        effectiveFrom: existing && existing.effectiveFrom < change.effectiveFrom ? existing.effectiveFrom : change.effectiveFrom,
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

  cancel(
    tenantId: string,
    inTransaction: (tx: Tx, cancelled: ScheduledPlanChange) => Promise<unknown>,
  ): Promise<ScheduledPlanChange | null> {
    return this.prisma.$transaction(async (tx) => {
      if ((await lockTenant(tx, tenantId)) === undefined) return null;
      if (!(await tx.scheduledPlanChange.findUnique({ where: { tenantId }, select: { tenantId: true } }))) return null;
      const cancelled = toChange(await tx.scheduledPlanChange.delete({ where: { tenantId } }));
      await inTransaction(tx, cancelled);
      return cancelled;
    });
  }

  async cancelOnto(planId: string, db: Db = this.prisma): Promise<ScheduledPlanChange[]> {
    const rows = await db.scheduledPlanChange.findMany({ where: { planId }, orderBy: { tenantId: 'asc' } });
    await db.scheduledPlanChange.deleteMany({ where: { planId } });
    return rows.map(toChange);
  }

  async due(now: Date, limit: number): Promise<string[]> {
    const rows = await this.prisma.scheduledPlanChange.findMany({
      where: { effectiveFrom: { lte: now } },
      orderBy: { effectiveFrom: 'asc' },
      take: limit,
      select: { tenantId: true },
    });
    return rows.map((r) => r.tenantId);
  }

  apply(
    tenantId: string,
    now: Date,
    inTransaction: (tx: Tx, change: ScheduledPlanChange, before: Tenant, after: Tenant) => Promise<unknown>,
  ): Promise<{ change: ScheduledPlanChange; tenant: Tenant } | 'not_public' | null> {
    return this.prisma.$transaction(async (tx) => {
      if ((await lockTenant(tx, tenantId)) === undefined) return null;
      const row = await tx.scheduledPlanChange.findUnique({ where: { tenantId } });
      if (!row || row.effectiveFrom > now) return null;
      const change = toChange(row);
      // Taken off the website since (the plan's change cancels such moves; this one raced it): not made.
      const target = await tx.$queryRaw<Array<{ public: boolean }>>`SELECT public FROM plans WHERE id = ${change.planId}::uuid FOR SHARE`;
      if (!target[0]?.public) {
        await tx.scheduledPlanChange.delete({ where: { tenantId } });
        return 'not_public';
      }
      const before = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId } });
      const tenant = await tx.tenant.update({ where: { id: tenantId }, data: { planId: change.planId } });
      await recordPlanAssignment(tx, tenantId, tenant.updatedAt);
      await tx.scheduledPlanChange.delete({ where: { tenantId } });
      await inTransaction(tx, change, before, tenant);
      return { change, tenant };
    });
  }
}

/**
 * Locks the tenant's row; its plan id (null: none), undefined when there is no such tenant. NO KEY:
 * rows that refer to the tenant (keys, audit, customers) are not held up meanwhile.
 */
async function lockTenant(tx: Tx, tenantId: string): Promise<string | null | undefined> {
  const rows = await tx.$queryRaw<Array<{ plan_id: string | null }>>`
    SELECT plan_id::text FROM tenants WHERE id = ${tenantId}::uuid FOR NO KEY UPDATE`;
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
