import { Body, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ParseSlugPipe } from '../../catalog/parse-slug.pipe';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { Meter } from '../../generated/prisma/enums';
import type { Actor } from '../../activity/actor';
import { RequestActor } from '../../activity/actor';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { SetPriceRequest } from './dto/price.requests';
import { PriceListView, PriceView } from './dto/price.view';
import { ResellerPricesService } from './reseller-prices.service';

const UNKNOWN_SLUG = ApiErrorResponses([{ status: 404, codes: ['endpoint_not_found'] }]);
const UNKNOWN_CUSTOMER = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);
const UNKNOWN_CUSTOMER_OR_SLUG = ApiErrorResponses([{ status: 404, codes: ['resource_not_found', 'endpoint_not_found'] }]);
const METER = ApiParam({
  name: 'meter',
  enum: Object.values(Meter),
  enumName: 'Meter',
  description:
    "A meter the slug bills (see the public catalog's `prices` of the slug and its models); another is 400 with `details.meters`.",
});

/**
 * The fixed prices your customers pay, per meter of a slug: for every customer, and per customer (a
 * customer's price beats the one for every customer). Markups over your resale figure are beside
 * them (reseller-markups.controller.ts); a fixed price beats any markup. Without either, a customer
 * pays the catalog's list price (the resale price before your plan's discount, which is then your
 * margin); your own keys always pay your resale price (the catalog's, under your plan's discount).
 * The routes without a meter are the shorthand of a slug priced in its billing unit alone.
 */

const PRICE_RANGE =
  "A price is at most the meter's highest: a call at the meter's quantity cap (for any of the slug's models) must be billed within " +
  "the meter's share of $9,223,372.036854775807 (what a ledger amount holds); above it the answer is 400 invalid_request with " +
  '`details.max_price_per_unit_usd`. A price below your resale price is accepted: the difference is your loss.';
const UNIT_METER =
  "The price of the slug's billing unit's meter (`tokens` of a text slug, `images`, `minutes`, …): a slug priced in other meters " +
  '(input and output tokens, …) is 400 invalid_request with `details.meters`; set those with the route per meter.';

@ResellerApi('prices')
export class ResellerPricesController {
  constructor(private readonly prices: ResellerPricesService) {}

  @Get('prices')
  @ApiOperation({ summary: 'The prices every customer pays (where it has none of its own), by slug and meter' })
  @ApiOkResponse({ type: PriceListView })
  list(@CallingTenant() tenantId: string): Promise<PriceListView> {
    return this.prices.list(tenantId, null);
  }

  @Put('prices/:slug')
  @ApiOperation({
    summary: 'Set the price every customer pays per billing unit of a slug (every model of it); applies at once',
    description: `${UNIT_METER} ${PRICE_RANGE}`,
  })
  @ApiOkResponse({ type: PriceView })
  @UNKNOWN_SLUG
  set(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('slug', ParseSlugPipe) slug: string,
    @Body() body: SetPriceRequest,
  ): Promise<PriceView> {
    return this.prices.set(actor, tenantId, null, slug, undefined, body);
  }

  @Delete('prices/:slug')
  @HttpCode(204)
  @ApiOperation({
    summary: "Remove every meter's price for every customer of a slug (idempotent): markups, else the catalog's list price, apply again",
  })
  @ApiNoContentResponse({ description: 'No such price any more.' })
  @UNKNOWN_SLUG
  remove(@RequestActor() actor: Actor, @CallingTenant() tenantId: string, @Param('slug', ParseSlugPipe) slug: string): Promise<void> {
    return this.prices.remove(actor, tenantId, null, slug);
  }

  @Put('prices/:slug/meters/:meter')
  @ApiOperation({
    summary: 'Set the price every customer pays per unit of one meter of a slug (every model of it); applies at once',
    description: PRICE_RANGE,
  })
  @METER
  @ApiOkResponse({ type: PriceView })
  @UNKNOWN_SLUG
  setMeter(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('slug', ParseSlugPipe) slug: string,
    @Param('meter') meter: string,
    @Body() body: SetPriceRequest,
  ): Promise<PriceView> {
    return this.prices.set(actor, tenantId, null, slug, meter, body);
  }

  @Delete('prices/:slug/meters/:meter')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove the price for every customer of one meter of a slug (idempotent; any meter name, billed or not)' })
  @METER
  @ApiNoContentResponse({ description: 'No such price any more.' })
  @UNKNOWN_SLUG
  removeMeter(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('slug', ParseSlugPipe) slug: string,
    @Param('meter') meter: string,
  ): Promise<void> {
    return this.prices.remove(actor, tenantId, null, slug, meter);
  }

  @Get('customers/:id/prices')
  @ApiOperation({ summary: "A customer's own prices, by slug and meter (the prices for every customer apply to the others)" })
  @ApiOkResponse({ type: PriceListView })
  @UNKNOWN_CUSTOMER
  listOfCustomer(@CallingTenant() tenantId: string, @Param('id', ParseId) customerId: string): Promise<PriceListView> {
    return this.prices.list(tenantId, customerId);
  }

  @Put('customers/:id/prices/:slug')
  @ApiOperation({
    summary: "Set a customer's own price per billing unit of a slug (beats the price for every customer); applies at once",
    description: `${UNIT_METER} ${PRICE_RANGE}`,
  })
  @ApiOkResponse({ type: PriceView })
  @UNKNOWN_CUSTOMER_OR_SLUG
  setForCustomer(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Param('slug', ParseSlugPipe) slug: string,
    @Body() body: SetPriceRequest,
  ): Promise<PriceView> {
    return this.prices.set(actor, tenantId, customerId, slug, undefined, body);
  }

  @Delete('customers/:id/prices/:slug')
  @HttpCode(204)
  @ApiOperation({
    summary: "Remove every meter's own price of a customer for a slug (idempotent): the prices for every customer apply again",
  })
  @ApiNoContentResponse({ description: 'No such price any more.' })
  @UNKNOWN_CUSTOMER_OR_SLUG
  removeForCustomer(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Param('slug', ParseSlugPipe) slug: string,
  ): Promise<void> {
    return this.prices.remove(actor, tenantId, customerId, slug);
  }

  @Put('customers/:id/prices/:slug/meters/:meter')
  @ApiOperation({
    summary: "Set a customer's own price per unit of one meter of a slug (beats the price for every customer); applies at once",
    description: PRICE_RANGE,
  })
  @METER
  @ApiOkResponse({ type: PriceView })
  @UNKNOWN_CUSTOMER_OR_SLUG
  setMeterForCustomer(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Param('slug', ParseSlugPipe) slug: string,
    @Param('meter') meter: string,
    @Body() body: SetPriceRequest,
  ): Promise<PriceView> {
    return this.prices.set(actor, tenantId, customerId, slug, meter, body);
  }

  @Delete('customers/:id/prices/:slug/meters/:meter')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove a customer's own price of one meter of a slug (idempotent; any meter name, billed or not)" })
  @METER
  @ApiNoContentResponse({ description: 'No such price any more.' })
  @UNKNOWN_CUSTOMER_OR_SLUG
  removeMeterForCustomer(
    @RequestActor() actor: Actor,
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Param('slug', ParseSlugPipe) slug: string,
    @Param('meter') meter: string,
  ): Promise<void> {
    return this.prices.remove(actor, tenantId, customerId, slug, meter);
  }
}
