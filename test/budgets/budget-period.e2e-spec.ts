import { Client } from 'pg';
import { BUDGET_PERIODS, budgetPeriodOf, budgetPeriodStartSql, LIFETIME_START } from '../../src/budgets/budget-period';
import type { BudgetPeriod } from '../../src/generated/prisma/enums';
import { testDatabaseUrl } from '../support/test-env';

/**
 * budgetPeriodOf (what a call holds, in the gateway) and budgetPeriodStartSql (where the audit
 * writer books the call, in Postgres) must put every instant in the same period, to the
 * millisecond: otherwise a hold and its settlement land on different store keys and the ledger
 * starts a period the gateway does not check.
 */
describe('budget periods: budgetPeriodOf and its SQL twin agree to the millisecond', () => {
  let pg: Client;

  beforeAll(async () => {
    pg = new Client({ connectionString: testDatabaseUrl() });
    await pg.connect();
  });

  afterAll(async () => {
    await pg.end();
  });

  const at = (iso: string) => new Date(iso);

  /** Boundary instants (all UTC). */
  const INSTANTS = [
    // Last and first millisecond of a day, inside a week and a month.
    '2025-06-17T23:59:59.999Z',
    '2025-06-18T00:00:00.000Z',
    // A Sunday's last millisecond and the Monday after (a week boundary: ISO weeks start on Monday).
    '2024-03-10T23:59:59.999Z',
    '2024-03-11T00:00:00.000Z',
    // Leap day: the 29th's first and last ms, the 28th's last ms, and March 1st.
    '2024-02-28T23:59:59.999Z',
    '2024-02-29T00:00:00.000Z',
    '2024-02-29T23:59:59.999Z',
    '2024-03-01T00:00:00.000Z',
    // A year that is not a leap year (divisible by 100, not by 400), and one that is (by 400).
    '2100-02-28T23:59:59.999Z',
    '2100-03-01T00:00:00.000Z',
    '2000-02-29T12:00:00.000Z',
    // Dec 31 → Jan 1, also a week that spans two years (2024-12-30 is a Monday).
    '2024-12-31T23:59:59.999Z',
    '2025-01-01T00:00:00.000Z',
    '2025-01-05T23:59:59.999Z',
    '2025-01-06T00:00:00.000Z',
    '2020-12-31T23:59:59.999Z',
    // A 30-day month's end, and a 31-day one's.
    '2025-04-30T23:59:59.999Z',
    '2025-05-01T00:00:00.000Z',
    '2025-05-31T23:59:59.999Z',
    // The epoch (a Thursday: its week started in 1969) and past 2^31 seconds.
    '1970-01-01T00:00:00.000Z',
    '1970-01-01T00:00:00.001Z',
    '2038-01-19T03:14:08.000Z',
    // Days on which local clocks change (none of which may matter: every period is UTC).
    '2025-03-30T00:59:59.999Z',
    '2025-03-30T01:00:00.000Z',
    '2025-10-26T00:59:59.999Z',
    // An arbitrary millisecond.
    '2026-11-24T04:37:12.345Z',
  ].map(at);

  /** Every (period, instant), with each JS period's end and the millisecond before it (the other side of the boundary). */
  function cases(): Array<{ period: BudgetPeriod; at: Date }> {
    const out: Array<{ period: BudgetPeriod; at: Date }> = [];
    for (const period of BUDGET_PERIODS) {
      for (const instant of INSTANTS) {
        out.push({ period, at: instant });
        const { end } = budgetPeriodOf(period, instant);
        if (end) out.push({ period, at: end }, { period, at: new Date(end.getTime() - 1) });
      }
    }
    return out;
  }

  /** The SQL twin's period start for each case, evaluated by Postgres in the given session time zone. */
  async function sqlStarts(all: Array<{ period: BudgetPeriod; at: Date }>, timeZone: string): Promise<Date[]> {
    await pg.query(`SET TIME ZONE '${timeZone}'`);
    try {
      const { rows } = await pg.query<{ start: Date }>(
        `SELECT ${budgetPeriodStartSql('t.period', 't.at')} AS start
         FROM unnest($1::"BudgetPeriod"[], $2::timestamptz[]) WITH ORDINALITY AS t(period, at, n) ORDER BY t.n`,
        [all.map((c) => c.period), all.map((c) => c.at.toISOString())],
      );
      return rows.map((r) => r.start);
    } finally {
      await pg.query('RESET TIME ZONE');
    }
  }

  it('gives the same period start as Postgres for every boundary instant and period, whatever the session time zone', async () => {
    const all = cases();
    const js = all.map((c) => `${c.period} ${c.at.toISOString()} → ${budgetPeriodOf(c.period, c.at).start.toISOString()}`);
    // Zones 14 h ahead, 3.5 h behind, 12.75 h ahead, and one with summer time: date_trunc(…, 'UTC') must not care.
    for (const zone of ['UTC', 'Pacific/Kiritimati', 'America/St_Johns', 'Pacific/Chatham', 'Europe/Berlin']) {
      const sql = await sqlStarts(all, zone);
      expect(sql).toHaveLength(all.length);
      expect(all.map((c, i) => `${c.period} ${c.at.toISOString()} → ${sql[i].toISOString()}`)).toEqual(js);
    }
  });

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
