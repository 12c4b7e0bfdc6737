import type { Actor } from '../../activity/actor';
import { RequestActor } from '../../activity/actor';
import { Body, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { BudgetRequest } from '../../budgets/dto/budget.requests';
import { BudgetView } from '../../budgets/dto/budget.view';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { ParseId } from '../../common/http/parse-id.pipe';
import { AdminApi } from '../admin-api.decorator';
import { AdminTenantsService } from './admin-tenants.service';
import { CreateTenantRequest, TenantListQuery, UpdateTenantRequest } from './dto/tenant.requests';
import { TenantPage, TenantView } from '../../tenants/dto/tenant.view';

/** Tenants: the accounts that own keys. */
@AdminApi('tenants')
export class AdminTenantsController {
  constructor(private readonly tenants: AdminTenantsService) {}

  @Post('tenants')
  @ApiOperation({ summary: 'Create a tenant' })
  @ApiCreatedResponse({ type: TenantView })
  create(@RequestActor() actor: Actor, @Body() body: CreateTenantRequest): Promise<TenantView> {
    return this.tenants.create(actor, body);
  }

  @Get('tenants')
  @ApiOperation({ summary: 'List tenants, newest first (or given ids, or those whose name starts with q)' })
  @ApiOkResponse({ type: TenantPage })
  list(@Query() query: TenantListQuery) {
    return this.tenants.list(query);
  }

  @Get('tenants/:id')
  @ApiOperation({ summary: 'Read a tenant' })
  @ApiOkResponse({ type: TenantView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  get(@Param('id', ParseId) id: string): Promise<TenantView> {
    return this.tenants.get(id);
  }

  @Get('tenants/:id/budget')
  @ApiOperation({ summary: "A tenant's budget (its spend cap, counted in what it owes) and its current period" })
  @ApiOkResponse({ type: BudgetView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  budget(@Param('id', ParseId) id: string): Promise<BudgetView> {
    return this.tenants.budget(id);
  }

  @Put('tenants/:id/budget')
  @ApiOperation({ summary: "Set a tenant's budget: every call of its keys and its customers' keys counts against it" })
  @ApiOkResponse({ type: BudgetView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  putBudget(@RequestActor() actor: Actor, @Param('id', ParseId) id: string, @Body() body: BudgetRequest): Promise<BudgetView> {
    return this.tenants.putBudget(actor, id, body);
  }

  @Delete('tenants/:id/budget')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove a tenant's budget" })
  @ApiNoContentResponse()
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  deleteBudget(@RequestActor() actor: Actor, @Param('id', ParseId) id: string): Promise<void> {
    return this.tenants.deleteBudget(actor, id);
  }

  @Patch('tenants/:id')
  @ApiOperation({ summary: 'Rename, suspend or resume a tenant, or change its tenant-wide limit' })
  @ApiOkResponse({ type: TenantView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  update(@RequestActor() actor: Actor, @Param('id', ParseId) id: string, @Body() body: UpdateTenantRequest): Promise<TenantView> {
    return this.tenants.update(actor, id, body);
  }
}
