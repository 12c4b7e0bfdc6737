import type { BudgetPeriod } from '../generated/prisma/enums';

export const BUDGET_PERIODS: readonly BudgetPeriod[] = ['daily', 'weekly', 'monthly', 'none'];

const DAY_MS = 86_400_000;
/** The start of a lifetime budget's one period. */
export const LIFETIME_START = new Date(0);

/**
 * The UTC calendar period of `period` that contains `at`: its start (inclusive) and end (exclusive;
 * null for a lifetime budget, which never resets). Weeks start on Monday (ISO 8601), as Postgres's
 * date_trunc('week') does: the audit writer assigns each record to a period with the SQL twin of
 * this function (BUDGET_PERIOD_START_SQL), and the two must agree to the millisecond.
 */
export function budgetPeriodOf(period: BudgetPeriod, at: Date): { start: Date; end: Date | null } {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const day = at.getUTCDate();
  switch (period) {
    case 'daily': {
      const start = Date.UTC(year, month, day);
      return { start: new Date(start), end: new Date(start + DAY_MS) };
    }
    case 'weekly': {
      // getUTCDay: Sunday = 0; days since Monday = (day + 6) % 7.
      const start = Date.UTC(year, month, day) - ((at.getUTCDay() + 6) % 7) * DAY_MS;
      return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
    }
    case 'monthly':
      return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
    case 'none':
      return { start: LIFETIME_START, end: null };
  }
}

/**
 * SQL of a budget period's start for a timestamp (`b` = the budgets row, `at` = a timestamptz
 * expression), in UTC: the twin of budgetPeriodOf.
 */
export function budgetPeriodStartSql(periodColumn: string, at: string): string {
  return (
    `CASE ${periodColumn} ` +
    `WHEN 'daily' THEN date_trunc('day', ${at}, 'UTC') ` +
    `WHEN 'weekly' THEN date_trunc('week', ${at}, 'UTC') ` +
    `WHEN 'monthly' THEN date_trunc('month', ${at}, 'UTC') ` +
    `ELSE 'epoch'::timestamptz END`
  );
}
