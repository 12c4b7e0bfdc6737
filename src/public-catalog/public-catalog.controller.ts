import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { PublicCatalogView, PublicPlansView } from './dto/public-catalog.view';
import { PublicCatalogService } from './public-catalog.service';

/**
 * The website's data, without authentication: the catalog and the public plans. Their paths have no
 * dot, so they can never be a slug. Cache-friendly: a strong ETag of the body (If-None-Match → 304)
 * and Cache-Control for a minute.
 */
@Controller('api/public/v1')
@ApiTags('Public catalog')
export class PublicCatalogController {
  constructor(private readonly catalog: PublicCatalogService) {}

  @Get('catalog')
  @ApiOperation({ summary: 'Every endpoint: category, description, billing unit, price, declared and measured latency' })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of a copy you hold: 304 if it is current.' })
  @ApiOkResponse({ type: PublicCatalogView })
  @ApiNotModifiedResponse({ description: 'Your copy is current.' })
  async endpoints(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendCacheable(req, res, await this.catalog.catalogView());
  }

  @Get('plans')
  @ApiOperation({ summary: 'The public plans, cheapest first' })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of a copy you hold: 304 if it is current.' })
  @ApiOkResponse({ type: PublicPlansView })
  @ApiNotModifiedResponse({ description: 'Your copy is current.' })
  async plans(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendCacheable(req, res, await this.catalog.plansView());
  }
}

function sendCacheable(req: Request, res: Response, body: unknown): void {
  const payload = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'public, max-age=60');
  const presented = req.headers['if-none-match'];
  if (presented && presented.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).type('application/json').send(payload);
}
