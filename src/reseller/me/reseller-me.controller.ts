import type { Actor } from '../../activity/actor';
import { RequestActor } from '../../activity/actor';
import { Body, Delete, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { CallingTenant, OwnerOnly } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { ChoosePlanRequest } from './dto/choose-plan.requests';
import { MeView } from './dto/me.view';
import { ResellerMeService } from './reseller-me.service';

/** Who the management key (or the signed-in user) belongs to, and its plan. */
@ResellerApi('me')
export class ResellerMeController {
  constructor(private readonly me: ResellerMeService) {}

  @Get('me')
  @ApiOperation({ summary: 'The calling tenant (kind, status, tenant-wide limit), its plan and its budget' })
  @ApiOkResponse({ type: MeView })
  get(@CallingTenant() tenantId: string): Promise<MeView> {
    return this.me.me(tenantId);
  }

  @Put('me/plan')
  @OwnerOnly()
  @ApiOperation({
    summary:
      'Move from your public plan to another public one (owners and management keys); its default monthly budget applies if you have none',
    description:
      'A move that costs you more (a bigger monthly fee, or the same fee without a bigger discount) applies at once. Any other (a smaller fee, or the same fee with a bigger discount) is scheduled (`scheduled_plan_change`) for the start of the month after the first whole UTC month you held your plan, and never before the next month: the plan you are on is held, and its fee owed, until then. Choosing again replaces a scheduled move; choosing the plan you are on cancels it. Leaving a private plan (one the operator set), moving onto none, or choosing a plan while you have none is the operator’s decision: 403 plan_change_not_allowed. A plan_id that names no public plan is 400; a plan changed meanwhile (by the operator) is 409 conflict.',
  })
  @ApiOkResponse({ type: MeView })
  @ApiErrorResponses([
    { status: 403, codes: ['tenant_suspended', 'csrf_check_failed', 'insufficient_role', 'plan_change_not_allowed'] },
    { status: 409, codes: ['conflict'] },
  ])
  choosePlan(@RequestActor() actor: Actor, @CallingTenant() tenantId: string, @Body() body: ChoosePlanRequest): Promise<MeView> {
    return this.me.choosePlan(actor, tenantId, body.plan_id ?? null);
  }

  @Delete('me/scheduled-plan-change')
  @OwnerOnly()
  @ApiOperation({
    summary: 'Cancel the move to another plan scheduled for the next month: you stay on your plan (owners and management keys)',
  })
  @ApiOkResponse({ type: MeView })
  @ApiErrorResponses([{ status: 403, codes: ['tenant_suspended', 'csrf_check_failed', 'insufficient_role'] }])
  cancelScheduledPlanChange(@RequestActor() actor: Actor, @CallingTenant() tenantId: string): Promise<MeView> {
    return this.me.cancelScheduledPlanChange(actor, tenantId);
  }
}
