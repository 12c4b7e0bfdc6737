import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import type { Plan, Prisma } from '../generated/prisma/client';
import { recordPlanFeeChange } from './plan-assignments.repository';

/** What defines a plan (the Prisma model's fields but identity and timestamps). */
export type PlanDefinition = Omit<Plan, 'id' | 'createdAt' | 'updatedAt'>;
export type PlanChanges = Partial<PlanDefinition>;

/**
 * The transaction-scoped advisory lock taken by every write that flags a plan as the sign-ups'
 * default: two such writes at once then move the flag one after the other (the partial unique index
 * would refuse the second instead). Any constant works; this one spells "signup".
 */
const DEFAULT_PLAN_LOCK_KEY = 0x7369676e7570;

@Injectable()
export class PlansRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Creates a plan; flagged as the sign-ups' default, it takes the flag from the plan that had it. */
  create(data: PlanDefinition) {
    if (!data.defaultForSignups) return this.prisma.plan.create({ data });
    return this.prisma.$transaction(async (tx) => {
      await this.unflagDefault(tx);
      return tx.plan.create({ data });
    });
  }

  /** The plan self-service sign-ups start on when they name none, or null. */
  findDefaultForSignups() {
    return this.prisma.plan.findFirst({ where: { defaultForSignups: true } });
  }

  findById(id: string) {
    return this.prisma.plan.findUnique({ where: { id } });
  }

  listPublic() {
    return this.prisma.plan.findMany({ where: { public: true } });
  }

  /** Newest first: `take` plans after the page `cursor` ended. */
  list(take: number, cursor?: string) {
    return this.prisma.plan.findMany({ where: afterCursor(cursor), orderBy: NEWEST_FIRST, take });
  }

  /**
   * Changes a plan, in one transaction: a new fee is recorded in the plan history of every tenant on
   * it, from now; flagged as the sign-ups' default, it takes the flag from the plan that had it.
   */
  update(id: string, data: PlanChanges) {
    if (data.monthlyFeePicoUsd === undefined && !data.defaultForSignups) return this.prisma.plan.update({ where: { id }, data });
    return this.prisma.$transaction(async (tx) => {
      if (data.defaultForSignups) await this.unflagDefault(tx, id);
      const plan = await tx.plan.update({ where: { id }, data });
      if (data.monthlyFeePicoUsd !== undefined) await recordPlanFeeChange(tx, id, plan.updatedAt);
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

  /** Deletes a plan no tenant is on; false when one is (the foreign key refuses). */
  async delete(id: string): Promise<boolean> {
    try {
      await this.prisma.plan.delete({ where: { id } });
      return true;
    } catch (err) {
      if ((err as { code?: string }).code === 'P2003') return false;
      throw err;
    }
  }
}

export type StoredPlan = Plan;
