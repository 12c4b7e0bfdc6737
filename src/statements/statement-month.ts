/**
 * Statement months: UTC calendar months, as budgets' monthly periods are. A month is held as the
 * instant of its first day at 00:00 UTC and written `YYYY-MM`; SQL gets its days as `YYYY-MM-DD`
 * text, never a timestamp a session time zone could shift.
 */
import { addMonths, monthOf } from '../common/time/utc-month';

/** `YYYY-MM`, a month 01–12 of a year 0001–9999. */
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

// The month arithmetic is shared with plan fees (plans), which statements depend on.
export { addMonths, monthOf };

/** `YYYY-MM`. */
export function formatMonth(month: Date): string {
  return month.toISOString().slice(0, 7);
}

/** The month's first day, `YYYY-MM-DD`: how SQL is given a month (a `date`). */
export function monthDay(month: Date): string {
  return month.toISOString().slice(0, 10);
}

/** A `YYYY-MM` text as its month, or null when it is not one (`2026-13`, `2026-1`, `0000-01`). */
export function parseMonth(text: string): Date | null {
  const match = MONTH_PATTERN.exec(text);
  if (!match || match[1] === '0000') return null;
  const month = new Date(Date.UTC(2000, Number(match[2]) - 1, 1));
  // Date.UTC maps the years 0–99 to 1900–1999: set the year on its own.
  month.setUTCFullYear(Number(match[1]));
  return month;
}

/**
 * The latest month whose statements are due to close at `now`: every month that ended at least
 * `graceMinutes` ago, that is every month before the one that held `now − grace`.
 */
export function lastDueMonth(now: Date, graceMinutes: number): Date {
  return addMonths(monthOf(new Date(now.getTime() - graceMinutes * 60_000)), -1);
}

/** When the month after the last due one falls due: the end of the month holding `now − grace`, plus the grace. */
export function nextCloseDueAt(now: Date, graceMinutes: number): Date {
  return new Date(addMonths(lastDueMonth(now, graceMinutes), 2).getTime() + graceMinutes * 60_000);
}
