import { Injectable } from '@nestjs/common';
import { maxCustomerPricePicoUsdPerUnit } from '../../billing/billing.service';
import { BILLING_UNITS } from '../../catalog/billing-units';
import { DEFAULT_METER } from '../../catalog/meters';
import type { Meter } from '../../generated/prisma/enums';
import { CatalogService, toEntry } from '../../catalog/catalog.service';
import { GatewayError } from '../../common/errors/error-catalog';
import { MAX_PICO_USD, picoUsdToDecimalString, usdToPicoUsd } from '../../common/money/money';
import { CustomersService } from '../../customers/customers.service';
import { KeysService } from '../../keys/keys.service';
import { PricesService } from '../../prices/prices.service';
import { PriceListView, PriceView, SetPriceRequest } from './dto/price.dto';

/**
 * The calling tenant's prices for its customers. A slug must name a catalog endpoint (404
 * endpoint_not_found otherwise, as everywhere a slug is looked up); a customer must be the tenant's
 * (404 resource_not_found otherwise, checked first). A change applies on every gateway process at
 * once: the cached keys of the tenant (tenant-wide price) or of the customer are invalidated. A price
 * must keep a call at the slug's quantity cap within what a ledger row holds (400 otherwise).
 */
@Injectable()
export class ResellerPricesService {
  constructor(
    private readonly prices: PricesService,
    private readonly keys: KeysService,
    private readonly customers: CustomersService,
    private readonly catalog: CatalogService,
  ) {}

  async list(tenantId: string): Promise<PriceListView> {
    return { data: (await this.prices.list(tenantId, null)).map(PriceView.from) };
  }

  async set(tenantId: string, slug: string, body: SetPriceRequest): Promise<PriceView> {
    const price = await this.prices.set(tenantId, null, slug, ...(await this.acceptedPrice(slug, body)));
    await this.keys.invalidateTenant(tenantId);
    return PriceView.from(price);
  }

  /** Idempotent: no price afterwards, whether there was one or not. */
  async remove(tenantId: string, slug: string): Promise<void> {
    await this.catalog.requireStored(slug);
    if (await this.prices.remove(tenantId, null, slug)) await this.keys.invalidateTenant(tenantId);
  }

  async listOfCustomer(tenantId: string, customerId: string): Promise<PriceListView> {
    await this.customers.get(tenantId, customerId);
    return { data: (await this.prices.list(tenantId, customerId)).map(PriceView.from) };
  }

  async setForCustomer(tenantId: string, customerId: string, slug: string, body: SetPriceRequest): Promise<PriceView> {
    await this.customers.get(tenantId, customerId);
    const price = await this.prices.set(tenantId, customerId, slug, ...(await this.acceptedPrice(slug, body)));
    await this.keys.invalidateCustomer(customerId);
    return PriceView.from(price);
  }

  async removeForCustomer(tenantId: string, customerId: string, slug: string): Promise<void> {
    await this.customers.get(tenantId, customerId);
    await this.catalog.requireStored(slug);
    if (await this.prices.remove(tenantId, customerId, slug)) await this.keys.invalidateCustomer(customerId);
  }

  /**
   * The price in pico-USD, or 400 invalid_request where a call at the slug's quantity cap (for any
   * of its models) would be billed more than an int8 ledger amount holds: billing never lowers the
   * quantity for a tenant's price (what the operator is owed follows the catalog only).
   */
  private async acceptedPrice(slug: string, body: SetPriceRequest): Promise<[Meter, bigint]> {
    const endpoint = toEntry(await this.catalog.requireStored(slug));
    const price = usdToPicoUsd(body.price_usd_per_unit);
    const meter = DEFAULT_METER[endpoint.billingUnit];
    const highest = maxCustomerPricePicoUsdPerUnit(endpoint, meter);
    if (highest === null) {
      throw new GatewayError(
        'invalid_request',
        `${slug} is not priced per ${BILLING_UNITS[endpoint.billingUnit].label}: set a price per meter.`,
      );
    }
    if (price > highest) {
      const unit = BILLING_UNITS[endpoint.billingUnit].label;
      throw new GatewayError(
        'invalid_request',
        `price_usd_per_unit is above the highest price of ${slug}, $${picoUsdToDecimalString(highest)} per ${unit}: ` +
          `a call at its quantity cap would be billed more than $${picoUsdToDecimalString(MAX_PICO_USD)}.`,
        { max_price_per_unit_usd: picoUsdToDecimalString(highest) },
      );
    }
    return [meter, price];
  }
}
