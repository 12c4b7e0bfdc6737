import { Body, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CallingTenant, OwnerOnly } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { ChoosePlanRequest } from './dto/choose-plan.request';
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
      'Choose your plan among the public ones, or none (owners and management keys); its default monthly budget applies if you have none',
  })
  @ApiOkResponse({ type: MeView })
  choosePlan(@CallingTenant() tenantId: string, @Body() body: ChoosePlanRequest): Promise<MeView> {
    return this.me.choosePlan(tenantId, body.plan_id ?? null);
  }
}
