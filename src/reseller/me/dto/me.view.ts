import { ApiProperty } from '@nestjs/swagger';
import { BudgetView } from '../../../budgets/dto/budget.view';
import { PlanView } from '../../../plans/dto/plan.view';
import { TenantView } from '../../../tenants/dto/tenant.view';

/** The calling tenant, with its plan. */
export class MeView {
  @ApiProperty({ type: () => TenantView })
  tenant!: TenantView;

  @ApiProperty({ type: () => PlanView, nullable: true, description: 'The plan the tenant is on; null: none.' })
  plan!: PlanView | null;

  @ApiProperty({
    type: () => BudgetView,
    nullable: true,
    description: "The tenant's budget (set by the operator, or the plan's default monthly cap) and its current period; null: none.",
  })
  budget!: BudgetView | null;
}
