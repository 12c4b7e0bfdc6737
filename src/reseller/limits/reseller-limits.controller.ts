import { Body, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { LimitsBody } from './dto/limits.dto';
import { ResellerLimitsService } from './reseller-limits.service';

const NOT_FOUND = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);

/**
 * Request limits (overall and per slug) and allowed endpoints on a key or a customer. Each limit is
 * its own bucket, checked with every other limit of a call in one atomic step.
 */
@ResellerApi('limits')
export class ResellerLimitsController {
  constructor(private readonly limits: ResellerLimitsService) {}

  @Get('keys/:id/limits')
  @ApiOperation({ summary: "A key's limits and allowed endpoints" })
  @ApiOkResponse({ type: LimitsBody })
  @NOT_FOUND
  ofKey(@CallingTenant() tenantId: string, @Param('id', ParseId) keyId: string): Promise<LimitsBody> {
    return this.limits.ofKey(tenantId, keyId);
  }

  @Put('keys/:id/limits')
  @ApiOperation({ summary: "Replace a key's limits and allowed endpoints (the operator's limit of a slug stays the ceiling)" })
  @ApiOkResponse({ type: LimitsBody })
  @NOT_FOUND
  replaceOfKey(@CallingTenant() tenantId: string, @Param('id', ParseId) keyId: string, @Body() body: LimitsBody): Promise<LimitsBody> {
    return this.limits.replaceOfKey(tenantId, keyId, body);
  }

  @Get('customers/:id/limits')
  @ApiOperation({ summary: "A customer's limits (across all its keys) and allowed endpoints" })
  @ApiOkResponse({ type: LimitsBody })
  @NOT_FOUND
  ofCustomer(@CallingTenant() tenantId: string, @Param('id', ParseId) customerId: string): Promise<LimitsBody> {
    return this.limits.ofCustomer(tenantId, customerId);
  }

  @Put('customers/:id/limits')
  @ApiOperation({ summary: "Replace a customer's limits (across all its keys) and allowed endpoints" })
  @ApiOkResponse({ type: LimitsBody })
  @NOT_FOUND
  replaceOfCustomer(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Body() body: LimitsBody,
  ): Promise<LimitsBody> {
    return this.limits.replaceOfCustomer(tenantId, customerId, body);
  }
}
