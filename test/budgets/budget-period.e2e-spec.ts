import { Client } from 'pg';
import { BUDGET_PERIODS, budgetPeriodOf, budgetPeriodStartSql } from '../../src/budgets/budget-period';
import type { BudgetPeriod } from '../../src/generated/prisma/enums';
import { testDatabaseUrl } from '../support/test-env';
import { INSTANTS } from './budget-period-instants';

/**
 * budgetPeriodOf (what a call holds, in the gateway) and budgetPeriodStartSql (where the audit
 * writer books the call, in Postgres) must put every instant in the same period, to the
 * millisecond: otherwise a hold and its settlement land on different store keys and the ledger
 * starts a period the gateway does not check. budgetPeriodOf's own rules: budget-period.spec.ts.
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
});
