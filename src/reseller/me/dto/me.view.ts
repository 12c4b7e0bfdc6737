import { ApiProperty } from '@nestjs/swagger';
import { BudgetView } from '../../../budgets/dto/budget.view';
import { PlanView } from '../../../plans/dto/plan.view';
import { TenantView } from '../../../tenants/dto/tenant.view';

/** The plan change the owner chose that waits for a month's start (a plan with a smaller monthly fee). */
export class ScheduledPlanChangeView {
  @ApiProperty({ type: () => PlanView, description: 'The plan the tenant moves to.' })
  plan!: PlanView;

  @ApiProperty({
    format: 'date-time',
    description: 'The start of the next UTC month: the move is made then (within a minute, normally), and billed from that moment.',
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
      'A move to a plan with a smaller monthly fee, chosen this month: the current plan is held (and its fee owed) to the end of the month. null: none.',
  })
  scheduled_plan_change!: ScheduledPlanChangeView | null;

  @ApiProperty({
    type: () => BudgetView,
    nullable: true,
    description: "The tenant's budget (set by the operator, or the plan's default monthly cap) and its current period; null: none.",
  })
  budget!: BudgetView | null;
}
