import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { PageQuery } from '../../common/pagination/page.requests';
import { CreateManagementKeyRequest } from '../../keys/dto/api-key.requests';
import { CreatedManagementKeyView, ManagementKeyPage, ManagementKeyView } from '../../keys/dto/api-key.view';
import { CallingTenant, OwnerOnly, ResellerCaller, ResellerCallerOf } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { ResellerManagementKeysService } from './reseller-management-keys.service';

/**
 * The tenant's own management keys (for its programs), so a tenant that signed up needs no
 * operator to get one. Owners only (and management keys, which act as owners).
 */
@ResellerApi('management keys')
@OwnerOnly()
export class ResellerManagementKeysController {
  constructor(private readonly keys: ResellerManagementKeysService) {}

  @Post('management-keys')
  @ApiOperation({
    summary: 'Issue a management key (the secret is in this response only)',
    description:
      'The key is the issuing owner’s (`created_by_user_id`: the signed-in owner, or the owner whose management key calls): it is revoked when that owner is removed or stops being an owner.',
  })
  @ApiCreatedResponse({ type: CreatedManagementKeyView })
  create(
    @CallingTenant() tenantId: string,
    @ResellerCallerOf() caller: ResellerCaller,
    @Body() body: CreateManagementKeyRequest,
  ): Promise<CreatedManagementKeyView> {
    return this.keys.create(tenantId, body.name, caller.via === 'session' ? caller.userId : caller.issuedByUserId);
  }

  @Get('management-keys')
  @ApiOperation({ summary: 'List your management keys, newest first (never secrets)' })
  @ApiOkResponse({ type: ManagementKeyPage })
  list(@CallingTenant() tenantId: string, @Query() query: PageQuery) {
    return this.keys.list(tenantId, query);
  }

  @Post('management-keys/:id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a management key (idempotent): its next call is refused' })
  @ApiOkResponse({ type: ManagementKeyView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  revoke(@CallingTenant() tenantId: string, @Param('id', ParseId) id: string): Promise<ManagementKeyView> {
    return this.keys.revoke(tenantId, id);
  }
}
