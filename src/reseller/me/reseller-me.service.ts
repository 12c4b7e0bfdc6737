import { Injectable } from '@nestjs/common';
import { BudgetView } from '../../budgets/dto/budget.dto';
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
   * Moves the tenant to a public plan (or to none): it bounds the tenant's keys at once on every
   * process, and its default monthly budget applies as when the operator sets a plan.
   */
  async choosePlan(tenantId: string, planId: string | null): Promise<MeView> {
    if (planId) await this.plans.getPublic(planId);
    await this.tenants.update(tenantId, { planId });
    await this.planBudget.applyTo(tenantId, planId);
    return this.me(tenantId);
  }
}
