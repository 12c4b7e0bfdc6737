import { All, Controller, Get, Head, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { GatewayError } from '../common/errors/error-catalog';
import type { PublicCallRequest } from './call-context';
import { GatewayService } from './gateway.service';
import { ApiKeyGuard } from './guards/api-key.guard';
import { CallRateLimitGuard } from './guards/call-rate-limit.guard';
import { CatalogEndpointGuard } from './guards/catalog-endpoint.guard';
import { PublicCallGuard } from './guards/public-call.guard';
import { PublicCallExceptionFilter } from './public-call-exception.filter';

/**
 * The public entry point: `{base}/api/public/v1/{slug}`. A call runs its guards in order: public
 * call (audit), key, endpoint, limits. Handlers are registered in this order, which matters:
 * Express answers HEAD with the GET handler unless a HEAD route comes first, and HEAD must never
 * run a billed call.
 */
@Controller('api/public/v1')
@UseFilters(PublicCallExceptionFilter)
export class GatewayController {
  constructor(private readonly gateway: GatewayService) {}

  /** HEAD would run the GET call and drop its body: 405, before any key check (nothing to authorise). */
  @Head(':slug')
  @UseGuards(PublicCallGuard)
  head(@Res({ passthrough: true }) res: Response): never {
    return methodNotAllowed(res);
  }

  @Post(':slug')
  @UseGuards(PublicCallGuard, ApiKeyGuard, CatalogEndpointGuard, CallRateLimitGuard)
  post(@Req() req: PublicCallRequest, @Res() res: Response): Promise<void> {
    return this.gateway.handle(req, res);
  }

  @Get(':slug')
  @UseGuards(PublicCallGuard, ApiKeyGuard, CatalogEndpointGuard, CallRateLimitGuard)
  get(@Req() req: PublicCallRequest, @Res() res: Response): Promise<void> {
    return this.gateway.handle(req, res);
  }

  /** Other methods on a public URL: 405 with Allow, before any key check. */
  @All(':slug')
  @UseGuards(PublicCallGuard)
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
export class PublicRouteNotFoundController {
  @All('{*path}')
  @UseGuards(PublicCallGuard)
  notFound(): never {
    throw new GatewayError('route_not_found');
  }
}

function methodNotAllowed(res: Response): never {
  res.setHeader('Allow', 'GET, POST');
  throw new GatewayError('method_not_allowed');
}
