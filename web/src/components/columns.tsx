/** Table columns that recur across reports and statements: an exact USD amount and a count, each with its total in the footer. */
import type { Column } from './DataTable';
import { formatCount } from '../lib/format';
import { formatUsd } from '../lib/money';

/** An amount (a USD decimal string) of each row, and the total's in the footer when given. */
export function moneyColumn<T>(header: string, amount: (row: T) => string, footer?: string | null): Column<T> {
  return { header, numeric: true, cell: (row) => formatUsd(amount(row)), footer: footer == null ? undefined : formatUsd(footer) };
}

/** A count of each row (calls, errors), and the total's in the footer when given. */
export function countColumn<T>(header: string, count: (row: T) => number, footer?: number | null): Column<T> {
  return { header, numeric: true, cell: (row) => formatCount(count(row)), footer: footer == null ? undefined : formatCount(footer) };
}

/** The same figures of a row and of the totals: `footer` picks the totals' (absent: no footer). */
export function sumsColumns<T, S>(
  sums: (row: T) => S,
  totals: S | undefined,
  figures: Array<[header: string, amount: (sums: S) => string]>,
): Column<T>[] {
  return figures.map(([header, amount]) =>
    moneyColumn<T>(header, (row) => amount(sums(row)), totals === undefined ? undefined : amount(totals)),
  );
}
