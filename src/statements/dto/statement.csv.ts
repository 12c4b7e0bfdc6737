import { CsvValue, toCsv } from '../../common/http/csv';
import { OperatorStatementView, StatementLineView, StatementSumsView, StatementView } from './statement.view';

/**
 * A statement as CSV: one row per line (`usage`), then one per adjustment (`adjustment`, with the
 * month it corrects), then the statement's `total` row. The statement's month, status and customer
 * are on every row, so statements concatenate into one table. Money as exact USD decimal strings;
 * the operator's CSV adds the wholesale cost and the operator's margin.
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
  'calls',
  'errors',
  'quantity',
  'customer_price_usd',
  'resale_usd',
  'reseller_margin_usd',
] as const;
const OPERATOR_COLUMNS = ['wholesale_usd', 'operator_margin_usd'] as const;

type Row = Partial<Record<(typeof COLUMNS)[number] | (typeof OPERATOR_COLUMNS)[number], CsvValue>>;

export function statementCsv(statement: StatementView | OperatorStatementView): string {
  const columns = statement instanceof OperatorStatementView ? [...COLUMNS, ...OPERATOR_COLUMNS] : [...COLUMNS];
  const common = { month: statement.month, status: statement.status, customer_id: statement.customer_id };
  const rows: Row[] = [
    ...statement.lines.map((line) => ({ ...common, section: 'usage', ...lineCells(line) })),
    ...statement.adjustments.map((a) => ({ ...common, section: 'adjustment', corrects_month: a.corrects_month, ...lineCells(a) })),
    { ...common, section: 'total', ...sumCells(statement.totals) },
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

function lineCells(line: StatementLineView): Row {
  return { slug: line.slug, category: line.category, billing_unit: line.billing_unit, quantity: line.quantity, ...sumCells(line) };
}

function sumCells(sums: StatementSumsView & { wholesale_usd?: string; operator_margin_usd?: string }): Row {
  return {
    calls: sums.calls,
    errors: sums.errors,
    customer_price_usd: sums.customer_price_usd,
    resale_usd: sums.resale_usd,
    reseller_margin_usd: sums.reseller_margin_usd,
    wholesale_usd: sums.wholesale_usd,
    operator_margin_usd: sums.operator_margin_usd,
  };
}
