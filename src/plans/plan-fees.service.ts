import { Injectable } from '@nestjs/common';
import type { Db } from '../jobs/job-queue';
import { PlanAssignmentsRepository } from './plan-assignments.repository';
import { byTenant, type FeePeriod, planFeeLines, type PlanFeeLine } from './plan-fees';

/** The plan fees of a period, from the plan histories (see plan-fees.ts for the proration). */
@Injectable()
export class PlanFees {
  constructor(private readonly assignments: PlanAssignmentsRepository) {}

  /** The fee lines of every tenant (or of one) with a paid plan in `period`, by tenant; tenants without one are absent. */
  async byTenant(period: FeePeriod, tenantId?: string, db?: Db): Promise<Map<string, PlanFeeLine[]>> {
    const fees = new Map<string, PlanFeeLine[]>();
    for (const [tenant, history] of byTenant(await this.assignments.history(period, tenantId, db))) {
      const lines = planFeeLines(history, period);
      if (lines.length > 0) fees.set(tenant, lines);
    }
    return fees;
  }

  /** One tenant's fee lines in `period`. */
  async of(tenantId: string, period: FeePeriod): Promise<PlanFeeLine[]> {
    return (await this.byTenant(period, tenantId)).get(tenantId) ?? [];
  }
}
