import { Injectable } from '@nestjs/common';
import type { Actor } from '../../activity/actor';
import { customerPricedMeters, maxCustomerPricePicoUsdPerUnit } from '../../billing/billing.service';
import { EVERY_SLUG } from '../../keys/customer-prices';
import { BILLING_UNITS } from '../../catalog/billing-units';
import type { CatalogEntry } from '../../catalog/catalog-entry';
import { DEFAULT_METER, isMeter, METERS } from '../../catalog/meters';
import type { Meter } from '../../generated/prisma/enums';
import { CatalogService, toEntry } from '../../catalog/catalog.service';
import { GatewayError } from '../../common/errors/error-catalog';
import { MAX_PICO_USD, picoUsdToDecimalString, usdToPicoUsd } from '../../common/money/money';
import { CustomersService } from '../../customers/customers.service';
import { KeysService } from '../../keys/keys.service';
import { PricesService } from '../../prices/prices.service';
import { SetMarkupRequest } from './dto/markup.requests';
import { MarkupListView, MarkupView } from './dto/markup.view';
import { SetPriceRequest } from './dto/price.requests';
import { PriceListView, PriceView } from './dto/price.view';

/**
 * The calling tenant's prices for its customers: fixed prices per meter of a slug and markups over
 * its resale figure, for every customer (`customerId` null) or for one. Checked in this order: a
 * customer must be the tenant's (404 resource_not_found otherwise), a slug must name a catalog
 * endpoint (404 endpoint_not_found, as everywhere a slug is looked up; `*` for a markup on every
 * slug), a meter must be one the slug bills (400, with the slug's meters). A change applies on every
 * gateway process at once: the cached keys of the tenant (for every customer) or of the customer are
 * invalidated. A fixed price must keep a call at the meter's quantity cap within what a ledger row
 * holds (400 otherwise); a markup is bounded by MAX_MARKUP_BPS and, at a cap, by billing.
 */
@Injectable()
export class ResellerPricesService {
  constructor(
    private readonly prices: PricesService,
    private readonly keys: KeysService,
    private readonly customers: CustomersService,
    private readonly catalog: CatalogService,
  ) {}

  async list(tenantId: string, customerId: string | null): Promise<PriceListView> {
    await this.requireScope(tenantId, customerId);
    return { data: (await this.prices.list(tenantId, customerId)).map(PriceView.from) };
  }

  /** Sets the price of one meter of a slug; `meter` undefined: the meter of the slug's billing unit (a single-meter slug's one). */
  async set(
    actor: Actor,
    tenantId: string,
    customerId: string | null,
    slug: string,
    meter: string | undefined,
    body: SetPriceRequest,
  ): Promise<PriceView> {
    await this.requireScope(tenantId, customerId);
    const endpoint = toEntry(await this.catalog.requireStored(slug));
    const priced = meter === undefined ? this.unitMeter(endpoint) : this.billedMeter(endpoint, meter);
    const price = await this.prices.set(
      actor,
      tenantId,
      customerId,
      slug,
      priced,
      this.acceptedPrice(endpoint, priced, body),
      listCost(endpoint, priced),
    );
    await this.invalidate(tenantId, customerId);
    return PriceView.from(price);
  }

  /**
   * Idempotent: no such price afterwards, whether there was one or not. `meter` undefined: every
   * meter's price of the slug. Any meter name is accepted, not only those the slug bills now: a
   * price left on a meter the operator has since dropped can still be removed.
   */
  async remove(actor: Actor, tenantId: string, customerId: string | null, slug: string, meter?: string): Promise<void> {
    await this.requireScope(tenantId, customerId);
    const endpoint = toEntry(await this.catalog.requireStored(slug));
    if (meter !== undefined && !isMeter(meter)) throw this.notBilled(endpoint, meter);
    if (await this.prices.remove(actor, tenantId, customerId, slug, meter)) await this.invalidate(tenantId, customerId);
  }

  async listMarkups(tenantId: string, customerId: string | null): Promise<MarkupListView> {
    await this.requireScope(tenantId, customerId);
    return { data: (await this.prices.listMarkups(tenantId, customerId)).map(MarkupView.from) };
  }

  /** Sets the markup on a slug, or on every slug (`*`). */
  async setMarkup(actor: Actor, tenantId: string, customerId: string | null, slug: string, body: SetMarkupRequest): Promise<MarkupView> {
    await this.requireScope(tenantId, customerId);
    if (slug !== EVERY_SLUG) await this.catalog.requireStored(slug);
    const markup = await this.prices.setMarkup(actor, tenantId, customerId, slug, body.markup_bps);
    await this.invalidate(tenantId, customerId);
    return MarkupView.from(markup);
  }

  /** Idempotent, like `remove`. */
  async removeMarkup(actor: Actor, tenantId: string, customerId: string | null, slug: string): Promise<void> {
    await this.requireScope(tenantId, customerId);
    if (slug !== EVERY_SLUG) await this.catalog.requireStored(slug);
    if (await this.prices.removeMarkup(actor, tenantId, customerId, slug)) await this.invalidate(tenantId, customerId);
  }

  /** 404 resource_not_found for a customer that is not the tenant's (or deleted); nothing for every customer. */
  private async requireScope(tenantId: string, customerId: string | null): Promise<void> {
    if (customerId !== null) await this.customers.get(tenantId, customerId);
  }

  private invalidate(tenantId: string, customerId: string | null): Promise<void> {
    return customerId === null ? this.keys.invalidateTenant(tenantId) : this.keys.invalidateCustomer(customerId);
  }

  /** The meter of the slug's billing unit, for the routes without a meter: 400 on a slug priced in other meters. */
  private unitMeter(endpoint: CatalogEntry): Meter {
    const meter = DEFAULT_METER[endpoint.billingUnit];
    if (maxCustomerPricePicoUsdPerUnit(endpoint, meter) !== null) return meter;
    const meters = customerPricedMeters(endpoint);
    throw new GatewayError(
      'invalid_request',
      `${endpoint.slug} is not priced per ${BILLING_UNITS[endpoint.billingUnit].label} but per meter (${meters.join(', ')}): ` +
        `set a price per meter with PUT …/prices/${endpoint.slug}/meters/{meter}.`,
      { meters },
    );
  }

  /** The meter named in the path, if the slug bills it (some price of the slug, the endpoint's or a model's, has it). */
  private billedMeter(endpoint: CatalogEntry, meter: string): Meter {
    if (isMeter(meter) && maxCustomerPricePicoUsdPerUnit(endpoint, meter) !== null) return meter;
    throw this.notBilled(endpoint, meter);
  }

  private notBilled(endpoint: CatalogEntry, meter: string): GatewayError {
    const meters = customerPricedMeters(endpoint);
    return new GatewayError(
      'invalid_request',
      `${JSON.stringify(meter)} is not a meter ${endpoint.slug} bills; its meters: ${meters.join(', ')}.`,
      { meters },
    );
  }

  /**
   * The price in pico-USD, or 400 invalid_request where a call at the meter's quantity cap (for any
   * of the slug's prices) would be billed more than the meter's share of an int8 ledger amount:
   * billing never lowers the quantity for a tenant's price (what the operator is owed follows the
   * catalog only).
   */
  private acceptedPrice(endpoint: CatalogEntry, meter: Meter, body: SetPriceRequest): bigint {
    const price = usdToPicoUsd(body.price_usd_per_unit);
    const highest = maxCustomerPricePicoUsdPerUnit(endpoint, meter)!;
    if (price > highest) {
      throw new GatewayError(
        'invalid_request',
        `price_usd_per_unit is above the highest price of ${endpoint.slug}, $${picoUsdToDecimalString(highest)} per ${METERS[meter].label}: ` +
          `a call at its quantity cap would be billed more than $${picoUsdToDecimalString(MAX_PICO_USD)}.`,
        { max_price_per_unit_usd: picoUsdToDecimalString(highest) },
      );
    }
    return price;
  }
}

/** The tenant's list cost of a meter (the highest of the slug's prices, before a plan discount): a price below it loses on some call. */
function listCost(endpoint: CatalogEntry, meter: Meter): bigint | undefined {
  let highest: bigint | undefined;
  for (const pricing of endpoint.models.length > 0 ? endpoint.models : [endpoint.pricing]) {
    const price = pricing.meters.find((p) => p.meter === meter);
    if (price && (highest === undefined || price.resalePicoUsdPerUnit > highest)) highest = price.resalePicoUsdPerUnit;
  }
  return highest;
}
