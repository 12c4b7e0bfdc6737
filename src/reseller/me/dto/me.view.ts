import { ApiProperty } from '@nestjs/swagger';
import { BudgetView } from '../../../budgets/dto/budget.view';
import { PlanView } from '../../../plans/dto/plan.view';
import { TenantView } from '../../../tenants/dto/tenant.view';

/** The plan change the owner chose that waits for a month's start (a smaller monthly fee, or a bigger discount for the same fee). */
export class ScheduledPlanChangeView {
  @ApiProperty({ type: () => PlanView, description: 'The plan the tenant moves to.' })
  plan!: PlanView;

  @ApiProperty({
    format: 'date-time',
    description:
      'The start of a UTC month: the month after the first whole month the current plan was held, and at least the next one. The move is made then (normally within a second), and billed from that moment.',
  })
  effective_from!: string;
}

/** The calling tenant, with its plan. */
export class MeView {
  @ApiProperty({ type: () => TenantView })
  tenant!: TenantView;

  @ApiProperty({ type: () => PlanView, nullable: true, description: 'The plan the tenant is on; null: none.' })
  plan!: PlanView | null;

  @ApiProperty({
    type: () => ScheduledPlanChangeView,
    nullable: true,
    description:
      'A move to a plan with a smaller monthly fee (or a bigger discount for the same fee) that waits for a month’s start: the current plan is held, and its fee owed, for at least one whole month. null: none.',
  })
  scheduled_plan_change!: ScheduledPlanChangeView | null;

  @ApiProperty({
    type: () => BudgetView,
    nullable: true,
    description: "The tenant's budget (set by the operator, or the plan's default monthly cap) and its current period; null: none.",
  })
  budget!: BudgetView | null;
}
