import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { Summary, SummaryGroup } from '../../../audit/audit-trail.service';
import { ReportPeriodQuery, ReportPeriodView } from '../../../audit/dto/report.dto';
import { picoUsdToDecimalString } from '../../../common/money/money';

export class UsageReportQuery extends ReportPeriodQuery {
  @ApiProperty({ enum: ['customer', 'slug', 'day'], description: 'One row per customer, per slug or per UTC day.' })
  @IsIn(['customer', 'slug', 'day'])
  group_by!: 'customer' | 'slug' | 'day';
}

/** One group of a tenant's usage: calls, usage and what they cost the tenant (never the operator's figures). */
export class UsageRowView {
  @ApiProperty({ type: String, nullable: true, description: 'The customer id (null: your own keys), slug or UTC day (YYYY-MM-DD).' })
  key!: string | null;
  @ApiProperty({ type: 'integer' }) calls!: number;
  @ApiProperty({ type: 'integer', description: 'Calls answered with a status of 400 or more.' }) errors!: number;
  @ApiProperty({ description: "Usage in the billing units' base measures (a decimal string)." }) quantity!: string;
  @ApiProperty({ description: 'What the calls cost you, in pico-USD (an exact decimal string).' }) billed_pico_usd!: string;
  @ApiProperty() billed_usd!: string;

  static from(this: void, g: SummaryGroup): UsageRowView {
    return Object.assign(new UsageRowView(), {
      key: g.key,
      calls: g.calls,
      errors: g.errors,
      quantity: g.quantity.toString(),
      billed_pico_usd: g.resalePicoUsd.toString(),
      billed_usd: picoUsdToDecimalString(g.resalePicoUsd),
    } satisfies UsageRowView);
  }
}

export class UsageReportView {
  @ApiProperty({ enum: ['customer', 'slug', 'day'] }) group_by!: string;
  @ApiProperty({ type: () => ReportPeriodView }) period!: ReportPeriodView;
  @ApiProperty({ type: [UsageRowView] }) data!: UsageRowView[];
  @ApiProperty({ type: () => UsageRowView, description: 'The sums of all rows (key null).' }) totals!: UsageRowView;

  static from(groupBy: string, period: { from: Date; to: Date }, summary: Summary): UsageReportView {
    return {
      group_by: groupBy,
      period: { from: period.from.toISOString(), to: period.to.toISOString() },
      data: summary.groups.map(UsageRowView.from),
      totals: UsageRowView.from(summary.totals),
    };
  }
}
