import { All, Controller, Get, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { GatewayError } from '../common/errors/error-catalog';
import type { GatewayRequest } from '../common/http/request-context';
import { ApiKeyAuthGuard } from '../keys/auth/api-key-auth.guard';
import { GatewayThrottlerGuard } from '../rate-limit/gateway-throttler.guard';
import { CatalogEndpointGuard } from './catalog-endpoint.guard';
import { GatewayService } from './gateway.service';

/** The public entry point: `{base}/api/public/v1/{slug}`. Guards run in order: key, endpoint, limits. */
@Controller('api/public/v1')
@UseGuards(ApiKeyAuthGuard, CatalogEndpointGuard, GatewayThrottlerGuard)
export class GatewayController {
  constructor(private readonly gateway: GatewayService) {}

  @Post(':slug')
  post(@Req() req: GatewayRequest, @Res() res: Response): Promise<void> {
    return this.gateway.handle(req, res);
  }

  @Get(':slug')
  get(@Req() req: GatewayRequest, @Res() res: Response): Promise<void> {
    return this.gateway.handle(req, res);
  }
}

/** Other methods on a public URL: 405 with Allow, before any key check (nothing to authorise). */
@Controller('api/public/v1')
export class GatewayMethodNotAllowedController {
  @All(':slug')
  other(@Res({ passthrough: true }) res: Response): never {
    res.setHeader('Allow', 'GET, POST');
    throw new GatewayError('method_not_allowed');
  }
}
