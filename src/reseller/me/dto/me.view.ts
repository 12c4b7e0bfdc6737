import { ApiProperty } from '@nestjs/swagger';
import { PlanView } from '../../../plans/dto/plan.view';
import { TenantView } from '../../../tenants/dto/tenant.view';

/** The calling tenant, with its plan. */
export class MeView {
  @ApiProperty({ type: () => TenantView })
  tenant!: TenantView;

  @ApiProperty({ type: () => PlanView, nullable: true, description: 'The plan the tenant is on; null: none.' })
  plan!: PlanView | null;
}
