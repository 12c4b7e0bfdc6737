import { Inject, Injectable, Logger } from '@nestjs/common';
import { auditBatchParameterSql, type AuditBatchLedger, type AuditRecord } from '../audit/audit-record';
import type { BudgetPeriod } from '../generated/prisma/enums';
import { RATE_LIMIT_STORE, RateLimitStore } from '../rate-limit/rate-limit.types';
import { BudgetAlerts } from './budget-alerts';
import { BUDGET_ALERTS_CTE } from './budget-alerts.repository';
import { budgetPeriodOf, budgetPeriodStartSql } from './budget-period';
import { budgetStateKey } from './budget-state-key';

/** One budget period a batch added to: its ledger total after the batch, and the alerts the batch recorded. */
export interface BookedRow {
  budget_id: string;
  tenant_id: string;
  period: BudgetPeriod;
  period_start: Date;
  spent: string;
  /** The budget alerts (thresholds crossed) this batch recorded for the period. */
  alert_ids: string[];
}

const p = auditBatchParameterSql;

/**
 * The ledger's part of every audit batch statement (see BudgetLedger). A record counts on two
 * kinds of budget:
 * - those its call held (named on the record): the usual case, and the calls whose holds settle;
 * - the budgets of its key, customer and tenant that it did not hold: set after the call was
 *   made, or while the process that served it still had the key cached without them. A budget's
 *   ledger row starts from the audit records present when it is set (PrismaBudgetsRepository.put,
 *   which locks out batch inserts meanwhile), so a record inserted once the budget is visible was
 *   not in that sum; without this, the calls buffered by the audit writers when a budget is set
 *   would never count on it.
 * Only rows this statement inserted count (`inserted`): a retried batch adds nothing twice.
 */
export const BUDGET_LEDGER_SQL = `,
batch AS (
  SELECT * FROM unnest(${p('id')}, ${p('createdAt')}, ${p('keyBudgetId')}, ${p('customerBudgetId')}, ${p('tenantBudgetId')})
    AS b(id, created_at, key_budget_id, customer_budget_id, tenant_budget_id)
),
held AS (
  SELECT b.id, b.created_at, bu.id AS budget_id, bu.tenant_id, bu.period,
    CASE WHEN i.id IS NULL THEN 0 WHEN bu.subject = 'tenant' THEN i.resale_pico_usd ELSE i.customer_price_pico_usd END AS amount
  FROM batch b
  CROSS JOIN LATERAL (VALUES (b.key_budget_id), (b.customer_budget_id), (b.tenant_budget_id)) AS v(budget_id)
  JOIN budgets bu ON bu.id = v.budget_id
  LEFT JOIN inserted i ON i.id = b.id
  WHERE b.key_budget_id IS NOT NULL OR b.customer_budget_id IS NOT NULL OR b.tenant_budget_id IS NOT NULL
  UNION ALL
  -- Joined on the tenant first: a batch's rows of tenants without budgets (most) drop out in one hash join.
  SELECT i.id, i.created_at, bu.id, bu.tenant_id, bu.period,
    CASE WHEN bu.subject = 'tenant' THEN i.resale_pico_usd ELSE i.customer_price_pico_usd END
  FROM inserted i
  JOIN budgets bu ON bu.tenant_id = i.tenant_id AND bu.subject_id = CASE bu.subject
    WHEN 'key' THEN i.api_key_id WHEN 'customer' THEN i.customer_id ELSE i.tenant_id END
  JOIN batch b ON b.id = i.id AND b.created_at = i.created_at
  WHERE bu.id IS DISTINCT FROM b.key_budget_id AND bu.id IS DISTINCT FROM b.customer_budget_id AND bu.id IS DISTINCT FROM b.tenant_budget_id
),
charged AS (
  SELECT budget_id, tenant_id, period, ${budgetPeriodStartSql('period', 'created_at')} AS period_start,
    sum(amount) AS amount
  FROM held
  GROUP BY 1, 2, 3, 4
),
booked AS (
  INSERT INTO budget_spend AS s (budget_id, period_start, spent_pico_usd)
  SELECT budget_id, period_start, amount FROM charged ORDER BY 1, 2
  ON CONFLICT (budget_id, period_start) DO UPDATE SET spent_pico_usd = s.spent_pico_usd + EXCLUDED.spent_pico_usd
  RETURNING budget_id, period_start, spent_pico_usd
),${BUDGET_ALERTS_CTE}
SELECT c.budget_id, c.tenant_id, c.period, c.period_start, b.spent_pico_usd::text AS spent,
  ARRAY(SELECT a.id::text FROM alerted a WHERE a.budget_id = c.budget_id AND a.period_start = c.period_start) AS alert_ids
FROM charged c JOIN booked b USING (budget_id, period_start)`;

/**
 * The budget ledger, kept in the statement that inserts each audit batch (AuditBatchLedger): every
 * inserted record adds its amount to the period row of each budget it counts on
 * (BUDGET_LEDGER_SQL; a tenant budget counts the resale figure, key and customer budgets the
 * customer price), so the ledger always equals the audit trail and a retried batch (ON CONFLICT DO
 * NOTHING) adds nothing twice. Once the statement committed, the new totals go to the store with
 * the holds of the batch's calls released, those of records already inserted by an earlier attempt
 * (whose answer was lost) included: that is where a call's hold settles to its actual cost. Which
 * call held which budget the batch's records say themselves (heldIn), so the statement returns one
 * row per budget period, not every request id again. The same statement records each 50/80/100 %
 * threshold a period's spend crosses (BUDGET_ALERTS_CTE), published as webhooks once it committed.
 */
@Injectable()
export class BudgetLedger implements AuditBatchLedger {
  private readonly logger = new Logger('BudgetLedger');

  readonly sql = BUDGET_LEDGER_SQL;

  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    private readonly alerts: BudgetAlerts,
  ) {}

  async booked(rows: unknown[], records: readonly AuditRecord[]): Promise<void> {
    const booked = rows as BookedRow[];
    if (booked.length === 0) return;
    const released = heldIn(booked, records);
    try {
      await this.store.settleBudgets(
        booked.map((row, i) => ({
          key: budgetStateKey(row.tenant_id, row.budget_id, row.period_start),
          spentPicoUsd: BigInt(row.spent),
          periodEndMs: budgetPeriodOf(row.period, row.period_start).end?.getTime() ?? null,
          releasedHoldIds: released[i],
        })),
      );
    } catch (err) {
      // The ledger has the figures; the store catches up with the next batch of each budget (the
      // spend is an absolute figure), and these holds lapse by themselves.
      this.logger.warn({ err: (err as Error).message, budgets: booked.length }, 'budget settlement did not reach the store');
    }
    try {
      await this.alerts.publish(booked.flatMap((row) => row.alert_ids));
    } catch (err) {
      // The alerts are recorded; the webhook sweep publishes them a minute later.
      this.logger.warn({ err: (err as Error).message }, 'budget alerts not published yet');
    }
  }
}

/**
 * Per booked row, the ids of the batch's records that held its budget in its period: the holds
 * its settlement releases. A record names the budgets its call held, and is in the period of its
 * arrival (createdAt, as its hold was: BudgetsService.forCall); the statement booked every record
 * that held an existing budget in exactly one row, so a budget with one row (a batch within one
 * period, nearly always) takes every record that held it. The records an earlier attempt already
 * inserted are in the batch too: their holds are released as well.
 */
export function heldIn(booked: readonly BookedRow[], records: readonly AuditRecord[]): string[][] {
  const holders = new Map<string, AuditRecord[]>();
  const hold = (budgetId: string | null, record: AuditRecord) => {
    if (budgetId === null) return;
    const list = holders.get(budgetId);
    if (list) list.push(record);
    else holders.set(budgetId, [record]);
  };
  for (const record of records) {
    hold(record.keyBudgetId, record);
    hold(record.customerBudgetId, record);
    hold(record.tenantBudgetId, record);
  }
  const rowsPerBudget = new Map<string, number>();
  for (const row of booked) rowsPerBudget.set(row.budget_id, (rowsPerBudget.get(row.budget_id) ?? 0) + 1);
  return booked.map((row) => {
    const held = holders.get(row.budget_id) ?? [];
    const inPeriod =
      rowsPerBudget.get(row.budget_id) === 1
        ? held
        : held.filter((r) => budgetPeriodOf(row.period, r.createdAt).start.getTime() === row.period_start.getTime());
    return inPeriod.map((r) => r.id);
  });
}
