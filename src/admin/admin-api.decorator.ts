import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { ADMIN_TOKEN_SCHEME, ApiErrorResponses, ApiResponseHeaders, CONSOLE_SESSION_SCHEME } from '../common/openapi/openapi.decorators';
import { ThrottlerGuard } from '@nestjs/throttler';
import { JsonBodyGuard } from '../common/http/json-body.guard';
import { AdminAuthGuard } from './auth/admin-auth.guard';

export const ADMIN_API_PREFIX = 'api/admin/v1';

/**
 * A controller of the operator API: under /api/admin/v1, `Authorization: Bearer $ADMIN_TOKEN` or an
 * operator user's session cookie (with CSRF), limited per client IP. Guards run in order: the limit,
 * the token or session, then the body is read.
 */
export function AdminApi(tag: string): ClassDecorator {
  return applyDecorators(
    Controller(ADMIN_API_PREFIX),
    UseGuards(ThrottlerGuard, AdminAuthGuard, JsonBodyGuard),
    ApiTags(tag),
    ApiBearerAuth(ADMIN_TOKEN_SCHEME),
    ApiCookieAuth(CONSOLE_SESSION_SCHEME),
    ApiResponseHeaders('X-Service-Request-Id'),
    ApiErrorResponses([
      { status: 400, codes: ['invalid_json', 'invalid_request'] },
      { status: 401, codes: ['invalid_admin_token', 'not_signed_in'] },
      { status: 403, codes: ['csrf_check_failed', 'insufficient_role'] },
      { status: 429, codes: ['rate_limited'], retryAfter: true },
    ]),
  );
}
