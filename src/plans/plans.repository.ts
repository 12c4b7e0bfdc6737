import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import type { Plan } from '../generated/prisma/client';
import { recordPlanFeeChange } from './plan-assignments.repository';

/** What defines a plan (the Prisma model's fields but identity and timestamps). */
export type PlanDefinition = Omit<Plan, 'id' | 'createdAt' | 'updatedAt'>;
export type PlanChanges = Partial<PlanDefinition>;

@Injectable()
export class PlansRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: PlanDefinition) {
    return this.prisma.plan.create({ data });
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

  /** Changes a plan; a new fee is recorded in the plan history of every tenant on it, from now, in the same transaction. */
  update(id: string, data: PlanChanges) {
    if (data.monthlyFeePicoUsd === undefined) return this.prisma.plan.update({ where: { id }, data });
    return this.prisma.$transaction(async (tx) => {
      const plan = await tx.plan.update({ where: { id }, data });
      await recordPlanFeeChange(tx, id, plan.updatedAt);
      return plan;
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
