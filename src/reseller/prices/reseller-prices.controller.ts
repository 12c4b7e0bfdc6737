import { Body, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ParseSlugPipe } from '../../catalog/parse-slug.pipe';
import { ParseId } from '../../common/http/parse-id.pipe';
import { ApiErrorResponses } from '../../common/openapi/openapi.decorators';
import { CallingTenant } from '../auth/reseller-auth.guard';
import { ResellerApi } from '../reseller-api.decorator';
import { PriceListView, PriceView, SetPriceRequest } from './dto/price.dto';
import { ResellerPricesService } from './reseller-prices.service';

const UNKNOWN_SLUG = ApiErrorResponses([{ status: 404, codes: ['endpoint_not_found'] }]);
const UNKNOWN_CUSTOMER = ApiErrorResponses([{ status: 404, codes: ['resource_not_found'] }]);
const UNKNOWN_CUSTOMER_OR_SLUG = ApiErrorResponses([{ status: 404, codes: ['resource_not_found', 'endpoint_not_found'] }]);

/**
 * The prices your customers pay, per slug and billing unit: for every customer, and per customer
 * (a customer's price beats the one for every customer). Without either, a customer pays the
 * catalog's list price (the resale price before your plan's discount, which is then your margin);
 * your own keys always pay your resale price (the catalog's, under your plan's discount).
 */

const PRICE_RANGE =
  "A price is at most the slug's highest: a call at the slug's quantity cap (for any of its models) must be billed within " +
  '$9,223,372.036854775807 (what a ledger amount holds); above it the answer is 400 invalid_request with ' +
  '`details.max_price_per_unit_usd`. A price below your resale price is accepted: the difference is your loss.';
@ResellerApi('prices')
export class ResellerPricesController {
  constructor(private readonly prices: ResellerPricesService) {}

  @Get('prices')
  @ApiOperation({ summary: 'The prices every customer pays (where it has none of its own), by slug' })
  @ApiOkResponse({ type: PriceListView })
  list(@CallingTenant() tenantId: string): Promise<PriceListView> {
    return this.prices.list(tenantId);
  }

  @Put('prices/:slug')
  @ApiOperation({
    summary: 'Set the price every customer pays for a slug (every model of it), per billing unit; applies at once',
    description: PRICE_RANGE,
  })
  @ApiOkResponse({ type: PriceView })
  @UNKNOWN_SLUG
  set(@CallingTenant() tenantId: string, @Param('slug', ParseSlugPipe) slug: string, @Body() body: SetPriceRequest): Promise<PriceView> {
    return this.prices.set(tenantId, slug, body);
  }

  @Delete('prices/:slug')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove the price for every customer of a slug (idempotent): the catalog's list price applies again" })
  @ApiNoContentResponse({ description: 'No such price any more.' })
  @UNKNOWN_SLUG
  remove(@CallingTenant() tenantId: string, @Param('slug', ParseSlugPipe) slug: string): Promise<void> {
    return this.prices.remove(tenantId, slug);
  }

  @Get('customers/:id/prices')
  @ApiOperation({ summary: "A customer's own prices, by slug (the prices for every customer apply to the other slugs)" })
  @ApiOkResponse({ type: PriceListView })
  @UNKNOWN_CUSTOMER
  listOfCustomer(@CallingTenant() tenantId: string, @Param('id', ParseId) customerId: string): Promise<PriceListView> {
    return this.prices.listOfCustomer(tenantId, customerId);
  }

  @Put('customers/:id/prices/:slug')
  @ApiOperation({
    summary: "Set a customer's own price for a slug (beats the price for every customer); applies at once",
    description: PRICE_RANGE,
  })
  @ApiOkResponse({ type: PriceView })
  @UNKNOWN_CUSTOMER_OR_SLUG
  setForCustomer(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Param('slug', ParseSlugPipe) slug: string,
    @Body() body: SetPriceRequest,
  ): Promise<PriceView> {
    return this.prices.setForCustomer(tenantId, customerId, slug, body);
  }

  @Delete('customers/:id/prices/:slug')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove a customer's own price for a slug (idempotent): the price for every customer applies again" })
  @ApiNoContentResponse({ description: 'No such price any more.' })
  @UNKNOWN_CUSTOMER_OR_SLUG
  removeForCustomer(
    @CallingTenant() tenantId: string,
    @Param('id', ParseId) customerId: string,
    @Param('slug', ParseSlugPipe) slug: string,
  ): Promise<void> {
    return this.prices.removeForCustomer(tenantId, customerId, slug);
  }
}
