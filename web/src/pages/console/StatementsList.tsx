/**
 * A tenant's or one customer's monthly statements as one table: the month in progress first (open,
 * read live from GET …/statements/{this month}), then the closed months page by page, each with its
 * totals and a CSV download. The statements page and a customer's page both show it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { StatementSumsView } from '../../api/openapi.generated';
import { resellerApi, type StatementScope } from '../../api/reseller-api';
import { DataTable, type Column } from '../../components/DataTable';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { Badge, ErrorNotice, Loading } from '../../components/ui';
import { formatCount, formatDate, monthLabel, utcMonth } from '../../lib/format';
import { formatUsd } from '../../lib/money';

/** One month of the table: a closed statement's summary, or the open month's statement. */
interface MonthRow {
  month: string;
  status: 'open' | 'closed';
  closed_at: string | null;
  totals: StatementSumsView;
  /** Known for the open month only (the list's summaries carry totals alone). */
  adjustments?: number;
}

/** Where a month's statement page is. */
export function statementPath({ customerId }: StatementScope, month: string): string {
  return customerId ? `/console/customers/${customerId}/statements/${month}` : `/console/statements/${month}`;
}

export function statementQueryKey({ customerId }: StatementScope, ...rest: string[]) {
  return ['statements', customerId ?? 'tenant', ...rest];
}

/**
 * The money columns of a statement's figures: what callers paid, what the tenant owes the operator
 * and the margin for a reseller; a direct account's own keys pay the resale price, so one column.
 */
export function moneyColumns<T>(reseller: boolean, sums: (row: T) => StatementSumsView, footer?: StatementSumsView): Column<T>[] {
  if (!reseller) {
    return [
      {
        header: 'Amount',
        numeric: true,
        cell: (row) => formatUsd(sums(row).resale_usd),
        footer: footer && formatUsd(footer.resale_usd),
      },
    ];
  }
  return [
    {
      header: 'Billed',
      numeric: true,
      cell: (row) => formatUsd(sums(row).customer_price_usd),
      footer: footer && formatUsd(footer.customer_price_usd),
    },
    {
      header: 'You owe',
      numeric: true,
      cell: (row) => formatUsd(sums(row).resale_usd),
      footer: footer && formatUsd(footer.resale_usd),
    },
    {
      header: 'Margin',
      numeric: true,
      cell: (row) => formatUsd(sums(row).reseller_margin_usd),
      footer: footer && formatUsd(footer.reseller_margin_usd),
    },
  ];
}

export function StatementsList({ scope, reseller, caption }: { scope: StatementScope; reseller: boolean; caption: string }) {
  const current = utcMonth();
  const open = useQuery({
    queryKey: statementQueryKey(scope, 'month', current),
    queryFn: () => resellerApi.statements.get(scope, current),
  });
  const closed = useCursorList(statementQueryKey(scope, 'closed'), (cursor) =>
    resellerApi.statements.list(scope, { limit: PAGE_SIZE, cursor }),
  );

  if (closed.isPending || open.isPending) return <Loading label="Loading statements…" />;
  if (closed.isError || open.isError) {
    return (
      <div className="card-body">
        <ErrorNotice
          error={closed.error ?? open.error}
          onRetry={() => {
            void closed.refetch();
            void open.refetch();
          }}
        />
      </div>
    );
  }
  const rows: MonthRow[] = [
    // The current month is open until it closes; once closed it is in the list instead.
    ...(open.data.status === 'open' ? [{ ...open.data, adjustments: open.data.adjustments.length }] : []),
    ...closed.rows,
  ];

  return (
    <>
      <DataTable<MonthRow>
        caption={caption}
        rows={rows}
        rowKey={(row) => row.month}
        columns={[
          {
            header: 'Month',
            primary: true,
            cell: (row) => (
              <>
                <Link className="cell-title" to={statementPath(scope, row.month)}>
                  {monthLabel(row.month)}
                </Link>
                <span className="cell-sub">
                  {row.status === 'open'
                    ? `In progress${row.adjustments ? `, with ${row.adjustments} adjustment${row.adjustments === 1 ? '' : 's'}` : ''}`
                    : `Closed ${formatDate(row.closed_at)}`}
                </span>
              </>
            ),
          },
          {
            header: 'Status',
            cell: (row) => (row.status === 'open' ? <Badge tone="info">open</Badge> : <Badge tone="ok">closed</Badge>),
          },
          { header: 'Calls', numeric: true, cell: (row) => formatCount(row.totals.calls) },
          ...moneyColumns<MonthRow>(reseller, (row) => row.totals),
          {
            header: 'Actions',
            actions: true,
            cell: (row) => (
              <span className="row row-tight">
                <Link
                  className="btn btn-sm"
                  to={statementPath(scope, row.month)}
                  aria-label={`View the statement of ${monthLabel(row.month)}`}
                >
                  View
                </Link>
                <a
                  className="btn btn-sm"
                  href={resellerApi.statements.csvUrl(scope, row.month)}
                  download
                  aria-label={`Download the statement of ${monthLabel(row.month)} as CSV`}
                >
                  CSV
                </a>
              </span>
            ),
          },
        ]}
      />
      {closed.rows.length === 0 ? (
        <p className="list-footer">No closed months yet. A month closes shortly after it ends; from then on its statement never changes.</p>
      ) : (
        <LoadMore query={closed} noun="closed months" />
      )}
    </>
  );
}
