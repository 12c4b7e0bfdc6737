/**
 * How the console shows a statement's figures: what callers paid, what the tenant owes the operator
 * and the margin for a reseller; a direct account's own keys pay the resale price, so one column.
 * And where a month stands, in words.
 */
import type { StatementSummaryView, StatementSumsView } from '@unified-api-gateway/sdk';
import { sumsColumns } from '../../components/columns';
import type { Column } from '../../components/DataTable';
import { formatDate, utcMonth } from '../../lib/format';
import { formatUsd } from '../../lib/money';

/** The money columns of a statement's sums: Billed, You owe and Margin for a reseller; Amount for a direct account. */
export function moneyColumns<T>(reseller: boolean, sums: (row: T) => StatementSumsView, footer?: StatementSumsView): Column<T>[] {
  return sumsColumns<T, StatementSumsView>(
    sums,
    footer,
    reseller
      ? [
          ['Billed', (s) => s.customer_price_usd],
          ['You owe', (s) => s.resale_usd],
          ['Margin', (s) => s.reseller_margin_usd],
        ]
      : [['Amount', (s) => s.resale_usd]],
  );
}

/** The same money of a line's meters, for its meter lines' table. */
export function meterMoney<M extends { customer_price_usd: string; resale_usd: string; reseller_margin_usd: string }>(reseller: boolean) {
  return reseller
    ? [
        { header: 'Billed', amount: (m: M) => m.customer_price_usd },
        { header: 'You owe', amount: (m: M) => m.resale_usd },
        { header: 'Margin', amount: (m: M) => m.reseller_margin_usd },
      ]
    : [{ header: 'Amount', amount: (m: M) => m.resale_usd }];
}

/** Whether sums hold anything: adjustments are differences, so a negative one counts too. */
function nonZero(sums: StatementSumsView): boolean {
  return sums.calls !== 0 || sums.customer_price_usd !== '0' || sums.resale_usd !== '0';
}

/** What the month's sub-line says: where it stands, and the adjustments on it. */
export function monthStanding(row: StatementSummaryView, reseller: boolean): string {
  const standing =
    row.status === 'closed' ? `Closed ${formatDate(row.closed_at)}` : row.month === utcMonth() ? 'In progress' : 'Ended, closing soon';
  if (!nonZero(row.adjustment_totals)) return standing;
  const amount = reseller ? row.adjustment_totals.customer_price_usd : row.adjustment_totals.resale_usd;
  return `${standing} · adjustments ${formatUsd(amount)}`;
}
