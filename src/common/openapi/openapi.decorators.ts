import { applyDecorators } from '@nestjs/common';
import {
  ApiExtension,
  ApiExtraModels,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
  getSchemaPath,
  type HeaderObject,
} from '@nestjs/swagger';
import { ERROR_CATALOG, ERROR_DOCS_PATH, ErrorCode } from '../errors/error-catalog';

/**
 * OpenAPI building blocks shared by the controllers: the error body, the security scheme names,
 * the response headers and the decorators that attach them. Only metadata: nothing here changes
 * how a request is handled.
 */

/** Security scheme names (components.securitySchemes), registered in app/openapi.ts. */
export const PUBLIC_API_KEY_SCHEME = 'publicApiKey';
export const ADMIN_TOKEN_SCHEME = 'adminToken';
export const MANAGEMENT_KEY_SCHEME = 'managementKey';
export const CONSOLE_SESSION_SCHEME = 'consoleSession';

// ---------------------------------------------------------------------------------------------
// The one error shape: { error: { code, message, request_id, docs, details? } }
// ---------------------------------------------------------------------------------------------

export class ErrorDetail {
  // enumName turns the enum into its own components.schemas.ErrorCode, referenced from here.
  @ApiProperty({ enum: Object.keys(ERROR_CATALOG), enumName: 'ErrorCode', description: 'Stable code; clients switch on it.' })
  code!: ErrorCode;

  @ApiProperty({ example: 'Rate limit exceeded; retry after the time in Retry-After.' })
  message!: string;

  @ApiProperty({ format: 'uuid', description: 'Equals the X-Service-Request-Id header.' })
  request_id!: string;

  @ApiProperty({
    format: 'uri-reference',
    example: `${ERROR_DOCS_PATH}#rate_limited`,
    description: "The code's section of the error reference (what it means, what to do): a path on this gateway, the code as the fragment.",
  })
  docs!: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Extra facts for some codes (e.g. `limit`).' })
  details?: Record<string, unknown>;
}

export class ErrorBody {
  @ApiProperty({ type: () => ErrorDetail })
  error!: ErrorDetail;
}

// ---------------------------------------------------------------------------------------------
// Response headers: declared once in components.headers, referenced from responses.
// ---------------------------------------------------------------------------------------------

export const REQUEST_ID_HEADERS: Record<string, HeaderObject> = {
  'X-Service-Request-Id': {
    description: 'The request id (also `request_id` in error bodies and the audit record).',
    schema: { type: 'string', format: 'uuid' },
  },
};

export const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per window in the most constrained bucket.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in that bucket.', schema: { type: 'integer', minimum: 0 } },
  'X-RateLimit-Reset': { description: 'When that bucket refills (ISO 8601, UTC).', schema: { type: 'string', format: 'date-time' } },
  RateLimit: {
    description: 'IETF RateLimit structured field, one item per limit: `"name";r=<remaining>;t=<seconds>`.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'IETF RateLimit-Policy structured field: `"name";q=<quota>;w=<window seconds>`.',
    schema: { type: 'string' },
  },
};

export const RETRY_AFTER_HEADER: Record<string, HeaderObject> = {
  'Retry-After': { description: 'Seconds to wait before retrying (on 429).', schema: { type: 'integer', minimum: 1 } },
};

/** Every header above, for components.headers (app/openapi.ts puts them there). */
export const COMPONENT_HEADERS: Record<string, HeaderObject> = { ...REQUEST_ID_HEADERS, ...RATE_LIMIT_HEADERS, ...RETRY_AFTER_HEADER };

/**
 * Operation extension read by app/openapi.ts `applyResponseHeaders`: the names of
 * components.headers to add, as $refs, to EVERY response of the operation (whatever its status,
 * including ones declared later or by other decorators). Removed from the published document.
 */
export const RESPONSE_HEADERS_EXTENSION = 'x-response-headers';

/**
 * Class (or method) decorator: every response of every operation carries these headers. Nest's
 * class-level @ApiResponse cannot do this (a method's response with the same status replaces the
 * class's one whole, headers included), hence the extension + post-processing.
 */
export function ApiResponseHeaders(...names: string[]): ClassDecorator & MethodDecorator {
  for (const name of names) if (!(name in COMPONENT_HEADERS)) throw new Error(`unknown response header ${name}`);
  return ApiExtension(RESPONSE_HEADERS_EXTENSION, names) as ClassDecorator & MethodDecorator;
}

/** The headers on every response of a public call, whichever door it came through: its request id and the limit headers. */
export function ApiPublicCallHeaders(): ClassDecorator & MethodDecorator {
  return ApiResponseHeaders(
    'X-Service-Request-Id',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
    'RateLimit',
    'RateLimit-Policy',
  );
}

/**
 * Error responses, all referencing the one ErrorBody schema (components.schemas.ErrorBody).
 * `codes` only go into the description; `retryAfter` adds the Retry-After header to that response.
 */
export function ApiErrorResponses(responses: Array<{ status: number; description?: string; codes?: ErrorCode[]; retryAfter?: boolean }>) {
  return applyDecorators(
    ApiExtraModels(ErrorBody),
    ...responses.map(({ status, description, codes, retryAfter }) =>
      ApiResponse({
        status,
        description:
          [description, codes?.length ? `Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.` : undefined].filter(Boolean).join(' ') ||
          'Error',
        content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorBody) } } },
        ...(retryAfter ? { headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } } : {}),
      }),
    ),
  );
}
