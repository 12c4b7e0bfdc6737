/**
 * UTC calendar months, held as the instant of their first day at 00:00 UTC: the months of
 * statements, budgets' monthly periods and plan fees alike.
 */

/** The month that contains `at`. */
export function monthOf(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The month `count` months after `month` (before, for a negative count). */
export function addMonths(month: Date, count: number): Date {
  return new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + count, 1));
}
