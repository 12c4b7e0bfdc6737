import { Injectable } from '@nestjs/common';
import { CatalogService } from '../../catalog/catalog.service';
import { usdToPicoUsd } from '../../common/money/money';
import { CustomersService } from '../../customers/customers.service';
import { KeysService } from '../../keys/keys.service';
import { PricesService } from '../../prices/prices.service';
import { PriceListView, PriceView, SetPriceRequest } from './dto/price.dto';

/**
 * The calling tenant's prices for its customers. A slug must name a catalog endpoint (404
 * endpoint_not_found otherwise, as everywhere a slug is looked up); a customer must be the tenant's
 * (404 resource_not_found otherwise, checked first). A change applies on every gateway process at
 * once: the cached keys of the tenant (tenant-wide price) or of the customer are invalidated.
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
    await this.catalog.requireStored(slug);
    const price = await this.prices.set(tenantId, null, slug, usdToPicoUsd(body.price_usd_per_unit));
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
    await this.catalog.requireStored(slug);
    const price = await this.prices.set(tenantId, customerId, slug, usdToPicoUsd(body.price_usd_per_unit));
    await this.keys.invalidateCustomer(customerId);
    return PriceView.from(price);
  }

  async removeForCustomer(tenantId: string, customerId: string, slug: string): Promise<void> {
    await this.customers.get(tenantId, customerId);
    await this.catalog.requireStored(slug);
    if (await this.prices.remove(tenantId, customerId, slug)) await this.keys.invalidateCustomer(customerId);
  }
}
