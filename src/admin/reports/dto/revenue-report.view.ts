import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { RevenueGroup } from '../admin-reports.service';
import type { MeterLine } from '../../../audit/meter-lines';
import { ReportPeriodView } from '../../../audit/dto/report.view';
import { picoUsdToDecimalString } from '../../../common/money/money';
import { UsdAmountProperty } from '../../../common/money/usd-amount.decorators';
import { Meter } from '../../../generated/prisma/enums';

/** One meter of a slug's usage in the period, with the operator's figures. */
export class RevenueMeterLineView {
  @ApiProperty({ enum: Object.values(Meter), enumName: 'Meter' }) meter!: Meter;
  @ApiProperty({ description: "Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string." })
  quantity!: string;
  @UsdAmountProperty('What the upstreams cost for this meter.') wholesale_usd!: string;
  @UsdAmountProperty('What the tenants owe for this meter.') resale_usd!: string;
  @UsdAmountProperty('What the callers were billed for this meter.') customer_price_usd!: string;
  @UsdAmountProperty('Resale minus wholesale for this meter.') operator_margin_usd!: string;
  @UsdAmountProperty('Customer price minus resale for this meter.') reseller_margin_usd!: string;

  static from(this: void, m: MeterLine): RevenueMeterLineView {
    return Object.assign(new RevenueMeterLineView(), {
      meter: m.meter,
      quantity: m.quantity.toString(),
      wholesale_usd: picoUsdToDecimalString(m.wholesalePicoUsd),
      resale_usd: picoUsdToDecimalString(m.resalePicoUsd),
      customer_price_usd: picoUsdToDecimalString(m.customerPicoUsd),
      operator_margin_usd: picoUsdToDecimalString(m.resalePicoUsd - m.wholesalePicoUsd),
      reseller_margin_usd: picoUsdToDecimalString(m.customerPicoUsd - m.resalePicoUsd),
    } satisfies RevenueMeterLineView);
  }
}

/** One group of the operator's revenue report. */
export class RevenueRowView {
  @ApiProperty({ type: String, nullable: true, description: 'The tenant id, slug or UTC day (YYYY-MM-DD); null for calls without one.' })
  key!: string | null;
  @ApiProperty({ type: 'integer' }) calls!: number;
  @ApiProperty({ type: 'integer', description: 'Calls answered with a status of 400 or more.' }) errors!: number;
  @ApiProperty({ description: "Usage in the billing units' base measures (a decimal string)." }) quantity!: string;
  @UsdAmountProperty('What the upstreams cost.') wholesale_usd!: string;
  @UsdAmountProperty("What the tenants owe (the catalog's resale prices under their plans).") resale_usd!: string;
  @UsdAmountProperty(
    "What the callers were billed (the tenants' prices for their customers, else the catalog's list prices; own keys: resale).",
  )
  customer_price_usd!: string;
  @UsdAmountProperty("Resale minus wholesale: the operator's margin.") operator_margin_usd!: string;
  @UsdAmountProperty("Customer price minus resale: the resellers' margin (negative where one prices below its cost).")
  reseller_margin_usd!: string;
  @UsdAmountProperty({
    nullable: true,
    description:
      "The tenants' plan fees of the period (each prorated by the time its plan was held, as on the statements); null on the rows by slug and by day (a fee is no slug's or day's: see the totals).",
  })
  plan_fee_usd!: string | null;
  @UsdAmountProperty({ nullable: true, description: 'Usage revenue (resale) plus plan fees; null where plan_fee_usd is.' })
  total_revenue_usd!: string | null;
  @ApiPropertyOptional({
    type: [RevenueMeterLineView],
    description:
      "By slug only (absent by tenant, by day and in the totals): the slug's usage per meter of its price (input and output tokens, images, …), in meter order. Their amounts sum to the row's exactly; each quantity is in its own meter's measure.",
  })
  meters?: RevenueMeterLineView[];

  static from(this: void, g: RevenueGroup): RevenueRowView {
    const margin = g.resalePicoUsd - g.wholesalePicoUsd;
    const resellerMargin = g.customerPicoUsd - g.resalePicoUsd;
    return Object.assign(new RevenueRowView(), {
      key: g.key,
      calls: g.calls,
      errors: g.errors,
      quantity: g.quantity.toString(),
      wholesale_usd: picoUsdToDecimalString(g.wholesalePicoUsd),
      resale_usd: picoUsdToDecimalString(g.resalePicoUsd),
      customer_price_usd: picoUsdToDecimalString(g.customerPicoUsd),
      operator_margin_usd: picoUsdToDecimalString(margin),
      reseller_margin_usd: picoUsdToDecimalString(resellerMargin),
      plan_fee_usd: g.planFeePicoUsd === null ? null : picoUsdToDecimalString(g.planFeePicoUsd),
      total_revenue_usd: g.planFeePicoUsd === null ? null : picoUsdToDecimalString(g.resalePicoUsd + g.planFeePicoUsd),
      ...(g.meters ? { meters: g.meters.map(RevenueMeterLineView.from) } : {}),
    } satisfies RevenueRowView);
  }
}

/**
 * Revenue and margin: one row per group and the totals, exactly the sums of the audit records, with
 * the plan fees of the period beside the usage revenue (on the tenants' rows and in the totals).
 */
export class RevenueReportView {
  @ApiProperty({ enum: ['tenant', 'slug', 'day'] }) group_by!: string;
  @ApiProperty({ type: () => ReportPeriodView }) period!: ReportPeriodView;
  @ApiProperty({ type: [RevenueRowView] }) data!: RevenueRowView[];
  @ApiProperty({
    type: () => RevenueRowView,
    description:
      "The sums of the whole period (key null), on every page: the sums of all its rows, with every tenant's plan fee (plan_fee_usd, never null here) and total_revenue_usd.",
  })
  totals!: RevenueRowView;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'By tenant: pass it as `cursor` for the next page; null on the last page, and for the whole reports by slug and day.',
  })
  next_cursor!: string | null;

  static from(
    groupBy: string,
    period: { from: Date; to: Date },
    summary: { groups: RevenueGroup[]; totals: RevenueGroup },
    nextCursor: string | null,
  ): RevenueReportView {
    return {
      group_by: groupBy,
      period: { from: period.from.toISOString(), to: period.to.toISOString() },
      data: summary.groups.map(RevenueRowView.from),
      totals: RevenueRowView.from(summary.totals),
      next_cursor: nextCursor,
    };
  }
}
