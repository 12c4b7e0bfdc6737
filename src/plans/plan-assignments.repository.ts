import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import type { Db } from '../jobs/job-queue';
import type { FeePeriod, PlanAssignment } from './plan-fees';

/**
 * Records, in the caller's transaction, that the tenant holds its plan (as the tenants row says now,
 * with the plan's name and fee) from `at`: a row of its plan history, unless the latest row already
 * says the same plan at the same fee. Every change of a tenant's plan goes through here.
 */
export async function recordPlanAssignment(db: Db, tenantId: string, at: Date): Promise<void> {
  await db.$executeRaw`
    INSERT INTO plan_assignments (tenant_id, plan_id, plan_name, monthly_fee_pico_usd, effective_from)
    SELECT t.id, p.id, p.name, coalesce(p.monthly_fee_pico_usd, 0), ${at}
    FROM tenants t
    LEFT JOIN plans p ON p.id = t.plan_id
    LEFT JOIN LATERAL (
      SELECT a.plan_id, a.monthly_fee_pico_usd FROM plan_assignments a
      WHERE a.tenant_id = t.id ORDER BY a.effective_from DESC, a.id DESC LIMIT 1
    ) AS latest ON true
    WHERE t.id = ${tenantId}::uuid
      AND (latest.plan_id IS DISTINCT FROM p.id OR latest.monthly_fee_pico_usd IS DISTINCT FROM coalesce(p.monthly_fee_pico_usd, 0))
      -- No history and no plan: nothing to say (no row means no plan).
      AND (p.id IS NOT NULL OR latest.monthly_fee_pico_usd IS NOT NULL)`;
}

/** Records, in the caller's transaction, the new fee of a plan for every tenant on it, from `at`. */
export async function recordPlanFeeChange(db: Db, planId: string, at: Date): Promise<void> {
  const tenants = await db.tenant.findMany({ where: { planId }, select: { id: true } });
  for (const tenant of tenants) await recordPlanAssignment(db, tenant.id, at);
}

type AssignmentRow = {
  tenant_id: string;
  plan_id: string | null;
  plan_name: string | null;
  monthly_fee_pico_usd: bigint;
  effective_from: Date;
};

/** The plan histories fees are computed from. */
@Injectable()
export class PlanAssignmentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The history over `period` of every tenant (or of one): each tenant's last row before the period
   * and its rows within it, in order (tenant, effective time, then the order written).
   */
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
