import { Injectable } from '@nestjs/common';
import type { Actor } from '../activity/actor';
import { BudgetsService } from '../budgets/budgets.service';
import { KeysService } from '../keys/keys.service';
import { MAX_BUDGET_PICO_USD } from '../rate-limit/redis-rate-limit.store';
import { PlansService } from './plans.service';

/**
 * A plan's default monthly spend cap becomes the budget of a tenant that joins the plan and has
 * none yet; a budget the operator set stays (and so does one from an earlier plan). Every way into
 * a plan applies it: the operator's tenant creation and change, sign-up, the owner's plan change.
 * The budget it sets is a change of the tenant's budget like any other: recorded in the activity
 * log (budget.create) as the change of whoever moved the tenant onto the plan (the operator, or
 * the owner signing up or choosing it), in the budget's own transaction.
 */
@Injectable()
export class PlanDefaultBudget {
  constructor(
    private readonly plans: PlansService,
    private readonly budgets: BudgetsService,
    private readonly keys: KeysService,
  ) {}

  async applyTo(tenantId: string, planId: string | null, actor: Actor): Promise<void> {
    if (!planId) return;
    const plan = await this.plans.get(planId);
    // A cap of 0 would refuse every call: read as none. One above the largest budget takes that.
    if (plan.defaultMonthlySpendCapPicoUsd === null || plan.defaultMonthlySpendCapPicoUsd <= 0n) return;
    if (await this.budgets.status('tenant', tenantId)) return;
    const cap = plan.defaultMonthlySpendCapPicoUsd < MAX_BUDGET_PICO_USD ? plan.defaultMonthlySpendCapPicoUsd : MAX_BUDGET_PICO_USD;
    await this.budgets.put(tenantId, 'tenant', tenantId, 'monthly', cap, actor);
    await this.keys.invalidateTenant(tenantId);
  }
}
