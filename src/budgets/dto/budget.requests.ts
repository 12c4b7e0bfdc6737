import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { usdToPicoUsd } from '../../common/money/money';
import { UsdAmountInput } from '../../common/money/usd-amount.decorators';
import { MAX_BUDGET_PICO_USD } from '../../rate-limit/redis-rate-limit.store';
import type { BudgetPeriod } from '../../generated/prisma/enums';
import { BUDGET_PERIODS } from '../budget-period';

/** A budget to set: its period and its cap. */
export class BudgetRequest {
  @ApiProperty({
    enum: BUDGET_PERIODS,
    description:
      'UTC calendar `daily`, `weekly` (from Monday) or `monthly`, or `none` (a lifetime cap). Changing the period starts a new ledger.',
  })
  @IsIn(BUDGET_PERIODS)
  period!: BudgetPeriod;

  // At most what the Redis budget script counts exactly (MAX_BUDGET_PICO_USD, about $9.007M); at least a pico-dollar.
  @UsdAmountInput({ description: 'The cap in USD, more than 0.', example: '25.00', minPicoUsd: 1n, maxPicoUsd: MAX_BUDGET_PICO_USD })
  cap_usd!: string;
}

export function capOf(request: BudgetRequest): bigint {
  return usdToPicoUsd(request.cap_usd);
}
