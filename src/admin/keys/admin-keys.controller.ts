import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { Actor } from '../../activity/actor';
import { RequestActor } from '../../activity/actor';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { IdsPageQuery } from '../../common/pagination/ids.requests';
import { PageQuery } from '../../common/pagination/page.requests';
import { ParseId } from '../../common/http/parse-id.pipe';
import { AdminApi } from '../admin-api.decorator';
import { AdminKeysService } from './admin-keys.service';
import { ReportPeriodQuery } from '../../audit/dto/report.requests';
import { EffectiveLimitsQuery } from '../../effective-limits/dto/effective-limits.requests';
import { EffectiveLimitsView, KeyUsageView } from '../../effective-limits/dto/effective-limits.view';
import { EffectiveLimitsService } from '../../effective-limits/effective-limits.service';

import { CreateApiKeyRequest, CreateManagementKeyRequest } from './dto/api-key.requests';
import {
  ApiKeyPage,
  ApiKeyView,
  CreatedApiKeyView,
  CreatedManagementKeyView,
  ManagementKeyPage,
  ManagementKeyView,
} from '../../keys/dto/api-key.view';

/** Public API keys of any tenant. */
@AdminApi('keys')
export class AdminKeysController {
  constructor(
    private readonly keys: AdminKeysService,
    private readonly effective: EffectiveLimitsService,
  ) {}

  @Post('tenants/:id/keys')
  @ApiOperation({ summary: 'Issue a key for a tenant (the secret is in this response only)' })
  @ApiCreatedResponse({ type: CreatedApiKeyView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  create(
    @RequestActor() actor: Actor,
    @Param('id', ParseId) tenantId: string,
    @Body() body: CreateApiKeyRequest,
  ): Promise<CreatedApiKeyView> {
    return this.keys.create(actor, tenantId, body);
  }

  @Get('tenants/:id/keys')
  @ApiOperation({ summary: "List a tenant's keys, newest first (or given ids)" })
  @ApiOkResponse({ type: ApiKeyPage })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  list(@Param('id', ParseId) tenantId: string, @Query() query: IdsPageQuery) {
    return this.keys.listForTenant(tenantId, query);
  }

  @Get('keys/:id')
  @ApiOperation({ summary: 'Read a key' })
  @ApiOkResponse({ type: ApiKeyView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  get(@Param('id', ParseId) keyId: string): Promise<ApiKeyView> {
    return this.keys.get(keyId);
  }

  @Get('keys/:id/effective-limits')
  @ApiOperation({
    summary:
      "Every request limit (per endpoint the key may call) and budget that applies to any key's calls, their current state, and which binds",
  })
  @ApiOkResponse({ type: EffectiveLimitsView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  effectiveLimits(@Param('id', ParseId) keyId: string, @Query() query: EffectiveLimitsQuery): Promise<EffectiveLimitsView> {
    return this.effective.forKey(keyId, undefined, query.slug);
  }

  @Get('keys/:id/usage')
  @ApiOperation({ summary: "Any key's calls and billed amounts per UTC day of a period (default: the last 30 days)" })
  @ApiOkResponse({ type: KeyUsageView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  usage(@Param('id', ParseId) keyId: string, @Query() query: ReportPeriodQuery): Promise<KeyUsageView> {
    return this.effective.usage(keyId, undefined, query);
  }

  @Post('keys/:id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a key: every gateway process refuses it at once (401 revoked_api_key)' })
  @ApiOkResponse({ type: ApiKeyView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  revoke(@Param('id', ParseId) keyId: string): Promise<ApiKeyView> {
    return this.keys.revoke(keyId);
  }

  @Post('tenants/:id/management-keys')
  @ApiOperation({ summary: 'Issue a management key for a tenant: it calls the reseller API (the secret is in this response only)' })
  @ApiCreatedResponse({ type: CreatedManagementKeyView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  createManagementKey(@Param('id', ParseId) tenantId: string, @Body() body: CreateManagementKeyRequest): Promise<CreatedManagementKeyView> {
    return this.keys.createManagementKey(tenantId, body.name);
  }

  @Get('tenants/:id/management-keys')
  @ApiOperation({ summary: "List a tenant's management keys, newest first" })
  @ApiOkResponse({ type: ManagementKeyPage })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  listManagementKeys(@Param('id', ParseId) tenantId: string, @Query() query: PageQuery) {
    return this.keys.listManagementKeys(tenantId, query);
  }

  @Post('management-keys/:id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a management key: the next reseller API call with it is refused' })
  @ApiOkResponse({ type: ManagementKeyView })
  @ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }])
  revokeManagementKey(@Param('id', ParseId) id: string): Promise<ManagementKeyView> {
    return this.keys.revokeManagementKey(id);
  }
}
