import { Body, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { CreateCustomerRequest, CustomerListQuery, UpdateCustomerRequest } from './dto/customer.requests';
import { CustomerPage, CustomerView } from '../../customers/dto/customer.view';
import { ResellerCustomersService } from './reseller-customers.service';

const NOT_FOUND = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);

/** The calling tenant's customers. */
@ResellerApi('customers')
export class ResellerCustomersController {
  constructor(private readonly customers: ResellerCustomersService) {}

  @Post('customers')
  @ApiOperation({ summary: 'Create a customer' })
  @ApiCreatedResponse({ type: CustomerView })
  @ApiErrorResponses([{ status: 409, codes: ['conflict'] }])
  create(@CallingTenant() tenantId: string, @Body() body: CreateCustomerRequest): Promise<CustomerView> {
    return this.customers.create(tenantId, body);
  }

  @Get('customers')
  @ApiOperation({ summary: 'List customers, newest first (filter by external_id, status, or given ids)' })
  @ApiOkResponse({ type: CustomerPage })
  list(@CallingTenant() tenantId: string, @Query() query: CustomerListQuery) {
    return this.customers.list(tenantId, query);
  }

  @Get('customers/:id')
  @ApiOperation({ summary: 'Read a customer' })
  @ApiOkResponse({ type: CustomerView })
  @NOT_FOUND
  get(@CallingTenant() tenantId: string, @Param('id', ParseId) id: string): Promise<CustomerView> {
    return this.customers.get(tenantId, id);
  }

  @Patch('customers/:id')
  @ApiOperation({ summary: 'Rename a customer, change its external_id or metadata' })
  @ApiOkResponse({ type: CustomerView })
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['conflict'] },
  ])
  update(@CallingTenant() tenantId: string, @Param('id', ParseId) id: string, @Body() body: UpdateCustomerRequest): Promise<CustomerView> {
    return this.customers.update(tenantId, id, body);
  }

  @Post('customers/:id/suspend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Suspend a customer: every one of its keys is refused at once (403 customer_suspended), on every process' })
  @ApiOkResponse({ type: CustomerView })
  @NOT_FOUND
  suspend(@CallingTenant() tenantId: string, @Param('id', ParseId) id: string): Promise<CustomerView> {
    return this.customers.suspend(tenantId, id);
  }

  @Post('customers/:id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume a suspended customer' })
  @ApiOkResponse({ type: CustomerView })
  @NOT_FOUND
  resume(@CallingTenant() tenantId: string, @Param('id', ParseId) id: string): Promise<CustomerView> {
    return this.customers.resume(tenantId, id);
  }

  @Delete('customers/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a customer (soft: its audit records stay; its keys are revoked; its external_id is free again)' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @NOT_FOUND
  delete(@CallingTenant() tenantId: string, @Param('id', ParseId) id: string): Promise<void> {
    return this.customers.delete(tenantId, id);
  }
}
