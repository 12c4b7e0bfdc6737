import { Body, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { PageQuery } from '../../common/pagination/page.requests';
import { WebhookDeliveryDetailView, WebhookDeliveryPage, WebhookDeliveryView } from '../../webhooks/dto/webhook-delivery.view';
import { WebhookEndpointPage, WebhookEndpointView, WebhookEndpointWithSecretView } from '../../webhooks/dto/webhook-endpoint.view';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import {
  CreateWebhookEndpointRequest,
  RotateWebhookSecretRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryListQuery,
} from './dto/webhook.requests';
import { ResellerWebhooksService } from './reseller-webhooks.service';

const NOT_FOUND = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);

/** Webhook endpoints (signed POSTs of the events you pick) and the delivery log. */
@ResellerApi('webhooks')
export class ResellerWebhooksController {
  constructor(private readonly webhooks: ResellerWebhooksService) {}

  @Post('webhook-endpoints')
  @ApiOperation({ summary: 'Register an endpoint (its signing secret is in this response only)' })
  @ApiCreatedResponse({ type: WebhookEndpointWithSecretView })
  @ApiErrorResponses([{ status: 409, codes: ['conflict'] }])
  create(@CallingTenant() tenantId: string, @Body() body: CreateWebhookEndpointRequest): Promise<WebhookEndpointWithSecretView> {
    return this.webhooks.create(tenantId, body);
  }

  @Get('webhook-endpoints')
  @ApiOperation({ summary: 'List endpoints, newest first' })
  @ApiOkResponse({ type: WebhookEndpointPage })
  list(@CallingTenant() tenantId: string, @Query() query: PageQuery) {
    return this.webhooks.list(tenantId, query);
  }

  @Get('webhook-endpoints/:id')
  @ApiOperation({ summary: 'Read an endpoint (never its secret)' })
  @ApiOkResponse({ type: WebhookEndpointView })
  @NOT_FOUND
  get(@CallingTenant() tenantId: string, @Param('id', ParseId) id: string): Promise<WebhookEndpointView> {
    return this.webhooks.get(tenantId, id);
  }

  @Patch('webhook-endpoints/:id')
  @ApiOperation({ summary: 'Change the URL, events or description; disable or enable the endpoint' })
  @ApiOkResponse({ type: WebhookEndpointView })
  @NOT_FOUND
  update(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) id: string,
    @Body() body: UpdateWebhookEndpointRequest,
  ): Promise<WebhookEndpointView> {
    return this.webhooks.update(tenantId, id, body);
  }

  @Delete('webhook-endpoints/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an endpoint and its delivery log' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @NOT_FOUND
  delete(@CallingTenant() tenantId: string, @Param('id', ParseId) id: string): Promise<void> {
    return this.webhooks.delete(tenantId, id);
  }

  @Post('webhook-endpoints/:id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new signing secret (in this response only); the old one also signs for a grace period' })
  @ApiOkResponse({ type: WebhookEndpointWithSecretView })
  @NOT_FOUND
  rotateSecret(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) id: string,
    @Body() body: RotateWebhookSecretRequest,
  ): Promise<WebhookEndpointWithSecretView> {
    return this.webhooks.rotateSecret(tenantId, id, body);
  }

  @Post('webhook-endpoints/:id/test')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send a signed `test` event to this endpoint only (in its delivery log like any other)' })
  @ApiAcceptedResponse({ type: WebhookDeliveryView })
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['conflict'] },
  ])
  sendTest(@CallingTenant() tenantId: string, @Param('id', ParseId) id: string): Promise<WebhookDeliveryView> {
    return this.webhooks.sendTest(tenantId, id);
  }

  @Get('webhook-deliveries')
  @ApiOperation({ summary: 'The delivery log, newest first (filter by endpoint, event or state)' })
  @ApiOkResponse({ type: WebhookDeliveryPage })
  listDeliveries(@CallingTenant() tenantId: string, @Query() query: WebhookDeliveryListQuery) {
    return this.webhooks.listDeliveries(tenantId, query);
  }

  @Get('webhook-deliveries/:id')
  @ApiOperation({ summary: 'A delivery with its body and every attempt' })
  @ApiOkResponse({ type: WebhookDeliveryDetailView })
  @NOT_FOUND
  getDelivery(@CallingTenant() tenantId: string, @Param('id', ParseId) id: string): Promise<WebhookDeliveryDetailView> {
    return this.webhooks.getDelivery(tenantId, id);
  }

  @Post('webhook-deliveries/:id/redeliver')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send a delivered or failed delivery again now (same id; a new retry window)' })
  @ApiAcceptedResponse({ type: WebhookDeliveryView })
  @ApiErrorResponses([
    { status: 404, codes: ['resource_not_found'] },
    { status: 409, codes: ['conflict'] },
  ])
  redeliver(@CallingTenant() tenantId: string, @Param('id', ParseId) id: string): Promise<WebhookDeliveryView> {
    return this.webhooks.redeliver(tenantId, id);
  }
}
