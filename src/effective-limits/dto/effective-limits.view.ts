import { ApiProperty } from '@nestjs/swagger';
import { UsdAmountProperty } from '../../common/money/usd-amount.decorators';
import type { BudgetPeriod, BudgetSubject } from '../../generated/prisma/enums';
import { BUDGET_PERIODS } from '../../budgets/budget-period';
import type { CallLimitName } from '../../rate-limit/rate-limit.service';

export const CALL_LIMIT_NAMES: readonly CallLimitName[] = ['endpoint', 'key', 'customer_endpoint', 'customer', 'tenant'];

export const LIMIT_SOURCES = [
  'catalog_default',
  'endpoint_override',
  'key_override',
  'key_per_slug',
  'key',
  'customer_per_slug',
  'customer',
  'tenant',
  'plan',
] as const;
export type LimitSource = (typeof LIMIT_SOURCES)[number];

/** One setting that makes up a limit's figure. */
export class LimitSettingView {
  @ApiProperty({
    enum: LIMIT_SOURCES,
    description:
      "Who set it: the catalog's default, the operator's override on the endpoint or on the key, the tenant's per-endpoint or overall limit on the key or its customer, the tenant's own limit or its plan's.",
  })
  source!: LimitSource;
  @ApiProperty({ example: 60, description: 'Requests per window.' }) limit!: number;
  @ApiProperty({ description: 'Whether this setting is the figure the gateway counts against (the smaller one wins where two meet).' })
  applies!: boolean;
}

/** One request limit of a call of the endpoint, and its current window. */
export class EffectiveRateLimitView {
  @ApiProperty({
    enum: CALL_LIMIT_NAMES,
    description:
      'The bucket, as RateLimit-Policy names it: this key on this endpoint, the key overall, the customer on this endpoint, the customer overall, the tenant overall.',
  })
  name!: CallLimitName;
  @ApiProperty({ example: 60, description: 'Requests per window.' }) limit!: number;
  @ApiProperty({ example: 60 }) window_seconds!: number;
  @ApiProperty({ example: 3, description: 'Calls counted in the current window.' }) used!: number;
  @ApiProperty({ example: 57 }) remaining!: number;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'When the current window ends; null when no call is counted (a window starts at its first call).',
  })
  resets_at!: string | null;
  @ApiProperty({
    description: 'The limit with the least room: the one X-RateLimit-Limit reports on the next call, and the first to refuse.',
  })
  binding!: boolean;
  @ApiProperty({ type: [LimitSettingView] }) set_by!: LimitSettingView[];
}

export class EndpointLimitsView {
  @ApiProperty({ example: 'infra.dns' }) slug!: string;
  @ApiProperty({ example: 'infra' }) category!: string;
  @ApiProperty({ type: [EffectiveRateLimitView], description: 'In the order the gateway checks them.' })
  limits!: EffectiveRateLimitView[];
  @ApiProperty({ enum: CALL_LIMIT_NAMES, description: 'The name of the binding limit.' }) binding!: CallLimitName;
}

/** A budget the key's calls are checked against, and its current period. */
export class EffectiveBudgetView {
  @ApiProperty({ format: 'uuid' }) budget_id!: string;
  @ApiProperty({ enum: ['key', 'customer', 'tenant'] }) subject!: BudgetSubject;
  @ApiProperty({ format: 'uuid' }) subject_id!: string;
  @ApiProperty({ enum: BUDGET_PERIODS }) period!: BudgetPeriod;
  @UsdAmountProperty({ description: 'The cap.', example: '25' }) cap_usd!: string;
  @UsdAmountProperty({ description: 'Spent in the current period.', example: '3.14' }) spent_usd!: string;
  @UsdAmountProperty({ description: 'Held by calls in flight.', example: '0' }) held_usd!: string;
  @UsdAmountProperty({ description: 'cap − spent − held, never below 0.', example: '21.86' }) remaining_usd!: string;
  @ApiProperty({ format: 'date-time' }) period_start!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Null for a lifetime budget.' })
  resets_at!: string | null;
  @ApiProperty({
    description:
      "The budget the gateway refuses on first (402 budget_exceeded names it in details.budget_id): the first already spent, else the one with the least room. A tenant's budget counts resale figures, a key's or customer's the customer price.",
  })
  binding!: boolean;
}

export class PlanLimitsView {
  @ApiProperty({ example: 'Starter' }) name!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'The plan’s requests per window across the tenant; null = none.' })
  limit!: number | null;
  @UsdAmountProperty({
    description: "The plan's default monthly cap: it becomes the tenant's budget when the tenant joins the plan without one.",
    nullable: true,
  })
  default_monthly_cap_usd!: string | null;
}

/** Every request limit and budget that applies to a key's calls, computed as the gateway computes them. */
export class EffectiveLimitsView {
  @ApiProperty({ format: 'uuid' }) key_id!: string;
  @ApiProperty({ example: 60, description: 'The length of every request-limit window (RATE_LIMIT_WINDOW_SECONDS).' })
  window_seconds!: number;
  @ApiProperty({ type: [EndpointLimitsView], description: 'Per endpoint the key may call, by slug.' })
  endpoints!: EndpointLimitsView[];
  @ApiProperty({ type: [EffectiveBudgetView], description: 'Empty when no budget applies.' })
  budgets!: EffectiveBudgetView[];
  @ApiProperty({ type: PlanLimitsView, nullable: true }) plan!: PlanLimitsView | null;
}

export class KeyUsageDayView {
  @ApiProperty({ format: 'date', example: '2026-11-28' }) day!: string;
  @ApiProperty({ example: 120 }) calls!: number;
  @ApiProperty({ example: 2, description: 'Calls answered with a status of 400 or more.' }) errors!: number;
  @UsdAmountProperty({ description: 'What the calls were billed at the customer price.', example: '1.2' }) customer_price_usd!: string;
  @UsdAmountProperty({ description: 'What the calls cost the tenant (resale).', example: '0.9' }) resale_usd!: string;
}

/** A key's calls per UTC day (every day of the period, zeros included), from the daily rollups. */
export class KeyUsageView {
  @ApiProperty({ format: 'date-time' }) from!: string;
  @ApiProperty({ format: 'date-time' }) to!: string;
  @ApiProperty({ type: [KeyUsageDayView] }) days!: KeyUsageDayView[];
}
