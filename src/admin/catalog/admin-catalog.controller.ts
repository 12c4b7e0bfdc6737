import { Body, Get, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { type Actor, RequestActor } from '../../activity/actor';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { ParseSlugPipe } from '../../catalog/parse-slug.pipe';
import { AdminApi } from '../admin-api.decorator';
import { AdminCatalogService } from './admin-catalog.service';
import {
  CreateCatalogEntryRequest,
  ReplaceModelsRequest,
  ReplaceUpstreamsRequest,
  SetEndpointLimitRequest,
  UpdateCatalogEntryRequest,
} from './dto/catalog.requests';
import { CatalogEntryView, CatalogListView, EndpointLatencyListView } from './dto/catalog-entry.view';

/** The catalog: endpoints, prices, models, upstreams and the operator's per-endpoint limits. Changes apply live. */
@AdminApi('catalog')
export class AdminCatalogController {
  constructor(private readonly catalog: AdminCatalogService) {}

  @Get('catalog')
  @ApiOperation({ summary: 'List every catalog endpoint' })
  @ApiOkResponse({ type: CatalogListView })
  list(): Promise<CatalogListView> {
    return this.catalog.list();
  }

  @Get('reports/latency')
  @ApiOperation({ summary: 'Declared against measured latency (p50, p95 of the answered calls of the last 7 days) per slug' })
  @ApiOkResponse({ type: EndpointLatencyListView })
  latency(): Promise<EndpointLatencyListView> {
    return this.catalog.latency();
  }

  @Post('catalog')
  @ApiOperation({ summary: "Add an endpoint (its billing unit follows from the slug's category)" })
  @ApiCreatedResponse({ type: CatalogEntryView })
  @ApiErrorResponses([{ status: 409, codes: ['conflict'] }])
  create(@Body() body: CreateCatalogEntryRequest, @RequestActor() actor: Actor): Promise<CatalogEntryView> {
    return this.catalog.create(body, actor);
  }

  @Get('catalog/:slug')
  @ApiOperation({ summary: 'Read an endpoint as stored' })
  @ApiOkResponse({ type: CatalogEntryView })
  @ApiErrorResponses([{ status: 404, codes: ['endpoint_not_found'] }])
  get(@Param('slug', ParseSlugPipe) slug: string): Promise<CatalogEntryView> {
    return this.catalog.get(slug);
  }

  @Patch('catalog/:slug')
  @ApiOperation({ summary: 'Change prices, the default limit, the usage cap, latency, streaming or enabled' })
  @ApiOkResponse({ type: CatalogEntryView })
  @ApiErrorResponses([{ status: 404, codes: ['endpoint_not_found'] }])
  update(
    @Param('slug', ParseSlugPipe) slug: string,
    @Body() body: UpdateCatalogEntryRequest,
    @RequestActor() actor: Actor,
  ): Promise<CatalogEntryView> {
    return this.catalog.update(slug, body, actor);
  }

  @Put('catalog/:slug/limit')
  @ApiOperation({ summary: "Set or remove the operator's per-endpoint limit (per key per window)" })
  @ApiOkResponse({ type: CatalogEntryView })
  @ApiErrorResponses([{ status: 404, codes: ['endpoint_not_found'] }])
  setLimit(
    @Param('slug', ParseSlugPipe) slug: string,
    @Body() body: SetEndpointLimitRequest,
    @RequestActor() actor: Actor,
  ): Promise<CatalogEntryView> {
    return this.catalog.setEndpointLimit(slug, body.requests_per_window, actor);
  }

  @Put('catalog/:slug/upstreams')
  @ApiOperation({ summary: 'Replace the upstreams, in fallback order' })
  @ApiOkResponse({ type: CatalogEntryView })
  @ApiErrorResponses([{ status: 404, codes: ['endpoint_not_found'] }])
  replaceUpstreams(@Param('slug', ParseSlugPipe) slug: string, @Body() body: ReplaceUpstreamsRequest): Promise<CatalogEntryView> {
    return this.catalog.replaceUpstreams(slug, body);
  }

  @Put('catalog/:slug/models')
  @ApiOperation({ summary: 'Replace the models a caller may choose, each at its own price' })
  @ApiOkResponse({ type: CatalogEntryView })
  @ApiErrorResponses([{ status: 404, codes: ['endpoint_not_found'] }])
  replaceModels(
    @Param('slug', ParseSlugPipe) slug: string,
    @Body() body: ReplaceModelsRequest,
    @RequestActor() actor: Actor,
  ): Promise<CatalogEntryView> {
    return this.catalog.replaceModels(slug, body, actor);
  }
}
