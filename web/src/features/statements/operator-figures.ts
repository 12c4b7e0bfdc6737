/**
 * How the admin area shows a statement's figures: calls, what the callers were billed, what the
 * tenant owes (resale), the upstreams' cost and the operator's margin; and where a month stands.
 */
import type { OperatorStatementSummaryView, OperatorStatementSumsView } from '@unified-api-gateway/sdk';
import { countColumn, sumsColumns } from '../../components/columns';
import type { Column } from '../../components/DataTable';
import { formatDate } from '../../lib/format';
import { formatUsd } from '../../lib/money';

/** The figures every operator statement table shows (`sums` of a row), with the sums in the footer. */
export function operatorColumns<T>(sums: (row: T) => OperatorStatementSumsView, footer?: OperatorStatementSumsView): Column<T>[] {
  return [
    countColumn<T>('Calls', (row) => sums(row).calls, footer?.calls),
    ...sumsColumns<T, OperatorStatementSumsView>(sums, footer, [
      ['Billed to callers', (s) => s.customer_price_usd],
      ['Owed (resale)', (s) => s.resale_usd],
      ['Wholesale cost', (s) => s.wholesale_usd],
      ['Your margin', (s) => s.operator_margin_usd],
    ]),
  ];
}

/** Where a month stands, and what the corrections on it come to (what the tenant owes: resale). */
export function operatorMonthStanding(s: OperatorStatementSummaryView): string {
  const standing =
    s.status === 'closed'
      ? `closed ${formatDate(s.closed_at)}`
      : s.month === new Date().toISOString().slice(0, 7)
        ? 'in progress'
        : 'ended, closing soon';
  const adjusted = s.adjustment_totals.calls !== 0 || s.adjustment_totals.resale_usd !== '0';
  return adjusted ? `${standing} · corrections ${formatUsd(s.adjustment_totals.resale_usd)}` : standing;
}
