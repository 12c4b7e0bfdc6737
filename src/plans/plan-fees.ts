/**
 * Plan fees: what a tenant owes for the plans it held, apart from its usage. A plan's monthly fee is
 * prorated by the time the plan was held in each UTC calendar month, to the millisecond:
 *
 *   fee of a stretch = floor(monthly fee × milliseconds held / milliseconds of the month)
 *
 * in exact integer pico-USD, one rounding (down) per stretch. A plan held the whole month costs its
 * fee exactly; a change within the month splits it (each plan its share, rounded down: the tenant
 * never pays more than the fee of the dearer plan). The same computation serves the statements (one
 * month) and the operator's revenue report (any period: its months, each clipped to the period).
 */
import { addMonths, monthOf } from '../common/time/utc-month';

/** One row of a tenant's plan history: from `effectiveFrom` until the next row's. */
export interface PlanAssignment {
  tenantId: string;
  /** Null: no plan from then on. */
  planId: string | null;
  planName: string | null;
  /** 0 without a plan. */
  monthlyFeePicoUsd: bigint;
  effectiveFrom: Date;
}

/** One paid plan held in one month (within the period asked for), and its prorated fee. */
export interface PlanFeeLine {
  planId: string | null;
  planName: string;
  monthlyFeePicoUsd: bigint;
  /** When the stretch starts (inclusive) and ends (exclusive), within one month. */
  from: Date;
  until: Date;
  feePicoUsd: bigint;
}

/** A period: `from` inclusive, `to` exclusive. */
export interface FeePeriod {
  from: Date;
  to: Date;
}

/** The monthly fee prorated to `heldMs` of a month of `monthMs`: rounded down to the pico-USD. */
export function proratedFee(monthlyFeePicoUsd: bigint, heldMs: number, monthMs: number): bigint {
  return (monthlyFeePicoUsd * BigInt(heldMs)) / BigInt(monthMs);
}

/**
 * The fee lines of one tenant's history over `period`: for each month the period touches, each paid
 * plan held in that month's part of the period, prorated by the month's length. `history` is the
 * tenant's rows in order (effective time, then the order they were written), including the last one
 * before the period; the last row holds on past the period's end.
 */
export function planFeeLines(history: readonly PlanAssignment[], period: FeePeriod): PlanFeeLine[] {
  const lines: PlanFeeLine[] = [];
  for (let i = 0; i < history.length; i++) {
    const held = history[i];
    if (held.planId === null || held.monthlyFeePicoUsd <= 0n) continue;
    const heldUntil = i + 1 < history.length ? history[i + 1].effectiveFrom : period.to;
    const start = max(held.effectiveFrom, period.from);
    const end = min(heldUntil, period.to);
    // Month by month: a stretch that spans a month's end is prorated in each month by that month's length.
    for (let from = start; from < end;) {
      const month = monthOf(from);
      const monthEnd = addMonths(month, 1);
      const until = min(end, monthEnd);
      lines.push({
        planId: held.planId,
        planName: held.planName ?? '',
        monthlyFeePicoUsd: held.monthlyFeePicoUsd,
        from,
        until,
        feePicoUsd: proratedFee(held.monthlyFeePicoUsd, until.getTime() - from.getTime(), monthEnd.getTime() - month.getTime()),
      });
      from = until;
    }
  }
  return lines;
}

/** The sum of fee lines. */
export function feeOf(lines: readonly PlanFeeLine[]): bigint {
  return lines.reduce((sum, line) => sum + line.feePicoUsd, 0n);
}

/** The histories of many tenants (rows in order) by tenant. */
export function byTenant(rows: readonly PlanAssignment[]): Map<string, PlanAssignment[]> {
  const histories = new Map<string, PlanAssignment[]>();
  for (const row of rows) {
    const history = histories.get(row.tenantId);
    if (history) history.push(row);
    else histories.set(row.tenantId, [row]);
  }
  return histories;
}

function max(a: Date, b: Date): Date {
  return a > b ? a : b;
}

function min(a: Date, b: Date): Date {
  return a < b ? a : b;
}
