import type { Actor } from '../../activity/actor';
import { Injectable } from '@nestjs/common';
import { BudgetView } from '../../budgets/dto/budget.view';
import { BudgetsService } from '../../budgets/budgets.service';
import { GatewayError } from '../../common/errors/error-catalog';
import { Clock } from '../../common/time/clock';
import { PlanView } from '../../plans/dto/plan.view';
import { ownerMoveIsImmediate, PlanChangeSchedule, scheduledMoveFrom } from '../../plans/plan-change-schedule';
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
    private readonly schedule: PlanChangeSchedule,
    private readonly clock: Clock,
  ) {}

  async me(tenantId: string): Promise<MeView> {
    const [tenant, budget, scheduled] = await Promise.all([
      this.tenants.get(tenantId),
      this.budgets.status('tenant', tenantId),
      this.schedule.of(tenantId),
    ]);
    const [plan, scheduledPlan] = await Promise.all([
      tenant.planId ? this.plans.get(tenant.planId) : null,
      scheduled ? this.plans.get(scheduled.planId) : null,
    ]);
    return {
      tenant: TenantView.from(tenant),
      plan: plan && PlanView.from(plan),
      scheduled_plan_change:
        scheduled && scheduledPlan ? { plan: PlanView.from(scheduledPlan), effective_from: scheduled.effectiveFrom.toISOString() } : null,
      budget: budget && BudgetView.from(budget),
    };
  }

  /**
   * Moves the tenant from a public plan to another public plan. A move that costs the tenant more
   * (ownerMoveIsImmediate) is made at once: the plan bounds the tenant's keys on every process, and
   * its default monthly budget applies as when the operator sets a plan. Any other is scheduled for a
   * month's start once the current plan was held a whole month (scheduledMoveFrom), replacing an
   * earlier scheduled move; choosing the plan the tenant is on cancels a scheduled move. Leaving a
   * private plan, or having none, is the operator's (403 plan_change_not_allowed).
   */
  async choosePlan(actor: Actor, tenantId: string, planId: string | null): Promise<MeView> {
    const tenant = await this.tenants.get(tenantId);
    const { current, target } = await this.plans.ownerMove(tenant.planId, planId);
    if (target.id === current.id) {
      await this.schedule.cancel(actor, tenantId);
      return this.me(tenantId);
    }
    if (ownerMoveIsImmediate(current, target)) {
      await this.tenants.update(tenantId, { planId: target.id }, actor, current.id);
      await this.planBudget.applyTo(tenantId, target.id, actor);
    } else {
      // Without history (a tenant older than it), its plan counts from its creation, as for its fees.
      const heldSince = (await this.schedule.heldSince(tenantId, current.id)) ?? tenant.createdAt;
      await this.schedule.schedule(actor, tenantId, current.id, target.id, scheduledMoveFrom(heldSince, this.clock.now()));
    }
    return this.me(tenantId);
  }

  /** Cancels the owner's scheduled move: the tenant stays on its plan. 404 when none is scheduled. */
  async cancelScheduledPlanChange(actor: Actor, tenantId: string): Promise<MeView> {
    if (!(await this.schedule.cancel(actor, tenantId))) throw new GatewayError('resource_not_found', 'No plan change is scheduled.');
    return this.me(tenantId);
  }
}
