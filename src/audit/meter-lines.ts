import { DEFAULT_METER, isMeter, METER_NAMES } from '../catalog/meters';
import type { BillingUnit, Meter } from '../generated/prisma/enums';
import type { AuditRecord } from './audit-record';

/**
 * Usage and money per meter as the audit trail and the reports show them: a call's meters (its
 * record's `meters`), or the sums of a slug's meters over a period (the meter rollups). Quantities
 * are in the meter's base measure (tokens, milliseconds, characters, items); money in pico-USD.
 * The meter lines of a record or a slug sum to its amounts exactly (billing rounds once per meter,
 * the record keeps each rounded amount, the rollups sum them in Postgres numeric).
 */
export interface MeterLine {
  meter: Meter;
  quantity: bigint;
  /** What the upstreams cost the operator. */
  wholesalePicoUsd: bigint;
  /** What the tenant owes the operator. */
  resalePicoUsd: bigint;
  /** What the caller was billed. */
  customerPicoUsd: bigint;
}

/** Meters in the order every answer, report and statement lists them (the enum's, METER_NAMES). */
export function byMeterOrder(a: { meter: Meter }, b: { meter: Meter }): number {
  return METER_NAMES.indexOf(a.meter) - METER_NAMES.indexOf(b.meter);
}

/**
 * A record's meter lines. A record from before meters (`meters` null) that billed something counts
 * as its slug unit's one meter, as the rollups and the migration count it (`billingUnit`: its
 * endpoint's; unknown → none); one that billed nothing has none.
 */
export function auditMeterLines(record: AuditRecord, billingUnit: BillingUnit | null): MeterLine[] {
  if (record.meters !== null) {
    return Object.entries(record.meters)
      .filter((entry): entry is [Meter, NonNullable<(typeof entry)[1]>] => isMeter(entry[0]) && entry[1] !== undefined)
      .map(([meter, [quantity, wholesale, resale, customer]]) => ({
        meter,
        quantity: BigInt(quantity),
        wholesalePicoUsd: BigInt(wholesale),
        resalePicoUsd: BigInt(resale),
        customerPicoUsd: BigInt(customer),
      }))
      .sort(byMeterOrder);
  }
  const billed =
    record.quantity !== 0n || record.wholesalePicoUsd !== 0n || record.resalePicoUsd !== 0n || record.customerPricePicoUsd !== 0n;
  if (!billed || billingUnit === null) return [];
  return [
    {
      meter: DEFAULT_METER[billingUnit],
      quantity: record.quantity,
      wholesalePicoUsd: record.wholesalePicoUsd,
      resalePicoUsd: record.resalePicoUsd,
      customerPicoUsd: record.customerPricePicoUsd,
    },
  ];
}

/** One meter's sums as Postgres gives them in JSON (decimal strings: numeric sums exceed a double). */
export interface MeterSumsText {
  meter: string;
  quantity: string;
  wholesale_pico_usd: string;
  resale_pico_usd: string;
  customer_price_pico_usd: string;
}

/** Meter lines from their sums as text, in meter order. */
export function meterLinesFromText(rows: readonly MeterSumsText[]): MeterLine[] {
  return rows
    .map((r) => {
      if (!isMeter(r.meter)) throw new Error(`not a meter: ${r.meter}`);
      return {
        meter: r.meter,
        quantity: BigInt(r.quantity),
        wholesalePicoUsd: BigInt(r.wholesale_pico_usd),
        resalePicoUsd: BigInt(r.resale_pico_usd),
        customerPicoUsd: BigInt(r.customer_price_pico_usd),
      };
    })
    .sort(byMeterOrder);
}
