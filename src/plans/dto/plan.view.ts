import { ApiProperty } from '@nestjs/swagger';
import { picoUsdToDecimalString } from '../../common/money/money';
import { UsdAmountProperty } from '../../common/money/usd-amount.decorators';
import { PageOf } from '../../common/pagination/page.view';
import { Category } from '../../generated/prisma/enums';
import type { StoredPlan } from '../plans.repository';

/** A plan as the operator API (and later the website) shows it. */
export class PlanView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @UsdAmountProperty({ description: 'USD per month.', example: '49' }) monthly_fee_usd!: string;
  @ApiProperty({ type: 'integer', description: "Discount on the catalog's resale prices, in basis points (1000 = 10 %)." })
  resale_discount_bps!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Ceiling of the tenant-wide request limit (per window); null: none.' })
  request_limit_per_window!: number | null;
  @UsdAmountProperty({ description: 'Default monthly spend cap of a new budget; null: none.', example: '100', nullable: true })
  default_monthly_spend_cap_usd!: string | null;
  @ApiProperty({
    enum: Object.values(Category),
    enumName: 'Category',
    isArray: true,
    description: 'Categories the plan includes; empty: all.',
  })
  allowed_categories!: Category[];
  @ApiProperty({ description: "Shown on the website's plans page." }) public!: boolean;
  @ApiProperty({ description: 'The plan a self-service sign-up that names none starts on (at most one plan).' })
  default_for_signups!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;

  static from(this: void, p: StoredPlan): PlanView {
    return Object.assign(new PlanView(), {
      id: p.id,
      name: p.name,
      description: p.description,
      monthly_fee_usd: picoUsdToDecimalString(p.monthlyFeePicoUsd),
      resale_discount_bps: p.resaleDiscountBps,
      request_limit_per_window: p.requestLimitPerWindow,
      default_monthly_spend_cap_usd:
        p.defaultMonthlySpendCapPicoUsd === null ? null : picoUsdToDecimalString(p.defaultMonthlySpendCapPicoUsd),
      allowed_categories: p.allowedCategories,
      public: p.public,
      default_for_signups: p.defaultForSignups,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    } satisfies PlanView);
  }
}

export const PlanPage = PageOf(PlanView);
