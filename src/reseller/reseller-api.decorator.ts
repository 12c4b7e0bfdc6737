import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { JsonBodyGuard } from '../common/http/json-body.guard';
import { ApiErrorResponses, ApiResponseHeaders, CONSOLE_SESSION_SCHEME, MANAGEMENT_KEY_SCHEME } from '../common/openapi/openapi.decorators';
import { ResellerAuthGuard } from './auth/reseller-auth.guard';

export const RESELLER_API_PREFIX = 'api/reseller/v1';

/**
 * A controller of the reseller REST API: under /api/reseller/v1, `Authorization: Bearer <management
 * key>` or a tenant user's session cookie (with CSRF and role checks), limited per client IP. Every
 * route works within the calling tenant (@CallingTenant()): another tenant's ids are 404, never 403.
 * Guards run in order: the limit, the key or session, then the body.
 */
export function ResellerApi(tag: string): ClassDecorator {
  return applyDecorators(
    Controller(RESELLER_API_PREFIX),
    UseGuards(ThrottlerGuard, ResellerAuthGuard, JsonBodyGuard),
    ApiTags(`reseller: ${tag}`),
    ApiBearerAuth(MANAGEMENT_KEY_SCHEME),
    ApiCookieAuth(CONSOLE_SESSION_SCHEME),
    ApiResponseHeaders('X-Service-Request-Id'),
    ApiErrorResponses([
      { status: 400, codes: ['invalid_json', 'invalid_request'] },
      { status: 401, codes: ['invalid_management_key', 'not_signed_in'] },
      { status: 403, codes: ['tenant_suspended', 'csrf_check_failed', 'insufficient_role'] },
      { status: 429, codes: ['rate_limited'], retryAfter: true },
    ]),
  );
}
