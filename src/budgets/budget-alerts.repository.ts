import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import type { BudgetPeriod, BudgetSubject } from '../generated/prisma/enums';
import { BUDGET_THRESHOLDS } from '../webhooks/webhook-events';

/**
 * The part of the audit batch statement (see BudgetLedger) that records threshold crossings: for
 * each budget period the batch booked (`booked`), one row per threshold its new spend has reached,
 * inserted at most once per budget, period and threshold (the unique index decides, also between
 * concurrent batches of several processes). The batch and its alerts commit together.
 */
export const BUDGET_ALERTS_CTE = `
alerted AS (
  INSERT INTO budget_alerts (budget_id, period_start, threshold_percent, spent_pico_usd, cap_pico_usd)
  SELECT k.budget_id, k.period_start, t.percent, k.spent_pico_usd, b.cap_pico_usd
  FROM booked k
  JOIN budgets b ON b.id = k.budget_id
  CROSS JOIN (VALUES ${BUDGET_THRESHOLDS.map((p) => `(${p})`).join(', ')}) AS t(percent)
  -- numeric: × 100 overflows int8 for a cap above $92,233, and an error here fails the whole batch.
  WHERE k.spent_pico_usd::numeric * 100 >= b.cap_pico_usd::numeric * t.percent
  ON CONFLICT (budget_id, period_start, threshold_percent) DO NOTHING
  RETURNING id, budget_id, period_start
)`;

/** An alert claimed for publishing, with what its event says of the budget. */
export interface ClaimedAlert {
  tenantId: string;
  subject: BudgetSubject;
  subjectId: string;
  period: BudgetPeriod;
  periodStart: Date;
  thresholdPercent: number;
  spentPicoUsd: string;
  capPicoUsd: string;
}

/** Marks the `due` alerts published and returns them with their budget. */
const CLAIM = Prisma.sql`
  UPDATE budget_alerts a SET published_at = now()
  FROM due, budgets b
  WHERE a.id = due.id AND b.id = a.budget_id
  RETURNING b.tenant_id AS "tenantId", b.subject, b.subject_id AS "subjectId", b.period,
    a.period_start AS "periodStart", a.threshold_percent AS "thresholdPercent",
    a.spent_pico_usd::text AS "spentPicoUsd", a.cap_pico_usd::text AS "capPicoUsd"`;

/** Budget alerts waiting to be published, claimed once each. */
@Injectable()
export class BudgetAlertsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Claims alerts not published yet — those of `ids`, or else the oldest created before `before` —
   * marking them published (rows locked, rows another process holds skipped), and hands them to
   * `publish` in the same transaction. Returns how many.
   */
  claim(
    which: { ids: string[] } | { before: Date; limit: number },
    publish: (tx: Prisma.TransactionClient, alerts: ClaimedAlert[]) => Promise<unknown>,
  ): Promise<number> {
    return this.prisma.$transaction(async (tx) => {
      const due =
        'ids' in which
          ? tx.$queryRaw<ClaimedAlert[]>`
              WITH due AS (SELECT id FROM budget_alerts WHERE id = ANY(${which.ids}::uuid[]) AND published_at IS NULL FOR UPDATE SKIP LOCKED)
              ${CLAIM}`
          : tx.$queryRaw<ClaimedAlert[]>`
              WITH due AS (
                SELECT id FROM budget_alerts WHERE published_at IS NULL AND created_at < ${which.before}
                ORDER BY created_at LIMIT ${which.limit} FOR UPDATE SKIP LOCKED
              )
              ${CLAIM}`;
      const alerts = await due;
      if (alerts.length > 0) await publish(tx, alerts);
      return alerts.length;
    });
  }
}
