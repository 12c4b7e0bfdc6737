import type { Actor } from '../../activity/actor';
import { RequestActor } from '../../activity/actor';
import { Body, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { PageQuery } from '../../common/pagination/page.requests';
import { PlanPage, PlanView } from '../../plans/dto/plan.view';
import { AdminApi } from '../admin-api.decorator';
import { AdminPlansService } from './admin-plans.service';
import { CreatePlanRequest, UpdatePlanRequest } from './dto/plan.requests';

const NOT_FOUND = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);

/** Plans tenants subscribe to. */
@AdminApi('plans')
export class AdminPlansController {
  constructor(private readonly plans: AdminPlansService) {}

  @Post('plans')
  @ApiOperation({ summary: 'Create a plan' })
  @ApiCreatedResponse({ type: PlanView })
  @ApiErrorResponses([{ status: 409, codes: ['conflict'] }])
  create(@RequestActor() actor: Actor, @Body() body: CreatePlanRequest): Promise<PlanView> {
    return this.plans.create(actor, body);
  }

  @Get('plans')
  @ApiOperation({ summary: 'List plans, newest first' })
  @ApiOkResponse({ type: PlanPage })
  list(@Query() query: PageQuery) {
    return this.plans.list(query);
  }

  @Get('plans/:id')
  @ApiOperation({ summary: 'Read a plan' })
  @ApiOkResponse({ type: PlanView })
  @NOT_FOUND
  get(@Param('id', ParseId) id: string): Promise<PlanView> {
    return this.plans.get(id);
  }

  @Patch('plans/:id')
  @ApiOperation({ summary: "Change a plan; its bounds apply to its tenants' keys on every process at once" })
  @ApiOkResponse({ type: PlanView })
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['conflict'] },
  ])
  update(@RequestActor() actor: Actor, @Param('id', ParseId) id: string, @Body() body: UpdatePlanRequest): Promise<PlanView> {
    return this.plans.update(actor, id, body);
  }

  @Delete('plans/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a plan no tenant is on (409 otherwise)' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['conflict'] },
  ])
  delete(@RequestActor() actor: Actor, @Param('id', ParseId) id: string): Promise<void> {
    return this.plans.delete(actor, id);
  }
}
