import { applyDecorators } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiExtraModels,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
  type ApiResponseOptions,
  getSchemaPath,
} from '@nestjs/swagger';
import type { ErrorCode } from '../common/errors/error-catalog';
import { ApiPublicCallHeaders } from '../common/openapi/openapi.decorators';

class OpenAiErrorDetail {
  @ApiProperty() message!: string;
  @ApiProperty({ description: 'OpenAI’s error type for the status: authentication_error, permission_error, rate_limit_error, …' })
  type!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The request field the error is about (`model`, `messages`, …).' })
  param!: string | null;
  @ApiProperty({ description: 'The gateway’s stable error code (see `docs`).' })
  code!: string;
  @ApiPropertyOptional({ format: 'uuid' })
  request_id!: string;
  @ApiPropertyOptional({ format: 'uri-reference', description: 'The code’s section of the error reference: a path on this gateway.' })
  docs!: string;
}

/** OpenAI's error envelope, as the OpenAI door answers every error. */
export class OpenAiErrorEnvelope {
  @ApiProperty({ type: () => OpenAiErrorDetail })
  error!: OpenAiErrorDetail;
}

/** The errors every billed route of the door can answer, by status. */
const CALL_ERRORS: Array<{ status: number; codes: ErrorCode[] }> = [
  { status: 400, codes: ['invalid_json', 'invalid_request', 'context_length_exceeded', 'content_policy_violation'] },
  { status: 401, codes: ['missing_api_key', 'malformed_api_key', 'invalid_api_key', 'revoked_api_key', 'expired_api_key'] },
  { status: 402, codes: ['budget_exceeded'] },
  { status: 403, codes: ['tenant_suspended', 'customer_suspended', 'endpoint_not_allowed'] },
  { status: 404, codes: ['model_not_found'] },
  { status: 413, codes: ['payload_too_large'] },
  { status: 415, codes: ['unsupported_media_type'] },
  { status: 429, codes: ['rate_limited', 'too_many_streams'] },
  { status: 502, codes: ['upstream_unavailable'] },
  { status: 503, codes: ['endpoint_disabled', 'service_unavailable'] },
  { status: 504, codes: ['upstream_timeout'] },
];

/**
 * An operation of the OpenAI door: OpenAI's request and answer (documented by OpenAI's API
 * reference; described here loosely, as the gateway passes OpenAI's fields through) and the
 * errors in OpenAI's envelope.
 */
export function ApiOpenAiCall(
  summary: string,
  answer: string | { description: string; headers?: ApiResponseOptions['headers'] },
  requestType: 'application/json' | 'multipart/form-data' = 'application/json',
): MethodDecorator {
  const ok: ApiResponseOptions =
    typeof answer === 'string'
      ? { status: 200, description: answer, content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } } }
      : { status: 200, ...answer };
  return applyDecorators(
    ApiOperation({ summary }),
    ApiPublicCallHeaders(),
    ApiExtraModels(OpenAiErrorEnvelope),
    ApiConsumes(requestType),
    ApiBody({
      description: 'OpenAI’s request for this route, `model` naming a catalog model.',
      schema: { type: 'object', additionalProperties: true },
    }),
    ApiResponse(ok),
    ...CALL_ERRORS.map(({ status, codes }) =>
      ApiResponse({
        status,
        description: `Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
        content: { 'application/json': { schema: { $ref: getSchemaPath(OpenAiErrorEnvelope) } } },
        ...(status === 429 ? { headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } } : {}),
      }),
    ),
  );
}
