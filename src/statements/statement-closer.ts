import { Inject, Injectable, Logger } from '@nestjs/common';
import { picoUsdToDecimalString } from '../common/money/money';
import { Clock } from '../common/time/clock';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PlanFees } from '../plans/plan-fees.service';
import type { WebhookEvent } from '../webhooks/webhook-events';
import { WebhookEvents } from '../webhooks/webhook-events.publisher';
import { addSums } from './statement';
import { addMonths, formatMonth, lastDueMonth } from './statement-month';
import { ClosedTenantStatement, StatementsRepository } from './statements.repository';

/** How many of the latest closed months reconciliation compares with their rollups. */
export const RECONCILED_MONTHS = 3;

/** What one run did: the months it closed (`YYYY-MM`, in order) and how many adjustment rows it recorded. */
export interface StatementRun {
  closed: string[];
  adjustments: number;
}

/**
 * Freezes monthly statements and corrects them afterwards, from the daily rollups. The statements
 * job calls run(); tests call it with the `now` they need. Safe from any number of processes at
 * once: every step is a transaction holding the statements' advisory lock (and a month's row is a
 * primary key), so each month closes exactly once and each difference is recorded once.
 *
 * - Close: every month that ended at least STATEMENT_CLOSE_GRACE_MINUTES ago closes, in month order
 *   (one transaction each): a statement per tenant and per customer with usage in it (and per
 *   tenant with a plan fee, its fee lines computed and frozen there, see plans/plan-fees.ts), and
 *   statement.closed published for each tenant's statement in that same transaction.
 * - Reconcile: the latest RECONCILED_MONTHS closed months are compared with their rollups as they are
 *   now (records that landed late, a rollup rebuild); each difference becomes an adjustment on the
 *   next statement to close, never a change to a closed one.
 */
@Injectable()
export class StatementCloser {
  private readonly logger = new Logger('Statements');

  constructor(
    private readonly repository: StatementsRepository,
    private readonly webhooks: WebhookEvents,
    private readonly planFees: PlanFees,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Closes what is due, then reconciles. */
  async run(now = this.clock.now()): Promise<StatementRun> {
    const closed = await this.closeDueMonths(now);
    const adjustments = await this.reconcile(now);
    return { closed: closed.map(formatMonth), adjustments };
  }

  /**
   * Closes every month due at `now`, oldest first, from the month after the last closed one (or,
   * before the first close, the month of the oldest usage). Returns the months it closed.
   */
  async closeDueMonths(now: Date): Promise<Date[]> {
    const due = lastDueMonth(now, this.config.STATEMENT_CLOSE_GRACE_MINUTES);
    const closed: Date[] = [];
    for (;;) {
      const month = await this.repository.locked(async (tx) => {
        const last = await this.repository.lastClosedMonth(tx);
        const next = last ? addMonths(last, 1) : await this.repository.firstUsageMonth(tx);
        if (!next || next > due) return null;
        // The plan fees from the plan history as it is at the close (the month has ended: it is complete).
        const fees = await this.planFees.byTenant({ from: next, to: addMonths(next, 1) }, undefined, tx);
        const statements = await this.repository.closeMonth(tx, next, now, fees);
        const tenantStatements = await this.repository.tenantStatementsOf(tx, next);
        await this.webhooks.publishMany(
          tenantStatements.map((s) => closedEvent(s, next)),
          tx,
        );
        this.logger.log({ month: formatMonth(next), statements }, 'statements closed');
        return next;
      });
      if (!month) return closed;
      this.webhooks.committed();
      closed.push(month);
    }
  }

  /**
   * Compares the latest closed months' rollups with what their statements and adjustments account
   * for, tenant by tenant (the per-tenant rollup first, the detail only where a tenant differs), and
   * records each difference as an adjustment on the next statement to close. Returns how many
   * adjustment rows it recorded.
   */
  async reconcile(now: Date): Promise<number> {
    const recorded = await this.repository.locked(async (tx) => {
      const months = await this.repository.recentClosedMonths(tx, RECONCILED_MONTHS);
      if (months.length === 0) return 0;
      const appearsOn = addMonths(months[0], 1);
      let rows = 0;
      for (const month of months) {
        const tenants = await this.repository.tenantsOutOfBalance(tx, month);
        if (tenants.length > 0) rows += await this.repository.recordAdjustments(tx, month, appearsOn, tenants, now);
      }
      return rows;
    });
    if (recorded > 0) this.logger.log({ adjustments: recorded }, 'closed statements reconciled: adjustments recorded');
    return recorded;
  }
}

/** The statement.closed event of a tenant's statement. */
function closedEvent(statement: ClosedTenantStatement, month: Date): WebhookEvent<'statement.closed'> {
  const totals = addSums(statement.usage, statement.adjustments);
  const due = totals.resalePicoUsd + statement.planFeePicoUsd;
  const text = formatMonth(month);
  return {
    tenantId: statement.tenantId,
    type: 'statement.closed',
    data: {
      statement: {
        id: statement.id,
        month: text,
        closed_at: statement.closedAt.toISOString(),
        totals: {
          calls: Number(totals.calls),
          errors: Number(totals.errors),
          customer_price_usd: picoUsdToDecimalString(totals.customerPricePicoUsd),
          resale_usd: picoUsdToDecimalString(totals.resalePicoUsd),
          reseller_margin_usd: picoUsdToDecimalString(totals.customerPricePicoUsd - totals.resalePicoUsd),
        },
        plan_fee_usd: picoUsdToDecimalString(statement.planFeePicoUsd),
        total_usd: picoUsdToDecimalString(due),
        customer_statements: statement.customerStatements,
        // The reseller API's path (statements/ cannot import reseller/, which imports it).
        url: `/api/reseller/v1/statements/${text}`,
      },
    },
  };
}
