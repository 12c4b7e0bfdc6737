/**
 * A scope's prices per meter as the price editor shows them: for each meter of each slug, the list
 * price, the reseller's cost (the list price under its plan's discount), what the scope pays now and
 * why, and the margin. Pure: PricesEditor composes it with its queries.
 */
import type { PublicEndpointView } from '@unified-api-gateway/sdk';
import { appliedPrice, meterRows, paysPicoUsd, type AppliedPrice, type MeterRow, type ScopePrices } from '../../lib/customer-prices';
import { formatBps } from '../../lib/format';
import { discountedPicoUsd } from '../../lib/money';

export interface Pricing {
  rows: MeterRow[];
  forCustomer: boolean;
  /** What the reseller owes per unit: the list price under its plan's discount. */
  costPico: (row: MeterRow) => bigint;
  /** What the scope pays per unit now, and why. */
  paysPico: (row: MeterRow) => bigint;
  applied: (row: MeterRow) => AppliedPrice;
  /** The scope's own fixed price of the meter, if it has one. */
  ownUsd: (row: MeterRow) => string | undefined;
  /** How the cost is made, for the price dialog's hint. */
  costNote: string;
}

export function pricing(
  endpoints: readonly PublicEndpointView[],
  own: ScopePrices,
  fallback: ScopePrices | null,
  discountBps: number,
  forCustomer: boolean,
): Pricing {
  const costPico = (row: MeterRow) => discountedPicoUsd(row.listPico, discountBps);
  const applied = (row: MeterRow) => appliedPrice(row, own, fallback);
  return {
    rows: meterRows(endpoints),
    forCustomer,
    costPico,
    applied,
    paysPico: (row) => paysPicoUsd(row, applied(row), discountBps),
    ownUsd: (row) => own.prices.find((p) => p.slug === row.slug && p.meter === row.meter)?.price_usd_per_unit,
    costNote:
      discountBps > 0 ? `the list price less your plan's ${formatBps(discountBps)} discount` : 'the list price: your plan has no discount',
  };
}

/** A meter of a slug, in a title or a button's label: "text.generate per 1k output tokens". */
export const meterName = (row: MeterRow) => `${row.slug} per ${row.unitLabel}`;

/** Where the price that applies comes from, in words. */
export function appliedSource(applied: AppliedPrice, forCustomer: boolean): string {
  if (applied.kind === 'list') return 'list price';
  const whose = !forCustomer ? '' : applied.own ? 'its own ' : 'every customer’s ';
  if (applied.kind === 'fixed') return forCustomer ? `${whose}price` : 'your price';
  return `${whose}markup of ${formatBps(applied.bps)}${applied.everySlug ? ' on every slug' : ''}`;
}
