import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import type { Prisma } from '../generated/prisma/client';
import { recordPlanFeeChange } from './plan-assignments.repository';
import { PlanChangeHook, PlanChanges, PlanDefinition, PlansRepository, StoredPlan } from './plans.repository';

/**
 * The transaction-scoped advisory lock taken by every write that flags a plan as the sign-ups'
 * default: two such writes at once then move the flag one after the other (the partial unique index
 * would refuse the second instead). Any constant works; this one spells "signup".
 */
const DEFAULT_PLAN_LOCK_KEY = 0x7369676e7570;

/** PlansRepository on Postgres. */
@Injectable()
export class PrismaPlansRepository extends PlansRepository {
  constructor(private readonly prisma: PrismaService) {
    super();
  }

  create(data: PlanDefinition, inTransaction?: PlanChangeHook): Promise<StoredPlan> {
    return this.prisma.$transaction(async (tx) => {
      if (data.defaultForSignups) await this.unflagDefault(tx);
      const plan = await tx.plan.create({ data });
      if (inTransaction) await inTransaction(tx, null, plan);
      return plan;
    });
  }

  findDefaultForSignups(): Promise<StoredPlan | null> {
    return this.prisma.plan.findFirst({ where: { defaultForSignups: true } });
  }

  findById(id: string): Promise<StoredPlan | null> {
    return this.prisma.plan.findUnique({ where: { id } });
  }

  listPublic(): Promise<StoredPlan[]> {
    return this.prisma.plan.findMany({ where: { public: true } });
  }

  list(take: number, cursor?: string): Promise<StoredPlan[]> {
    return this.prisma.plan.findMany({ where: afterCursor(cursor), orderBy: NEWEST_FIRST, take });
  }

  update(id: string, data: PlanChanges, inTransaction?: PlanChangeHook): Promise<StoredPlan> {
    return this.prisma.$transaction(async (tx) => {
      if (data.defaultForSignups) await this.unflagDefault(tx, id);
      const before = await tx.plan.findUniqueOrThrow({ where: { id } });
      const plan = await tx.plan.update({ where: { id }, data });
      if (data.monthlyFeePicoUsd !== undefined) await recordPlanFeeChange(tx, id, plan.updatedAt);
      if (inTransaction) await inTransaction(tx, before, plan);
      return plan;
    });
  }

  private async unflagDefault(tx: Prisma.TransactionClient, exceptId?: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DEFAULT_PLAN_LOCK_KEY}::bigint)`;
    await tx.plan.updateMany({
      where: { defaultForSignups: true, ...(exceptId ? { id: { not: exceptId } } : {}) },
      data: { defaultForSignups: false },
    });
  }

  /** The foreign key refuses the deletion of a plan a tenant is on. */
  async delete(id: string, inTransaction?: PlanChangeHook): Promise<boolean> {
    try {
      await this.prisma.$transaction(async (tx) => {
        const plan = await tx.plan.delete({ where: { id } });
        if (inTransaction) await inTransaction(tx, plan, null);
      });
      return true;
    } catch (err) {
      if ((err as { code?: string }).code === 'P2003') return false;
      throw err;
    }
  }
}
