import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { toPage } from '../../common/pagination/cursor';
import { IdsPageQuery } from '../../common/pagination/ids.requests';
import { DEFAULT_PAGE_SIZE } from '../../common/pagination/page.requests';
import { CustomerPage, CustomerView } from '../../customers/dto/customer.view';
import { CustomersService } from '../../customers/customers.service';
import { TenantsService } from '../../tenants/tenants.service';
import { AdminApi } from '../admin-api.decorator';

/** The customers of any tenant, read-only: the operator sees, the tenant manages. */
@AdminApi('customers')
export class AdminCustomersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly tenants: TenantsService,
  ) {}

  @Get('tenants/:id/customers')
  @ApiOperation({ summary: "List a tenant's customers, newest first (or given ids)" })
  @ApiOkResponse({ type: CustomerPage })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  async list(@Param('id', ParseId) tenantId: string, @Query() { limit = DEFAULT_PAGE_SIZE, cursor, ids }: IdsPageQuery) {
    await this.tenants.get(tenantId);
    return toPage(await this.customers.list(tenantId, limit + 1, cursor, { ids }), limit, CustomerView.from);
  }

  @Get('tenants/:id/customers/:customerId')
  @ApiOperation({ summary: "Read one of a tenant's customers" })
  @ApiOkResponse({ type: CustomerView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  async get(@Param('id', ParseId) tenantId: string, @Param('customerId', ParseId) customerId: string): Promise<CustomerView> {
    return CustomerView.from(await this.customers.get(tenantId, customerId));
  }
}
