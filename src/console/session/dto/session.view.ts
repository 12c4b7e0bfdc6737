import { ApiProperty } from '@nestjs/swagger';
import { PlanView } from '../../../plans/dto/plan.view';
import { TenantView } from '../../../tenants/dto/tenant.view';
import { UserView } from '../../../users/dto/user.view';

/** Who is signed in, in which tenant and plan, and the token unsafe requests must echo. */
export class SessionView {
  @ApiProperty({ type: () => UserView })
  user!: UserView;

  @ApiProperty({ type: () => TenantView, nullable: true, description: "The user's tenant; null for operators." })
  tenant!: TenantView | null;

  @ApiProperty({ type: () => PlanView, nullable: true, description: "The tenant's plan; null: none (or an operator)." })
  plan!: PlanView | null;

  @ApiProperty({ description: 'Send it in X-CSRF-Token on every POST, PUT, PATCH and DELETE this session makes (any API).' })
  csrf_token!: string;
}
