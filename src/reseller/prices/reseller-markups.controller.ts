import { Body, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import type { Actor } from '../../activity/actor';
import { RequestActor } from '../../activity/actor';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { SetMarkupRequest } from './dto/markup.requests';
import { MarkupListView, MarkupView } from './dto/markup.view';
import { ParseMarkupSlugPipe } from './parse-markup-slug.pipe';
import { ResellerPricesService } from './reseller-prices.service';

const UNKNOWN_SLUG = ApiErrorResponses([{ status: 404, codes: ['endpoint_not_found'] }]);
const UNKNOWN_CUSTOMER = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);
const UNKNOWN_CUSTOMER_OR_SLUG = ApiErrorResponses([{ status: 404, codes: ['resource_not_found', 'endpoint_not_found'] }]);
const SLUG = ApiParam({ name: 'slug', description: 'A catalog slug, or `*`: every slug.', example: 'text.generate' });

/**
 * Markups over your resale figure (what you owe: the catalog's resale price under your plan's
 * discount), in basis points, on one slug or on every slug (`*`): for every customer, and per
 * customer. They price every meter of a slug that has no fixed price (reseller-prices.controller.ts),
 * each model at its own resale price. Precedence for one meter, most specific first and the
 * customer's before yours for every customer at the same specificity: fixed price, slug markup, `*` markup.
 */

const MARKUP =
  'The customer then pays, per meter without a fixed price, round(what you owe × (10000 + markup_bps) / 10000), rounded once per meter of a call. ' +
  "A call's amount per meter stops at its share of $9,223,372.036854775807 (what a ledger amount holds).";

@ResellerApi('prices')
export class ResellerMarkupsController {
  constructor(private readonly prices: ResellerPricesService) {}

  @Get('markups')
  @ApiOperation({ summary: 'The markups for every customer (where it has none of its own): on every slug (`*`) first, then by slug' })
  @ApiOkResponse({ type: MarkupListView })
  list(@CallingTenant() tenantId: string): Promise<MarkupListView> {
    return this.prices.listMarkups(tenantId, null);
  }

  @Put('markups/:slug')
  @ApiOperation({
    summary: 'Set the markup every customer pays over your resale figure on a slug, or on every slug (`*`); applies at once',
    description: MARKUP,
  })
  @SLUG
  @ApiOkResponse({ type: MarkupView })
  @UNKNOWN_SLUG
  set(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('slug', ParseMarkupSlugPipe) slug: string,
    @Body() body: SetMarkupRequest,
  ): Promise<MarkupView> {
    return this.prices.setMarkup(actor, tenantId, null, slug, body);
  }

  @Delete('markups/:slug')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove the markup for every customer on a slug, or on every slug (`*`) (idempotent)' })
  @SLUG
  @ApiNoContentResponse({ description: 'No such markup any more.' })
  @UNKNOWN_SLUG
  remove(@RequestActor() actor: Actor, @CallingTenant() tenantId: string, @Param('slug', ParseMarkupSlugPipe) slug: string): Promise<void> {
    return this.prices.removeMarkup(actor, tenantId, null, slug);
  }

  @Get('customers/:id/markups')
  @ApiOperation({ summary: "A customer's own markups: on every slug (`*`) first, then by slug" })
  @ApiOkResponse({ type: MarkupListView })
  @UNKNOWN_CUSTOMER
  listOfCustomer(@CallingTenant() tenantId: string, @Param('id', ParseId) customerId: string): Promise<MarkupListView> {
    return this.prices.listMarkups(tenantId, customerId);
  }

  @Put('customers/:id/markups/:slug')
  @ApiOperation({
    summary:
      "Set a customer's own markup on a slug, or on every slug (`*`) (beats yours for every customer at the same specificity); applies at once",
    description: MARKUP,
  })
  @SLUG
  @ApiOkResponse({ type: MarkupView })
  @UNKNOWN_CUSTOMER_OR_SLUG
  setForCustomer(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Param('slug', ParseMarkupSlugPipe) slug: string,
    @Body() body: SetMarkupRequest,
  ): Promise<MarkupView> {
    return this.prices.setMarkup(actor, tenantId, customerId, slug, body);
  }

  @Delete('customers/:id/markups/:slug')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove a customer's own markup on a slug, or on every slug (`*`) (idempotent)" })
  @SLUG
  @ApiNoContentResponse({ description: 'No such markup any more.' })
  @UNKNOWN_CUSTOMER_OR_SLUG
  removeForCustomer(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Param('slug', ParseMarkupSlugPipe) slug: string,
  ): Promise<void> {
    return this.prices.removeMarkup(actor, tenantId, customerId, slug);
  }
}
