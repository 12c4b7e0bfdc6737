import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Summary, SummaryGroup } from '../../../audit/audit-trail.service';
import type { MeterLine } from '../../../audit/meter-lines';
import { ReportPeriodView } from '../../../audit/dto/report.view';
import { picoUsdToDecimalString } from '../../../common/money/money';
import { UsdAmountProperty } from '../../../common/money/usd-amount.decorators';
import { Meter } from '../../../generated/prisma/enums';

/** One meter of a slug's usage in the period: its quantity, what the callers were billed for it and what you owe for it. */
export class UsageMeterLineView {
  @ApiProperty({ enum: Object.values(Meter), enumName: 'Meter' }) meter!: Meter;
  @ApiProperty({ description: "Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string." })
  quantity!: string;
  @UsdAmountProperty('What your customers (and your own keys) were billed for this meter.') customer_price_usd!: string;
  @UsdAmountProperty('What you owe the operator for this meter.') resale_usd!: string;
  @UsdAmountProperty('Customer price minus resale for this meter.') reseller_margin_usd!: string;

  static from(this: void, m: MeterLine): UsageMeterLineView {
    return Object.assign(new UsageMeterLineView(), {
      meter: m.meter,
      quantity: m.quantity.toString(),
      customer_price_usd: picoUsdToDecimalString(m.customerPicoUsd),
      resale_usd: picoUsdToDecimalString(m.resalePicoUsd),
      reseller_margin_usd: picoUsdToDecimalString(m.customerPicoUsd - m.resalePicoUsd),
    } satisfies UsageMeterLineView);
  }
}

/** One group of a tenant's usage: calls, usage, what its callers were billed and what it owes (never the operator's costs). */
export class UsageRowView {
  @ApiProperty({ type: String, nullable: true, description: 'The customer id (null: your own keys), slug or UTC day (YYYY-MM-DD).' })
  key!: string | null;
  @ApiProperty({ type: 'integer' }) calls!: number;
  @ApiProperty({ type: 'integer', description: 'Calls answered with a status of 400 or more.' }) errors!: number;
  @ApiProperty({ description: "Usage in the billing units' base measures (a decimal string)." }) quantity!: string;
  @UsdAmountProperty('What your customers (and your own keys) were billed: your prices for your customers, else your resale price.')
  customer_price_usd!: string;
  @UsdAmountProperty("What you owe the operator: the catalog's resale prices under your plan.") resale_usd!: string;
  @UsdAmountProperty('Customer price minus resale: your margin (negative where you price below your cost).')
  reseller_margin_usd!: string;
  @ApiPropertyOptional({
    type: [UsageMeterLineView],
    description:
      "By slug only (absent by customer, by day and in the totals): the slug's usage per meter of its price (input and output tokens, images, …), in meter order. Their amounts sum to the row's exactly; each quantity is in its own meter's measure.",
  })
  meters?: UsageMeterLineView[];

  static from(this: void, g: SummaryGroup): UsageRowView {
    const margin = g.customerPicoUsd - g.resalePicoUsd;
    return Object.assign(new UsageRowView(), {
      key: g.key,
      calls: g.calls,
      errors: g.errors,
      quantity: g.quantity.toString(),
      customer_price_usd: picoUsdToDecimalString(g.customerPicoUsd),
      resale_usd: picoUsdToDecimalString(g.resalePicoUsd),
      reseller_margin_usd: picoUsdToDecimalString(margin),
      ...(g.meters ? { meters: g.meters.map(UsageMeterLineView.from) } : {}),
    } satisfies UsageRowView);
  }
}

export class UsageReportView {
  @ApiProperty({ enum: ['customer', 'slug', 'day'] }) group_by!: string;
  @ApiProperty({ type: () => ReportPeriodView }) period!: ReportPeriodView;
  @ApiProperty({ type: [UsageRowView] }) data!: UsageRowView[];
  @ApiProperty({
    type: () => UsageRowView,
    description: 'The sums of the whole period (key null), on every page: the sums of all its rows.',
  })
  totals!: UsageRowView;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'By customer: pass it as `cursor` for the next page; null on the last page, and for the whole reports by slug and day.',
  })
  next_cursor!: string | null;

  static from(groupBy: string, period: { from: Date; to: Date }, summary: Summary): UsageReportView {
    return {
      group_by: groupBy,
      period: { from: period.from.toISOString(), to: period.to.toISOString() },
      data: summary.groups.map(UsageRowView.from),
      totals: UsageRowView.from(summary.totals),
      next_cursor: summary.next_cursor,
    };
  }
}
