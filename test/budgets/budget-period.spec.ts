import { BUDGET_PERIODS, budgetPeriodOf, LIFETIME_START } from '../../src/budgets/budget-period';
import type { BudgetPeriod } from '../../src/generated/prisma/enums';
import { INSTANTS } from './budget-period-instants';

/**
 * budgetPeriodOf: the UTC calendar period of a budget that holds an instant (days, ISO weeks from
 * Monday, calendar months, the lifetime). That Postgres puts every instant in the same period is
 * budget-period.e2e-spec.ts.
 */
describe('budget periods (budgetPeriodOf)', () => {
  const at = (iso: string) => new Date(iso);

  it("ends each period at the next period's start, and the millisecond before the end is still in the period", () => {
    for (const period of BUDGET_PERIODS) {
      for (const instant of INSTANTS) {
        const { start, end } = budgetPeriodOf(period, instant);
        expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
        if (period === 'none') {
          expect([start.getTime(), end]).toEqual([LIFETIME_START.getTime(), null]);
          continue;
        }
        expect(end!.getTime()).toBeGreaterThan(instant.getTime());
        expect(budgetPeriodOf(period, end!).start.getTime()).toBe(end!.getTime());
        expect(budgetPeriodOf(period, new Date(end!.getTime() - 1)).start.getTime()).toBe(start.getTime());
        expect(budgetPeriodOf(period, start).start.getTime()).toBe(start.getTime());
      }
    }
  });

  it('puts known instants in the calendar periods a person would (UTC days, weeks from Monday, calendar months)', () => {
    const period = (p: BudgetPeriod, iso: string) => {
      const { start, end } = budgetPeriodOf(p, at(iso));
      return [start.toISOString(), end?.toISOString() ?? null];
    };
    expect(period('daily', '2024-02-29T23:59:59.999Z')).toEqual(['2024-02-29T00:00:00.000Z', '2024-03-01T00:00:00.000Z']);
    expect(period('daily', '2024-12-31T23:59:59.999Z')).toEqual(['2024-12-31T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
    // Sunday's last ms belongs to the week that began the Monday before; Monday 00:00 begins the next.
    expect(period('weekly', '2024-03-10T23:59:59.999Z')).toEqual(['2024-03-04T00:00:00.000Z', '2024-03-11T00:00:00.000Z']);
    expect(period('weekly', '2024-03-11T00:00:00.000Z')).toEqual(['2024-03-11T00:00:00.000Z', '2024-03-18T00:00:00.000Z']);
    expect(period('weekly', '2025-01-01T00:00:00.000Z')).toEqual(['2024-12-30T00:00:00.000Z', '2025-01-06T00:00:00.000Z']);
    expect(period('weekly', '1970-01-01T00:00:00.000Z')).toEqual(['1969-12-29T00:00:00.000Z', '1970-01-05T00:00:00.000Z']);
    expect(period('monthly', '2024-02-29T23:59:59.999Z')).toEqual(['2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z']);
    expect(period('monthly', '2100-02-28T23:59:59.999Z')).toEqual(['2100-02-01T00:00:00.000Z', '2100-03-01T00:00:00.000Z']);
    expect(period('monthly', '2024-12-31T23:59:59.999Z')).toEqual(['2024-12-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
    expect(period('none', '2024-12-31T23:59:59.999Z')).toEqual(['1970-01-01T00:00:00.000Z', null]);
  });
});
