import type { CatalogEndpoint, EndpointModel } from '../generated/prisma/client';
import type { Meter } from '../generated/prisma/enums';

/** One meter of a price as the operator (or the seed, or a test) defines it: pico-USD per the meter's unit. */
export interface MeterPriceDefinition {
  meter: Meter;
  wholesalePicoUsdPerUnit: bigint;
  resalePicoUsdPerUnit: bigint;
}

/**
 * A price: its meters (`prices`), or the shorthand of a price in the slug's billing unit alone (the
 * one meter of DEFAULT_METER), as every price was before meters.
 */
export type PriceDefinition =
  | { prices: MeterPriceDefinition[]; wholesalePicoUsdPerUnit?: undefined; resalePicoUsdPerUnit?: undefined }
  | { prices?: undefined; wholesalePicoUsdPerUnit: bigint; resalePicoUsdPerUnit: bigint };

/**
 * What defines a catalog endpoint: the Prisma model's fields (prisma/schema.prisma says what each
 * means) but its identity, timestamps and enabled flag, and its price. The seed, the operator API and
 * the tests all define endpoints in this one shape.
 */
export type EndpointDefinition = Omit<CatalogEndpoint, 'id' | 'createdAt' | 'updatedAt' | 'enabled'> & PriceDefinition;

/** A new endpoint as the operator API gives it: its billing unit follows from the slug's category. */
export type NewEndpoint = Omit<CatalogEndpoint, 'id' | 'createdAt' | 'updatedAt' | 'enabled' | 'category' | 'billingUnit'> &
  PriceDefinition;

/**
 * What the operator may change on an endpoint (its slug, category and billing unit are fixed). A
 * price change replaces the endpoint's own price (`prices`), or sets either side of its one meter in
 * the billing unit (the shorthand; refused on an endpoint priced in other meters).
 */
export type EndpointChanges = Partial<Omit<CatalogEndpoint, 'id' | 'createdAt' | 'updatedAt' | 'slug' | 'category' | 'billingUnit'>> & {
  enabled?: boolean;
  prices?: MeterPriceDefinition[];
  wholesalePicoUsdPerUnit?: bigint;
  resalePicoUsdPerUnit?: bigint;
};

/** A model a caller may choose on an endpoint, at its own price. */
export type ModelDefinition = Pick<EndpointModel, 'name'> & Partial<Pick<EndpointModel, 'maxOutputTokens'>> & PriceDefinition;
