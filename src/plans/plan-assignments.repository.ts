import type { Db } from '../jobs/job-queue';
import type { FeePeriod, PlanAssignment } from './plan-fees';

/**
 * Records, in the caller's transaction, that the tenant holds its plan (as the tenants row says now,
 * with the plan's name and fee) from `at`: a row of its plan history, unless the latest row already
 * says the same plan at the same fee. Every change of a tenant's plan goes through here.
 */
export async function recordPlanAssignment(db: Db, tenantId: string, at: Date, holdPlan = true): Promise<void> {
  // The plan held until this transaction ends, so its fee is the one in force: a change of the fee
  // running now either committed before this reads it, or waits for this to commit and then
  // records its new fee for this tenant too (recordPlanFeeChange). Unlocked, a tenant moved onto a
  // plan while its fee changed was recorded at the old fee, and billed it until the next change.
  if (holdPlan)
    await db.$executeRaw`
      SELECT 1 FROM plans WHERE id = (SELECT plan_id FROM tenants WHERE id = ${tenantId}::uuid) FOR SHARE`;
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
  // The plan's own change holds its row already; a tenant that moved off it meanwhile must not make
  // this wait for the other plan (two fee changes would each wait for the other's).
  for (const tenant of tenants) await recordPlanAssignment(db, tenant.id, at, false);
}

/**
 * The plan histories fees are computed from (plan_assignments). Rows are written by the tenants and
 * plans repositories with every change of a tenant's plan and of its plan's fee, in the
 * transaction of that change: a row says the tenant holds its plan (with the plan's name and fee)
 * from then on, unless the latest row already says the same plan at the same fee; no history and no
 * plan writes nothing. The interface PlanFees depends on (and the DI token):
 * PrismaPlanAssignmentsRepository in the app, an in-memory fake in domain tests (test/fakes/), both
 * held to the same contract test.
 */
export abstract class PlanAssignmentsRepository {
  /**
   * The history over `period` of every tenant (or of one): each tenant's last row before the period
   * and its rows within it, in order (tenant, effective time, then the order written). `db`: a
   * transaction to read in.
   */
  abstract history(period: FeePeriod, tenantId?: string, db?: Db): Promise<PlanAssignment[]>;
}
