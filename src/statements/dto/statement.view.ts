import type { Type } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { ReportPeriodView } from '../../audit/dto/report.view';
import { picoUsdToDecimalString } from '../../common/money/money';
import { UsdAmountProperty } from '../../common/money/usd-amount.decorators';
import { PageOf } from '../../common/pagination/page.view';
import type { Page } from '../../common/pagination/cursor';
import { BILLING_UNITS, CATEGORY_BILLING_UNIT } from '../../catalog/billing-units';
import { feeOf, type PlanFeeLine } from '../../plans/plan-fees';
import { Meter } from '../../generated/prisma/enums';
import {
  addSums,
  Statement,
  StatementAdjustment,
  StatementLine,
  StatementMeterLine,
  StatementSlugLine,
  StatementSummary,
  sumOf,
  UsageSums,
} from '../statement';
import { addMonths, formatMonth } from '../statement-month';

/**
 * The wire shapes of statements, for the two audiences. A tenant sees what its callers paid (the
 * customer price), what it owes (resale) and its margin, never the operator's cost; the operator's
 * shapes add the wholesale cost and the operator's margin. Money as exact USD decimal strings
 * (UsdAmount), under the same names as in the reports and the audit trail.
 */

/** Calls and money of a statement, a line or an adjustment, as a tenant sees them. */
export class StatementSumsView {
  @ApiProperty({ type: 'integer' }) calls!: number;
  @ApiProperty({ type: 'integer', description: 'Calls answered with a status of 400 or more.' }) errors!: number;
  @UsdAmountProperty(
    "What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price).",
  )
  customer_price_usd!: string;
  @UsdAmountProperty("What you owe the operator: the catalog's resale prices under your plan.") resale_usd!: string;
  @UsdAmountProperty('Customer price minus resale: your margin (negative where you price below your cost).') reseller_margin_usd!: string;
}

/** What the operator's shapes add to a tenant's: the upstreams' cost and the operator's margin. */
function WithOperatorMoney<T extends Type<object>>(Base: T) {
  class OperatorMoney extends Base {
    @UsdAmountProperty('What the upstreams cost the operator.') wholesale_usd!: string;
    @UsdAmountProperty("Resale minus wholesale: the operator's margin.") operator_margin_usd!: string;
  }
  return OperatorMoney;
}

/** One catalog endpoint's figures: a line's, or an adjustment's. */
class StatementSlugLineView extends StatementSumsView {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The slug as it was when the statement was written; null for calls that named no endpoint (never billed).',
  })
  slug!: string | null;
  @ApiProperty({ type: String, enum: Object.keys(CATEGORY_BILLING_UNIT), nullable: true }) category!: string | null;
  @ApiProperty({ type: String, enum: Object.keys(BILLING_UNITS), nullable: true }) billing_unit!: string | null;
  @ApiProperty({ description: "Usage in the billing unit's base measure (tokens, milliseconds, items), a decimal string." })
  quantity!: string;
}

/** One meter of a line: the month's usage in it and its money (calls are the line's). */
export class StatementMeterLineView {
  @ApiProperty({ enum: Object.values(Meter), enumName: 'Meter' }) meter!: Meter;
  @ApiProperty({ description: "Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string." })
  quantity!: string;
  @UsdAmountProperty('What the callers were billed for this meter.') customer_price_usd!: string;
  @UsdAmountProperty('What you owe the operator for this meter.') resale_usd!: string;
  @UsdAmountProperty('Customer price minus resale for this meter.') reseller_margin_usd!: string;
}

const METER_LINES: ApiPropertyOptions = {
  nullable: true,
  description:
    "The line's usage per meter of its price (input and output tokens, images, …), in meter order: their amounts sum to the line's exactly; each quantity is in its own meter's measure. Empty for calls that billed nothing. Null on a statement closed before meter lines were kept (its lines are per slug only, and stay so).",
};

/** One catalog endpoint's usage in the month, and its meter lines. */
export class StatementLineView extends StatementSlugLineView {
  @ApiProperty({ ...METER_LINES, type: [StatementMeterLineView] }) meters!: StatementMeterLineView[] | null;
}

/**
 * A correction of an earlier, closed month (its usage changed after it closed), per endpoint: a
 * difference, possibly negative. Per slug only: reconciliation compares the rollups per slug, and a
 * correction keeps no meter detail.
 */
export class StatementAdjustmentView extends StatementSlugLineView {
  @ApiProperty({ example: '2026-10', description: 'The closed month it corrects (YYYY-MM).' }) corrects_month!: string;
  @ApiProperty({ format: 'date-time', description: 'When reconciliation found it.' }) found_at!: string;
}

/** A paid plan the tenant held in the month, and its fee prorated to the time held. */
export class PlanFeeLineView {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The plan (its id as it was; the plan may since be deleted).' })
  plan_id!: string | null;
  @ApiProperty({ description: "The plan's name when it was held." }) plan_name!: string;
  @UsdAmountProperty("The plan's monthly fee.") monthly_fee_usd!: string;
  @ApiProperty({ format: 'date-time', description: 'Held from (inclusive), within the month.' }) from!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'Held until (exclusive), within the month; an open month counts the plan held now to its end.',
  })
  until!: string;
  @UsdAmountProperty('The monthly fee × the milliseconds held ÷ the milliseconds of the month, rounded down to the pico-USD.')
  fee_usd!: string;
}

const PLAN_FEES: ApiPropertyOptions = {
  type: [PlanFeeLineView],
  description: "The plan fee of the month, one line per paid plan held (empty on a customer's statement: the fee is the tenant's).",
};
const PLAN_FEE = 'The sum of the plan fee lines.';
const TOTAL = "What the tenant owes the operator for the month: the totals' resale plus the plan fee.";

const STATUS = {
  enum: ['open', 'closed'],
  description: '`closed`: frozen, never changes again. `open`: the month is not closed yet; computed from usage as it is now.',
};

/** A tenant's monthly statement (its own, or one of its customers'), as the reseller API serves it. */
export class StatementView {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null while the statement is open.' }) id!: string | null;
  @ApiProperty({ format: 'uuid' }) tenant_id!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "Null: the tenant's statement (every customer and its own keys).",
  })
  customer_id!: string | null;
  @ApiProperty({ example: '2026-10', description: 'The UTC calendar month (YYYY-MM).' }) month!: string;
  @ApiProperty(STATUS) status!: 'open' | 'closed';
  @ApiProperty({ type: () => ReportPeriodView, description: 'The month: `from` inclusive, `to` exclusive (UTC).' })
  period!: ReportPeriodView;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closed_at!: string | null;
  @ApiProperty({ type: [StatementLineView], description: "The month's usage, one line per slug (and its billing unit)." })
  lines!: StatementLineView[];
  @ApiProperty({ type: () => StatementSumsView, description: 'The sums of the lines.' }) usage!: StatementSumsView;
  @ApiProperty({
    type: [StatementAdjustmentView],
    description: 'Corrections of earlier months that appear on this statement (while it is open: those found so far).',
  })
  adjustments!: StatementAdjustmentView[];
  @ApiProperty({ type: () => StatementSumsView, description: 'The sums of the adjustments.' }) adjustment_totals!: StatementSumsView;
  @ApiProperty({ type: () => StatementSumsView, description: 'Usage plus adjustments: what the statement totals.' })
  totals!: StatementSumsView;
  @ApiProperty(PLAN_FEES) plan_fees!: PlanFeeLineView[];
  @UsdAmountProperty(PLAN_FEE) plan_fee_usd!: string;
  @UsdAmountProperty(TOTAL) total_usd!: string;

  static from(this: void, statement: Statement): StatementView {
    return Object.assign(new StatementView(), statementFields(statement, TENANT));
  }
}

const SUMMARY_STATUS = {
  enum: ['open', 'closed'],
  description:
    '`closed`: frozen. `open`: not closed yet, computed from usage as it is now: the month in progress, and a month that has ended but is not closed yet (it closes after a grace period).',
};

/** A statement in a list: the months not closed yet first (open), then the closed ones, newest month first. */
export class StatementSummaryView {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null while the statement is open.' }) id!: string | null;
  @ApiProperty({ format: 'uuid' }) tenant_id!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) customer_id!: string | null;
  @ApiProperty({ example: '2026-10' }) month!: string;
  @ApiProperty(SUMMARY_STATUS) status!: 'open' | 'closed';
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null while the statement is open.' }) closed_at!:
    string | null;
  @ApiProperty({ type: () => StatementSumsView, description: "The month's usage." }) usage!: StatementSumsView;
  @ApiProperty({
    type: () => StatementSumsView,
    description: 'The adjustments (corrections of earlier months) that appear on it; while open, those found so far.',
  })
  adjustment_totals!: StatementSumsView;
  @ApiProperty({ type: () => StatementSumsView, description: 'Usage plus adjustments.' }) totals!: StatementSumsView;
  @UsdAmountProperty('The plan fee of the month (while open, as it stands).') plan_fee_usd!: string;
  @UsdAmountProperty(TOTAL) total_usd!: string;

  static from(this: void, summary: StatementSummary): StatementSummaryView {
    return Object.assign(new StatementSummaryView(), summaryFields(summary, tenantSums));
  }

  static page(page: Page<StatementSummary>): Page<StatementSummaryView> {
    return { data: page.data.map(StatementSummaryView.from), next_cursor: page.next_cursor };
  }
}

export const StatementSummaryPage = PageOf(StatementSummaryView);

// The operator's shapes: the same, with the wholesale cost and the operator's margin everywhere.

export class OperatorStatementSumsView extends WithOperatorMoney(StatementSumsView) {}
export class OperatorStatementMeterLineView extends WithOperatorMoney(StatementMeterLineView) {}
export class OperatorStatementLineView extends WithOperatorMoney(StatementLineView) {
  @ApiProperty({ ...METER_LINES, type: [OperatorStatementMeterLineView] }) declare meters: OperatorStatementMeterLineView[] | null;
}
export class OperatorStatementAdjustmentView extends WithOperatorMoney(StatementAdjustmentView) {}

/** A monthly statement as the operator API serves it. */
export class OperatorStatementView {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null while the statement is open.' }) id!: string | null;
  @ApiProperty({ format: 'uuid' }) tenant_id!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "Null: the tenant's statement (every customer and its own keys).",
  })
  customer_id!: string | null;
  @ApiProperty({ example: '2026-10' }) month!: string;
  @ApiProperty(STATUS) status!: 'open' | 'closed';
  @ApiProperty({ type: () => ReportPeriodView }) period!: ReportPeriodView;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closed_at!: string | null;
  @ApiProperty({ type: [OperatorStatementLineView] }) lines!: OperatorStatementLineView[];
  @ApiProperty({ type: () => OperatorStatementSumsView }) usage!: OperatorStatementSumsView;
  @ApiProperty({ type: [OperatorStatementAdjustmentView] }) adjustments!: OperatorStatementAdjustmentView[];
  @ApiProperty({ type: () => OperatorStatementSumsView }) adjustment_totals!: OperatorStatementSumsView;
  @ApiProperty({ type: () => OperatorStatementSumsView }) totals!: OperatorStatementSumsView;
  @ApiProperty(PLAN_FEES) plan_fees!: PlanFeeLineView[];
  @UsdAmountProperty(PLAN_FEE) plan_fee_usd!: string;
  @UsdAmountProperty(TOTAL) total_usd!: string;

  static from(this: void, statement: Statement): OperatorStatementView {
    return Object.assign(new OperatorStatementView(), statementFields(statement, OPERATOR));
  }
}

export class OperatorStatementSummaryView {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null while the statement is open.' }) id!: string | null;
  @ApiProperty({ format: 'uuid' }) tenant_id!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) customer_id!: string | null;
  @ApiProperty({ example: '2026-10' }) month!: string;
  @ApiProperty(SUMMARY_STATUS) status!: 'open' | 'closed';
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closed_at!: string | null;
  @ApiProperty({ type: () => OperatorStatementSumsView }) usage!: OperatorStatementSumsView;
  @ApiProperty({ type: () => OperatorStatementSumsView }) adjustment_totals!: OperatorStatementSumsView;
  @ApiProperty({ type: () => OperatorStatementSumsView }) totals!: OperatorStatementSumsView;
  @UsdAmountProperty('The plan fee of the month (while open, as it stands).') plan_fee_usd!: string;
  @UsdAmountProperty(TOTAL) total_usd!: string;

  static from(this: void, summary: StatementSummary): OperatorStatementSummaryView {
    return Object.assign(new OperatorStatementSummaryView(), summaryFields(summary, operatorSums));
  }

  static page(page: Page<StatementSummary>): Page<OperatorStatementSummaryView> {
    return { data: page.data.map(OperatorStatementSummaryView.from), next_cursor: page.next_cursor };
  }
}

export const OperatorStatementSummaryPage = PageOf(OperatorStatementSummaryView);

// Builders, shared by both audiences: `money` decides what each shows.

function tenantSums(s: UsageSums): StatementSumsView {
  const margin = s.customerPricePicoUsd - s.resalePicoUsd;
  return {
    calls: Number(s.calls),
    errors: Number(s.errors),
    customer_price_usd: picoUsdToDecimalString(s.customerPricePicoUsd),
    resale_usd: picoUsdToDecimalString(s.resalePicoUsd),
    reseller_margin_usd: picoUsdToDecimalString(margin),
  };
}

function operatorSums(s: UsageSums): OperatorStatementSumsView {
  return { ...tenantSums(s), ...operatorMoney(s) };
}

/** The operator's figures beside a tenant's: the upstreams' cost and the operator's margin. */
function operatorMoney(s: Pick<UsageSums, 'wholesalePicoUsd' | 'resalePicoUsd'>) {
  return {
    wholesale_usd: picoUsdToDecimalString(s.wholesalePicoUsd),
    operator_margin_usd: picoUsdToDecimalString(s.resalePicoUsd - s.wholesalePicoUsd),
  };
}

function tenantMeter(m: StatementMeterLine): StatementMeterLineView {
  return {
    meter: m.meter,
    quantity: m.quantity.toString(),
    customer_price_usd: picoUsdToDecimalString(m.customerPricePicoUsd),
    resale_usd: picoUsdToDecimalString(m.resalePicoUsd),
    reseller_margin_usd: picoUsdToDecimalString(m.customerPricePicoUsd - m.resalePicoUsd),
  };
}

function operatorMeter(m: StatementMeterLine): OperatorStatementMeterLineView {
  return { ...tenantMeter(m), ...operatorMoney(m) };
}

/** What one audience sees of sums and of meter lines. */
interface Audience<S extends StatementSumsView, M extends StatementMeterLineView> {
  sums: (s: UsageSums) => S;
  meter: (m: StatementMeterLine) => M;
}

const TENANT: Audience<StatementSumsView, StatementMeterLineView> = { sums: tenantSums, meter: tenantMeter };
const OPERATOR: Audience<OperatorStatementSumsView, OperatorStatementMeterLineView> = { sums: operatorSums, meter: operatorMeter };

function slugLineFields<S extends StatementSumsView>(line: StatementSlugLine, money: (s: UsageSums) => S) {
  return {
    slug: line.slug,
    category: line.category,
    billing_unit: line.billingUnit,
    quantity: line.quantity.toString(),
    ...money(line),
  };
}

function lineFields<S extends StatementSumsView, M extends StatementMeterLineView>(line: StatementLine, audience: Audience<S, M>) {
  return { ...slugLineFields(line, audience.sums), meters: line.meters?.map(audience.meter) ?? null };
}

function adjustmentFields<S extends StatementSumsView>(adjustment: StatementAdjustment, money: (s: UsageSums) => S) {
  return {
    ...slugLineFields(adjustment, money),
    corrects_month: formatMonth(adjustment.correctsMonth),
    found_at: adjustment.foundAt.toISOString(),
  };
}

function statementFields<S extends StatementSumsView, M extends StatementMeterLineView>(statement: Statement, audience: Audience<S, M>) {
  const money = audience.sums;
  const usage = sumOf(statement.lines);
  const adjusted = sumOf(statement.adjustments);
  return {
    id: statement.id,
    tenant_id: statement.tenantId,
    customer_id: statement.customerId,
    month: formatMonth(statement.month),
    status: statement.status,
    period: { from: statement.month.toISOString(), to: addMonths(statement.month, 1).toISOString() },
    closed_at: statement.closedAt?.toISOString() ?? null,
    lines: statement.lines.map((line) => lineFields(line, audience)),
    usage: money(usage),
    adjustments: statement.adjustments.map((adjustment) => adjustmentFields(adjustment, money)),
    adjustment_totals: money(adjusted),
    totals: money(addSums(usage, adjusted)),
    plan_fees: statement.planFees.map(planFeeFields),
    ...feeAndTotal(addSums(usage, adjusted), feeOf(statement.planFees)),
  };
}

function planFeeFields(line: PlanFeeLine): PlanFeeLineView {
  return {
    plan_id: line.planId,
    plan_name: line.planName,
    monthly_fee_usd: picoUsdToDecimalString(line.monthlyFeePicoUsd),
    from: line.from.toISOString(),
    until: line.until.toISOString(),
    fee_usd: picoUsdToDecimalString(line.feePicoUsd),
  };
}

/** The plan fee and what the statement totals with it: resale (usage and adjustments) plus the fee. */
function feeAndTotal(totals: UsageSums, planFeePicoUsd: bigint) {
  return {
    plan_fee_usd: picoUsdToDecimalString(planFeePicoUsd),
    total_usd: picoUsdToDecimalString(totals.resalePicoUsd + planFeePicoUsd),
  };
}

function summaryFields<S extends StatementSumsView>(summary: StatementSummary, money: (s: UsageSums) => S) {
  return {
    id: summary.id,
    tenant_id: summary.tenantId,
    customer_id: summary.customerId,
    month: formatMonth(summary.month),
    status: summary.status,
    closed_at: summary.closedAt?.toISOString() ?? null,
    usage: money(summary.usage),
    adjustment_totals: money(summary.adjustments),
    totals: money(addSums(summary.usage, summary.adjustments)),
    ...feeAndTotal(addSums(summary.usage, summary.adjustments), summary.planFeePicoUsd),
  };
}
