import { ApiProperty } from '@nestjs/swagger';
import { picoUsdToDecimalString } from '../../common/money/money';
import { UsdAmountProperty } from '../../common/money/usd-amount.decorators';
import type { BudgetPeriod, BudgetSubject } from '../../generated/prisma/enums';
import { BUDGET_PERIODS } from '../budget-period';
import type { BudgetStatus } from '../budgets.service';

/** What one call of an endpoint holds on the budget while it runs. */
export class CallHoldView {
  @ApiProperty({ example: 'infra.dns' }) slug!: string;
  @UsdAmountProperty({
    description:
      'What a call holds whose input declares no count and sends no max_tokens: one unit for per-call units, the output cap (plus the input) for tokens, else the cap; a call that declares more holds more.',
    example: '0.0001',
  })
  hold_usd!: string;
  @UsdAmountProperty({
    description: "The most any one call can hold: the slug's max_quantity_per_call at its dearest price.",
    example: '10',
  })
  max_hold_usd!: string;
}

/** A budget and its current period. Amounts are exact decimal strings of USD. */
export class BudgetView {
  @ApiProperty({ enum: ['key', 'customer', 'tenant'] }) subject!: BudgetSubject;
  @ApiProperty({ format: 'uuid' }) subject_id!: string;
  @ApiProperty({ enum: BUDGET_PERIODS }) period!: BudgetPeriod;
  @UsdAmountProperty({ description: 'The cap.', example: '25' }) cap_usd!: string;
  @UsdAmountProperty({
    description: 'Spent in the current period: the audit records that have landed (a second or so behind).',
    example: '3.1415',
  })
  spent_usd!: string;
  @UsdAmountProperty({
    description: 'Held by calls in flight: each what it can cost as its input tells, settled to its cost when it ends.',
    example: '0.03',
  })
  held_usd!: string;
  @UsdAmountProperty({ description: 'cap − spent − held, never below 0.', example: '21.8285' })
  remaining_usd!: string;
  @ApiProperty({ format: 'date-time' }) period_start!: string;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'When the period ends and the spend starts again from 0; null for `none`.',
  })
  resets_at!: string | null;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({
    type: [CallHoldView],
    description: 'Per endpoint the subject may call (enabled, allowed by its plan and lists), by slug: what one call holds on this budget.',
  })
  call_holds!: CallHoldView[];

  static from(status: BudgetStatus): BudgetView {
    const { budget } = status;
    const remaining = budget.capPicoUsd - status.spentPicoUsd - status.heldPicoUsd;
    return {
      subject: budget.subject,
      subject_id: budget.subjectId,
      period: budget.period,
      cap_usd: picoUsdToDecimalString(budget.capPicoUsd),
      spent_usd: picoUsdToDecimalString(status.spentPicoUsd),
      held_usd: picoUsdToDecimalString(status.heldPicoUsd),
      remaining_usd: picoUsdToDecimalString(remaining > 0n ? remaining : 0n),
      period_start: status.periodStart.toISOString(),
      resets_at: status.resetsAt?.toISOString() ?? null,
      updated_at: budget.updatedAt.toISOString(),
      call_holds: status.callHolds.map((h) => ({
        slug: h.slug,
        hold_usd: picoUsdToDecimalString(h.holdPicoUsd),
        max_hold_usd: picoUsdToDecimalString(h.maxHoldPicoUsd),
      })),
    };
  }
}
