import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { JsonBodyGuard } from '../common/http/json-body.guard';
import { ApiErrorResponses, ApiResponseHeaders, CONSOLE_SESSION_SCHEME } from '../common/openapi/openapi.decorators';
import { CSRF_HEADER } from '../sessions/request-intent';
import { ConsoleSessionGuard } from './auth/console-session.guard';

export const CONSOLE_API_PREFIX = 'api/console/v1';

/**
 * A controller of the console API: under /api/console/v1, the session cookie (see
 * ConsoleSessionGuard), limited per client IP like the operator API. Guards run in order: the
 * limit, the session (and CSRF, roles), then the body is read.
 */
export function ConsoleApi(tag: string): ClassDecorator {
  return applyDecorators(
    Controller(CONSOLE_API_PREFIX),
    UseGuards(ThrottlerGuard, ConsoleSessionGuard, JsonBodyGuard),
    ApiTags(`console: ${tag}`),
    ApiCookieAuth(CONSOLE_SESSION_SCHEME),
    ApiHeader({
      name: CSRF_HEADER,
      required: false,
      description: "The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in.",
    }),
    ApiResponseHeaders('X-Service-Request-Id'),
    ApiErrorResponses([
      { status: 400, codes: ['invalid_json', 'invalid_request'] },
      { status: 401, codes: ['not_signed_in'] },
      { status: 403, codes: ['csrf_check_failed', 'insufficient_role', 'tenant_suspended'] },
      { status: 429, codes: ['rate_limited'], retryAfter: true },
    ]),
  );
}
