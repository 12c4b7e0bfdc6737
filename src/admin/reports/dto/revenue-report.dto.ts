import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { Summary, SummaryGroup } from '../../../audit/audit-trail.service';
import { ReportPeriodView, ReportQuery } from '../../../audit/dto/report.dto';
import { picoUsdToDecimalString } from '../../../common/money/money';

export class RevenueReportQuery extends ReportQuery {
  @ApiProperty({
    enum: ['tenant', 'slug', 'day'],
    description:
      'One row per tenant (paged: `limit` tenants per page, in the order of their ids, the calls without a tenant first), per slug or per UTC day (whole).',
  })
  @IsIn(['tenant', 'slug', 'day'])
  group_by!: 'tenant' | 'slug' | 'day';
}

const PICO = 'Pico-USD as an exact decimal string.';

/** One group of the operator's revenue report. */
export class RevenueRowView {
  @ApiProperty({ type: String, nullable: true, description: 'The tenant id, slug or UTC day (YYYY-MM-DD); null for calls without one.' })
  key!: string | null;
  @ApiProperty({ type: 'integer' }) calls!: number;
  @ApiProperty({ type: 'integer', description: 'Calls answered with a status of 400 or more.' }) errors!: number;
  @ApiProperty({ description: "Usage in the billing units' base measures (a decimal string)." }) quantity!: string;
  @ApiProperty({ description: `What the upstreams cost. ${PICO}` }) wholesale_pico_usd!: string;
  @ApiProperty({ description: `What the tenants owe (the catalog's resale prices under their plans). ${PICO}` }) resale_pico_usd!: string;
  @ApiProperty({
    description: `What the callers were billed (the tenants' prices for their customers, else the catalog's list prices; own keys: resale). ${PICO}`,
  })
  customer_price_pico_usd!: string;
  @ApiProperty({ description: `Resale minus wholesale: the operator's. ${PICO}` }) operator_margin_pico_usd!: string;
  @ApiProperty({ description: `Customer price minus resale: the resellers' (negative where one prices below its cost). ${PICO}` })
  reseller_margin_pico_usd!: string;
  @ApiProperty() wholesale_usd!: string;
  @ApiProperty() resale_usd!: string;
  @ApiProperty() customer_price_usd!: string;
  @ApiProperty() operator_margin_usd!: string;
  @ApiProperty() reseller_margin_usd!: string;

  static from(this: void, g: SummaryGroup): RevenueRowView {
    const margin = g.resalePicoUsd - g.wholesalePicoUsd;
    const resellerMargin = g.customerPicoUsd - g.resalePicoUsd;
    return Object.assign(new RevenueRowView(), {
      key: g.key,
      calls: g.calls,
      errors: g.errors,
      quantity: g.quantity.toString(),
      wholesale_pico_usd: g.wholesalePicoUsd.toString(),
      resale_pico_usd: g.resalePicoUsd.toString(),
      customer_price_pico_usd: g.customerPicoUsd.toString(),
      operator_margin_pico_usd: margin.toString(),
      reseller_margin_pico_usd: resellerMargin.toString(),
      wholesale_usd: picoUsdToDecimalString(g.wholesalePicoUsd),
      resale_usd: picoUsdToDecimalString(g.resalePicoUsd),
      customer_price_usd: picoUsdToDecimalString(g.customerPicoUsd),
      operator_margin_usd: picoUsdToDecimalString(margin),
      reseller_margin_usd: picoUsdToDecimalString(resellerMargin),
    } satisfies RevenueRowView);
  }
}

/** Revenue and margin: one row per group and the totals, exactly the sums of the audit records. */
export class RevenueReportView {
  @ApiProperty({ enum: ['tenant', 'slug', 'day'] }) group_by!: string;
  @ApiProperty({ type: () => ReportPeriodView }) period!: ReportPeriodView;
  @ApiProperty({ type: [RevenueRowView] }) data!: RevenueRowView[];
  @ApiProperty({
    type: () => RevenueRowView,
    description: 'The sums of the whole period (key null), on every page: the sums of all its rows.',
  })
  totals!: RevenueRowView;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'By tenant: pass it as `cursor` for the next page; null on the last page, and for the whole reports by slug and day.',
  })
  next_cursor!: string | null;

  static from(groupBy: string, period: { from: Date; to: Date }, summary: Summary): RevenueReportView {
    return {
      group_by: groupBy,
      period: { from: period.from.toISOString(), to: period.to.toISOString() },
      data: summary.groups.map(RevenueRowView.from),
      totals: RevenueRowView.from(summary.totals),
      next_cursor: summary.next_cursor,
    };
  }
}
