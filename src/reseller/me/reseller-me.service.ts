import type { Actor } from '../../activity/actor';
import { Injectable } from '@nestjs/common';
import { BudgetView } from '../../budgets/dto/budget.view';
import { BudgetsService } from '../../budgets/budgets.service';
import { PlanView } from '../../plans/dto/plan.view';
import { PlanDefaultBudget } from '../../plans/plan-default-budget';
import { PlansService } from '../../plans/plans.service';
import { TenantView } from '../../tenants/dto/tenant.view';
import { TenantsService } from '../../tenants/tenants.service';
import { MeView } from './dto/me.view';

/** The calling tenant, its plan and budget; the owner's choice of plan. */
@Injectable()
export class ResellerMeService {
  constructor(
    private readonly tenants: TenantsService,
    private readonly plans: PlansService,
    private readonly budgets: BudgetsService,
    private readonly planBudget: PlanDefaultBudget,
  ) {}

  async me(tenantId: string): Promise<MeView> {
    const [tenant, budget] = await Promise.all([this.tenants.get(tenantId), this.budgets.status('tenant', tenantId)]);
    return {
      tenant: TenantView.from(tenant),
      plan: tenant.planId ? PlanView.from(await this.plans.get(tenant.planId)) : null,
      budget: budget && BudgetView.from(budget),
    };
  }

  /**
   * Moves the tenant from a public plan to another public plan: it bounds the tenant's keys at once
   * on every process, and its default monthly budget applies as when the operator sets a plan.
   * Leaving a private plan, or having none, is the operator's (403 plan_change_not_allowed).
   */
  async choosePlan(actor: Actor, tenantId: string, planId: string | null): Promise<MeView> {
    const tenant = await this.tenants.get(tenantId);
    await this.plans.assertOwnerMayMove(tenant.planId, planId);
    await this.tenants.update(tenantId, { planId }, actor);
    await this.planBudget.applyTo(tenantId, planId, actor);
    return this.me(tenantId);
  }
}
