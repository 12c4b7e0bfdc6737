import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { JsonBodyGuard } from '../common/http/json-body.guard';
import { ApiErrorResponses, ApiResponseHeaders, MANAGEMENT_KEY_SCHEME } from '../common/openapi/openapi.decorators';
import { ManagementKeyGuard } from './auth/management-key.guard';

export const RESELLER_API_PREFIX = 'api/reseller/v1';

/**
 * A controller of the reseller REST API: under /api/reseller/v1, `Authorization: Bearer <management
 * key>`, limited per client IP. Every route works within the calling tenant (@CallingTenant()):
 * another tenant's ids are 404, never 403. Guards run in order: the limit, the key, then the body.
 */
export function ResellerApi(tag: string): ClassDecorator {
  return applyDecorators(
    Controller(RESELLER_API_PREFIX),
    UseGuards(ThrottlerGuard, ManagementKeyGuard, JsonBodyGuard),
    ApiTags(`reseller: ${tag}`),
    ApiBearerAuth(MANAGEMENT_KEY_SCHEME),
    ApiResponseHeaders('X-Service-Request-Id'),
    ApiErrorResponses([
      { status: 400, codes: ['invalid_json', 'invalid_request'] },
      { status: 401, codes: ['invalid_management_key'] },
      { status: 403, codes: ['tenant_suspended'] },
      { status: 429, codes: ['rate_limited'], retryAfter: true },
    ]),
  );
}
