import { Body, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ParseId } from '../../common/http/parse-id.pipe';
import { PageQuery } from '../../common/pagination/page.requests';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { ApiKeyPage, ApiKeyView, CreatedApiKeyView, RotatedApiKeyView } from '../../keys/dto/api-key.view';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import {
  CreateResellerKeyRequest,
  ResellerKeyListQuery,
  RotateResellerKeyRequest,
  UpdateResellerKeyRequest,
} from './dto/reseller-key.requests';
import { ResellerKeysService } from './reseller-keys.service';
import { ReportPeriodQuery } from '../../audit/dto/report.requests';
import { EffectiveLimitsQuery } from '../../effective-limits/dto/effective-limits.requests';
import { EffectiveLimitsView, KeyUsageView } from '../../effective-limits/dto/effective-limits.view';
import { EffectiveLimitsService } from '../../effective-limits/effective-limits.service';

const NOT_FOUND = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);

/** Gateway keys: the calling tenant's own, and one or more per customer. */
@ResellerApi('keys')
export class ResellerKeysController {
  constructor(
    private readonly keys: ResellerKeysService,
    private readonly effective: EffectiveLimitsService,
  ) {}

  @Post('customers/:id/keys')
  @ApiOperation({ summary: 'Issue a key for a customer (the secret is in this response only)' })
  @ApiCreatedResponse({ type: CreatedApiKeyView })
  @NOT_FOUND
  createForCustomer(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Body() body: CreateResellerKeyRequest,
  ): Promise<CreatedApiKeyView> {
    return this.keys.create(tenantId, customerId, body);
  }

  @Get('customers/:id/keys')
  @ApiOperation({ summary: "List a customer's keys, newest first (the same page as GET /keys?customer_id=)" })
  @ApiOkResponse({ type: ApiKeyPage })
  @NOT_FOUND
  listOfCustomer(@CallingTenant() tenantId: string, @Param('id', ParseId) customerId: string, @Query() query: PageQuery) {
    return this.keys.listOfCustomer(tenantId, customerId, query);
  }

  @Post('keys')
  @ApiOperation({ summary: 'Issue a key of your own (the secret is in this response only)' })
  @ApiCreatedResponse({ type: CreatedApiKeyView })
  create(@CallingTenant() tenantId: string, @Body() body: CreateResellerKeyRequest): Promise<CreatedApiKeyView> {
    return this.keys.create(tenantId, null, body);
  }

  @Get('keys')
  @ApiOperation({ summary: "List keys, newest first: yours and your customers', one customer's, your own only, or given ids" })
  @ApiOkResponse({ type: ApiKeyPage })
  list(@CallingTenant() tenantId: string, @Query() query: ResellerKeyListQuery) {
    return this.keys.list(tenantId, query);
  }

  @Get('keys/:id')
  @ApiOperation({ summary: 'Read a key (never its secret)' })
  @ApiOkResponse({ type: ApiKeyView })
  @NOT_FOUND
  get(@CallingTenant() tenantId: string, @Param('id', ParseId) keyId: string): Promise<ApiKeyView> {
    return this.keys.get(tenantId, keyId);
  }

  @Get('keys/:id/effective-limits')
  @ApiOperation({
    summary:
      "Every request limit (per endpoint the key may call) and budget that applies to a key's calls, their current state, and which binds",
  })
  @ApiOkResponse({ type: EffectiveLimitsView })
  @NOT_FOUND
  effectiveLimits(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) keyId: string,
    @Query() query: EffectiveLimitsQuery,
  ): Promise<EffectiveLimitsView> {
    return this.effective.forKey(keyId, tenantId, query.slug);
  }

  @Get('keys/:id/usage')
  @ApiOperation({ summary: "A key's calls and billed amounts per UTC day of a period (default: the last 30 days)" })
  @ApiOkResponse({ type: KeyUsageView })
  @NOT_FOUND
  usage(@CallingTenant() tenantId: string, @Param('id', ParseId) keyId: string, @Query() query: ReportPeriodQuery): Promise<KeyUsageView> {
    return this.effective.usage(keyId, tenantId, query);
  }

  @Post('keys/:id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a key: every gateway process refuses it at once (401 revoked_api_key)' })
  @ApiOkResponse({ type: ApiKeyView })
  @NOT_FOUND
  revoke(@CallingTenant() tenantId: string, @Param('id', ParseId) keyId: string): Promise<ApiKeyView> {
    return this.keys.revoke(tenantId, keyId);
  }

  @Patch('keys/:id')
  @ApiOperation({
    summary: 'Rename a key or change its expiry (applies on every process at once; limits: PUT /keys/{id}/limits)',
    description:
      'A key replaced by rotation (in its grace period) may only have its expiry brought forward: removed or moved later, 409 key_already_rotated.',
  })
  @ApiOkResponse({ type: ApiKeyView })
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['key_already_rotated'] },
  ])
  update(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) keyId: string,
    @Body() body: UpdateResellerKeyRequest,
  ): Promise<ApiKeyView> {
    return this.keys.update(tenantId, keyId, body);
  }

  @Post('keys/:id/expire')
  @HttpCode(200)
  @ApiOperation({ summary: 'Expire a key now (401 expired_api_key from the next call on)' })
  @ApiOkResponse({ type: ApiKeyView })
  @NOT_FOUND
  expire(@CallingTenant() tenantId: string, @Param('id', ParseId) keyId: string): Promise<ApiKeyView> {
    return this.keys.expire(tenantId, keyId);
  }

  @Post('keys/:id/rotate')
  @ApiOperation({ summary: 'Rotate a key: a new secret now, the old one valid for a grace period (default 24 h, at most 7 days)' })
  @ApiCreatedResponse({ type: RotatedApiKeyView })
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['conflict', 'key_already_rotated'] },
  ])
  rotate(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) keyId: string,
    @Body() body: RotateResellerKeyRequest,
  ): Promise<RotatedApiKeyView> {
    return this.keys.rotate(tenantId, keyId, body);
  }
}
