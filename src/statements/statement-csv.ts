import { CsvValue, toCsv } from '../common/http/csv';
import { OperatorStatementView, StatementAdjustmentView, StatementLineView, StatementSumsView, StatementView } from './dto/statement.view';

/**
 * A statement as CSV: one row per line (`usage`), each followed by a row per meter of it (`meter`:
 * the line's slug, the meter, its quantity and money; calls are the line's), then one per
 * adjustment (`adjustment`, with the month it corrects), then one per plan fee line (`plan_fee`),
 * then the statement's `total` row. The statement's month, status and customer are on every row,
 * so statements concatenate into one table. Money as exact USD decimal strings; the operator's CSV
 * adds the wholesale cost and the operator's margin. A statement closed before meter lines were
 * kept has no `meter` rows.
 */
const COLUMNS = [
  'month',
  'status',
  'customer_id',
  'section',
  'corrects_month',
  'slug',
  'category',
  'billing_unit',
  'meter',
  'calls',
  'errors',
  'quantity',
  'customer_price_usd',
  'resale_usd',
  'reseller_margin_usd',
] as const;
const OPERATOR_COLUMNS = ['wholesale_usd', 'operator_margin_usd'] as const;
/** The plan fee: a `plan_fee` row per paid plan held (when, and its fee); the total row's fee and its total (resale + fee). */
const FEE_COLUMNS = ['plan_name', 'held_from', 'held_until', 'plan_fee_usd', 'total_usd'] as const;

type Row = Partial<Record<(typeof COLUMNS)[number] | (typeof OPERATOR_COLUMNS)[number] | (typeof FEE_COLUMNS)[number], CsvValue>>;

export function statementCsv(statement: StatementView | OperatorStatementView): string {
  const columns = [...COLUMNS, ...(statement instanceof OperatorStatementView ? OPERATOR_COLUMNS : []), ...FEE_COLUMNS];
  const common = { month: statement.month, status: statement.status, customer_id: statement.customer_id };
  const rows: Row[] = [
    ...statement.lines.flatMap((line) => [
      { ...common, section: 'usage', ...lineCells(line) },
      ...(line.meters ?? []).map((m) => ({
        ...common,
        section: 'meter',
        slug: line.slug,
        category: line.category,
        billing_unit: line.billing_unit,
        meter: m.meter,
        quantity: m.quantity,
        ...moneyCells(m),
      })),
    ]),
    ...statement.adjustments.map((a) => ({ ...common, section: 'adjustment', corrects_month: a.corrects_month, ...lineCells(a) })),
    ...statement.plan_fees.map((fee) => ({
      ...common,
      section: 'plan_fee',
      plan_name: fee.plan_name,
      held_from: fee.from,
      held_until: fee.until,
      plan_fee_usd: fee.fee_usd,
    })),
    {
      ...common,
      section: 'total',
      ...sumCells(statement.totals),
      plan_fee_usd: statement.plan_fee_usd,
      total_usd: statement.total_usd,
    },
  ];
  return toCsv(
    columns,
    rows.map((row) => columns.map((column) => row[column])),
  );
}

/** The file name a client saves it under. */
export function statementCsvFileName(statement: StatementView | OperatorStatementView): string {
  return `statement-${statement.month}${statement.customer_id ? `-customer-${statement.customer_id}` : ''}.csv`;
}

function lineCells(line: StatementLineView | StatementAdjustmentView): Row {
  return { slug: line.slug, category: line.category, billing_unit: line.billing_unit, quantity: line.quantity, ...sumCells(line) };
}

function sumCells(sums: StatementSumsView & OperatorMoney): Row {
  return { calls: sums.calls, errors: sums.errors, ...moneyCells(sums) };
}

type OperatorMoney = { wholesale_usd?: string; operator_margin_usd?: string };

function moneyCells(sums: Pick<StatementSumsView, 'customer_price_usd' | 'resale_usd' | 'reseller_margin_usd'> & OperatorMoney): Row {
  return {
    customer_price_usd: sums.customer_price_usd,
    resale_usd: sums.resale_usd,
    reseller_margin_usd: sums.reseller_margin_usd,
    wholesale_usd: sums.wholesale_usd,
    operator_margin_usd: sums.operator_margin_usd,
  };
}
