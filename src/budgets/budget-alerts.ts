import { Injectable, OnModuleInit } from '@nestjs/common';
import { picoUsdToDecimalString } from '../common/money/money';
import { Clock } from '../common/time/clock';
import type { WebhookEvent } from '../webhooks/webhook-events';
import { BudgetThreshold } from '../webhooks/webhook-events';
import { WebhookEvents } from '../webhooks/webhook-events.publisher';
import { WebhookSweep } from '../webhooks/webhook-sweep';
import { budgetPeriodOf } from './budget-period';
import { BudgetAlertsRepository, ClaimedAlert } from './budget-alerts.repository';

/** Alerts older than this that are still unpublished are the sweep's (their batch's publish failed). */
const LEFT_OVER_AFTER_MS = 60_000;
const SWEEP_BATCH = 500;

/**
 * Publishes budget.threshold: the audit batch statement records each crossing of 50, 80 or 100 %
 * once (BUDGET_ALERTS_CTE), the ledger hands over the new alerts' ids once that statement has
 * committed, and each is claimed (marked published) in the transaction that publishes it, so it is
 * announced exactly once. Alerts whose publishing failed (the process stopped, the database went
 * away) are picked up by the webhook sweep a minute later.
 */
@Injectable()
export class BudgetAlerts implements OnModuleInit {
  constructor(
    private readonly repository: BudgetAlertsRepository,
    private readonly webhooks: WebhookEvents,
    private readonly sweep: WebhookSweep,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.sweep.register('budget-alerts', () => this.publishLeftOvers());
  }

  /** Publishes these new alerts (those not published already). */
  async publish(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const claimed = await this.repository.claim({ ids }, (tx, alerts) => this.webhooks.publishMany(alerts.map(toEvent), tx));
    if (claimed > 0) this.webhooks.committed();
  }

  async publishLeftOvers(): Promise<void> {
    let claimed: number;
    do {
      claimed = await this.repository.claim(
        { before: new Date(this.clock.nowMs() - LEFT_OVER_AFTER_MS), limit: SWEEP_BATCH },
        (tx, alerts) => this.webhooks.publishMany(alerts.map(toEvent), tx),
      );
      if (claimed > 0) this.webhooks.committed();
    } while (claimed === SWEEP_BATCH);
  }
}

function toEvent(alert: ClaimedAlert): WebhookEvent<'budget.threshold'> {
  return {
    tenantId: alert.tenantId,
    type: 'budget.threshold',
    data: {
      budget: {
        subject: alert.subject,
        subject_id: alert.subjectId,
        period: alert.period,
        cap_usd: picoUsdToDecimalString(BigInt(alert.capPicoUsd)),
      },
      threshold_percent: alert.thresholdPercent as BudgetThreshold,
      spent_usd: picoUsdToDecimalString(BigInt(alert.spentPicoUsd)),
      period_start: alert.periodStart.toISOString(),
      resets_at: budgetPeriodOf(alert.period, alert.periodStart).end?.toISOString() ?? null,
    },
  };
}
