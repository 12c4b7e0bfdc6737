import { Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { BudgetView } from '../../budgets/dto/budget.dto';
import { BudgetsService } from '../../budgets/budgets.service';
import { PlanView } from '../../plans/dto/plan.view';
import { PlansService } from '../../plans/plans.service';
import { TenantView } from '../../tenants/dto/tenant.view';
import { TenantsService } from '../../tenants/tenants.service';
import { CallingTenant } from '../auth/management-key.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { MeView } from './dto/me.view';

/** Who the management key belongs to. */
@ResellerApi('me')
export class ResellerMeController {
  constructor(
    private readonly tenants: TenantsService,
    private readonly plans: PlansService,
    private readonly budgets: BudgetsService,
  ) {}

  @Get('me')
  @ApiOperation({ summary: 'The calling tenant (kind, status, tenant-wide limit), its plan and its budget' })
  @ApiOkResponse({ type: MeView })
  async me(@CallingTenant() tenantId: string): Promise<MeView> {
    const [tenant, budget] = await Promise.all([this.tenants.get(tenantId), this.budgets.status('tenant', tenantId)]);
    return {
      tenant: TenantView.from(tenant),
      plan: tenant.planId ? PlanView.from(await this.plans.get(tenant.planId)) : null,
      budget: budget && BudgetView.from(budget),
    };
  }
}
