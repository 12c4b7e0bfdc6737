import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import type { Db } from '../jobs/job-queue';
import { PlanAssignmentsRepository } from './plan-assignments.repository';
import type { FeePeriod, PlanAssignment } from './plan-fees';

type AssignmentRow = {
  tenant_id: string;
  plan_id: string | null;
  plan_name: string | null;
  monthly_fee_pico_usd: bigint;
  effective_from: Date;
};

/** PlanAssignmentsRepository on Postgres. */
@Injectable()
export class PrismaPlanAssignmentsRepository extends PlanAssignmentsRepository {
  constructor(private readonly prisma: PrismaService) {
    super();
  }

  async history(period: FeePeriod, tenantId?: string, db: Db = this.prisma): Promise<PlanAssignment[]> {
    const tenant = tenantId === undefined ? Prisma.empty : Prisma.sql`AND tenant_id = ${tenantId}::uuid`;
    const rows = await db.$queryRaw<Array<AssignmentRow & { id: bigint }>>`
      (SELECT DISTINCT ON (tenant_id) id, tenant_id::text, plan_id::text, plan_name, monthly_fee_pico_usd, effective_from
        FROM plan_assignments WHERE effective_from < ${period.from} ${tenant}
        ORDER BY tenant_id, effective_from DESC, id DESC)
      UNION ALL
      (SELECT id, tenant_id::text, plan_id::text, plan_name, monthly_fee_pico_usd, effective_from
        FROM plan_assignments WHERE effective_from >= ${period.from} AND effective_from < ${period.to} ${tenant})
      ORDER BY tenant_id, effective_from, id`;
    return rows.map((r) => ({
      tenantId: r.tenant_id,
      planId: r.plan_id,
      planName: r.plan_name,
      monthlyFeePicoUsd: BigInt(r.monthly_fee_pico_usd),
      effectiveFrom: r.effective_from,
    }));
  }
}
