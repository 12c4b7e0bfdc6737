import type { Actor } from '../../activity/actor';
import { RequestActor } from '../../activity/actor';
import { Body, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { BudgetRequest } from '../../budgets/dto/budget.requests';
import { BudgetView } from '../../budgets/dto/budget.view';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { ResellerBudgetsService } from './reseller-budgets.service';

const NOT_FOUND = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);

/**
 * Spend caps on a key or a customer (all its keys together), counted in what the customer pays.
 * A call over one is refused with 402 budget_exceeded before it is forwarded.
 */
@ResellerApi('budgets')
export class ResellerBudgetsController {
  constructor(private readonly budgets: ResellerBudgetsService) {}

  @Get('keys/:id/budget')
  @ApiOperation({ summary: "A key's budget and its current period (404 when it has none)" })
  @ApiOkResponse({ type: BudgetView })
  @NOT_FOUND
  ofKey(@CallingTenant() tenantId: string, @Param('id', ParseId) keyId: string): Promise<BudgetView> {
    return this.budgets.ofKey(tenantId, keyId);
  }

  @Put('keys/:id/budget')
  @ApiOperation({
    summary: "Set a key's budget (a rotation moves it to the new key)",
    description: 'A key replaced by rotation spends from its replacement’s budget and takes none of its own: 409 key_already_rotated.',
  })
  @ApiOkResponse({ type: BudgetView })
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['conflict', 'key_already_rotated'] },
  ])
  putOnKey(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) keyId: string,
    @Body() body: BudgetRequest,
  ): Promise<BudgetView> {
    return this.budgets.putOnKey(actor, tenantId, keyId, body);
  }

  @Delete('keys/:id/budget')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove a key's budget (not a key replaced by rotation's: 409 key_already_rotated)" })
  @ApiNoContentResponse()
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['conflict', 'key_already_rotated'] },
  ])
  deleteOfKey(@RequestActor() actor: Actor, @CallingTenant() tenantId: string, @Param('id', ParseId) keyId: string): Promise<void> {
    return this.budgets.deleteOfKey(actor, tenantId, keyId);
  }

  @Get('customers/:id/budget')
  @ApiOperation({ summary: "A customer's budget (all its keys together) and its current period" })
  @ApiOkResponse({ type: BudgetView })
  @NOT_FOUND
  ofCustomer(@CallingTenant() tenantId: string, @Param('id', ParseId) customerId: string): Promise<BudgetView> {
    return this.budgets.ofCustomer(tenantId, customerId);
  }

  @Put('customers/:id/budget')
  @ApiOperation({ summary: "Set a customer's budget (all its keys together)" })
  @ApiOkResponse({ type: BudgetView })
  @NOT_FOUND
  putOnCustomer(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Body() body: BudgetRequest,
  ): Promise<BudgetView> {
    return this.budgets.putOnCustomer(actor, tenantId, customerId, body);
  }

  @Delete('customers/:id/budget')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove a customer's budget" })
  @ApiNoContentResponse()
  @NOT_FOUND
  deleteOfCustomer(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
  ): Promise<void> {
    return this.budgets.deleteOfCustomer(actor, tenantId, customerId);
  }
}
