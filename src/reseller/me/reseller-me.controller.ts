import { Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { TenantView } from '../../tenants/dto/tenant.view';
import { TenantsService } from '../../tenants/tenants.service';
import { CallingTenant } from '../auth/management-key.guard';
import { ResellerApi } from '../reseller-api.decorator';

/** Who the management key belongs to. */
@ResellerApi('me')
export class ResellerMeController {
  constructor(private readonly tenants: TenantsService) {}

  @Get('me')
  @ApiOperation({ summary: 'The calling tenant: kind, status and tenant-wide limit' })
  @ApiOkResponse({ type: TenantView })
  async me(@CallingTenant() tenantId: string): Promise<TenantView> {
    return TenantView.from(await this.tenants.get(tenantId));
  }
}
