import { All, applyDecorators, Controller, Get, Head, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiExtension,
  ApiExcludeController,
  ApiExcludeEndpoint,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { GatewayError } from '../common/errors/error-catalog';
import { ApiErrorResponses, ApiPublicCallHeaders, PUBLIC_API_KEY_SCHEME } from '../common/openapi/openapi.decorators';
import { SLUG_PATTERN } from '../catalog/slug';
import type { PublicCallRequest } from './call-context';
import { CallResponseEnvelope } from './dto/call-response.view';
import { GatewayService } from './gateway.service';
import { ApiKeyGuard } from './guards/api-key.guard';
import { CallRateLimitGuard } from './guards/call-rate-limit.guard';
import { CatalogEndpointGuard } from './guards/catalog-endpoint.guard';
import { PublicCallGuard } from './guards/public-call.guard';
import { PublicCallExceptionFilter } from './public-call-exception.filter';
import { SLUG_INPUTS, SLUG_INPUTS_EXTENSION } from './slug-inputs';

/**
 * The public entry point: `{base}/api/public/v1/{slug}`. A call runs its guards in order: public
 * call (audit), key, endpoint, limits. Handlers are registered in this order, which matters:
 * Express answers HEAD with the GET handler unless a HEAD route comes first, and HEAD must never
 * run a billed call.
 */
@Controller('api/public/v1')
@UseFilters(PublicCallExceptionFilter)
@ApiTags('Public API')
@ApiParam({
  name: 'slug',
  description: 'Catalog endpoint, `<category>.<operation>`.',
  schema: { type: 'string', pattern: SLUG_PATTERN.source, example: 'text.generate' },
})
@ApiPublicCallHeaders()
export class GatewayController {
  constructor(private readonly gateway: GatewayService) {}

  /** HEAD would run the GET call and drop its body: 405, before any key check (nothing to authorise). */
  @Head(':slug')
  @UseGuards(PublicCallGuard)
  @ApiOperation({ summary: 'Not allowed: 405 before any key check (HEAD would otherwise run the GET call).' })
  @ApiErrorResponses([{ status: 405, codes: ['method_not_allowed'] }])
  head(@Res({ passthrough: true }) res: Response): never {
    return methodNotAllowed(res);
  }

  @Post(':slug')
  @UseGuards(PublicCallGuard, ApiKeyGuard, CatalogEndpointGuard, CallRateLimitGuard)
  @ApiOperation({ summary: 'Call a catalog endpoint with a JSON body' })
  // The seeded slugs' fields, by slug (a path parameter cannot select a body schema in OpenAPI).
  @ApiExtension(SLUG_INPUTS_EXTENSION, SLUG_INPUTS)
  @ApiBody({
    required: false,
    description: "The slug's fields; an empty body counts as `{}`.",
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiPublicCallResponses()
  post(@Req() req: PublicCallRequest, @Res() res: Response): Promise<void> {
    return this.gateway.handle(req, res);
  }

  @Get(':slug')
  @UseGuards(PublicCallGuard, ApiKeyGuard, CatalogEndpointGuard, CallRateLimitGuard)
  @ApiOperation({ summary: 'Call a catalog endpoint with the query parameters as its input' })
  @ApiQuery({
    name: 'input',
    required: false,
    style: 'form',
    explode: true,
    description: 'Any query parameters; a repeated one becomes an array.',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiPublicCallResponses()
  get(@Req() req: PublicCallRequest, @Res() res: Response): Promise<void> {
    return this.gateway.handle(req, res);
  }

  /** Other methods on a public URL: 405 with Allow, before any key check. */
  @All(':slug')
  @UseGuards(PublicCallGuard)
  // @All would be rendered as get/post/put/delete/patch/options/head/search operations that
  // replace the real get/post/head ones above (and `search` is not an OpenAPI 3.1 method).
  @ApiExcludeEndpoint()
  other(@Res({ passthrough: true }) res: Response): never {
    return methodNotAllowed(res);
  }
}

/**
 * Anything else under /api/public (a trailing slash, a missing or extra path segment): 404
 * route_not_found, still a public call (audited, with limit headers). Registered after
 * GatewayController, so it only sees what no public route took.
 */
@Controller('api/public')
@UseFilters(PublicCallExceptionFilter)
// `{*path}` would be rendered as /api/public/{path}: a path parameter cannot hold '/', so the
// catch-all cannot be described truthfully; it is an error fallback, not an operation.
@ApiExcludeController()
export class PublicRouteNotFoundController {
  @All('{*path}')
  @UseGuards(PublicCallGuard)
  notFound(): never {
    throw new GatewayError('route_not_found');
  }
}

/** The 200 of a public call: the JSON envelope, or an SSE stream when `stream: true`; and its errors. */
function ApiPublicCallResponses(): MethodDecorator {
  return applyDecorators(
    ApiBearerAuth(PUBLIC_API_KEY_SCHEME),
    ApiExtraModels(CallResponseEnvelope),
    ApiOkResponse({
      description: 'The call succeeded: the JSON envelope, or (`stream: true` on a streamable slug) a Server-Sent Events stream.',
      content: {
        'application/json': { schema: { $ref: getSchemaPath(CallResponseEnvelope) } },
        'text/event-stream': {
          schema: { type: 'string', description: '`data: <JSON>` events, `: keep-alive` comments, then `data: [DONE]`.' },
          example:
            'data: {"id":"req_0b8e6f4a-...","delta":"Once"}\n\n' +
            'data: {"id":"req_0b8e6f4a-...","done":true,"usage":{"calls":1,"cost_usd":0.000123}}\n\ndata: [DONE]\n\n',
        },
      },
    }),
    ApiErrorResponses([
      { status: 400, codes: ['invalid_json', 'invalid_request'] },
      { status: 401, codes: ['missing_api_key', 'malformed_api_key', 'invalid_api_key', 'revoked_api_key', 'expired_api_key'] },
      { status: 403, codes: ['tenant_suspended'] },
      { status: 404, codes: ['endpoint_not_found'] },
      { status: 413, codes: ['payload_too_large'] },
      { status: 415, codes: ['unsupported_media_type'] },
      { status: 422, codes: ['upstream_rejected'] },
      { status: 429, codes: ['rate_limited', 'too_many_streams'], retryAfter: true },
      { status: 502, codes: ['upstream_unavailable'] },
      { status: 503, codes: ['endpoint_disabled', 'service_unavailable'] },
      { status: 504, codes: ['upstream_timeout', 'stream_timeout'] },
    ]),
  );
}

function methodNotAllowed(res: Response): never {
  res.setHeader('Allow', 'GET, POST');
  throw new GatewayError('method_not_allowed');
}
