/**
 * A tenant's or one customer's monthly statements as one table, as GET …/statements answers them:
 * the months not closed yet first (the month in progress, and a month that has ended but is not
 * closed yet), then the closed months page by page, each with its totals, the adjustments on it and
 * a CSV download. The statements page and a customer's page both show it.
 */
import { Link } from 'react-router';
import type { StatementSummaryView, StatementSumsView } from '../../api/openapi.generated';
import { resellerApi, type StatementScope } from '../../api/reseller-api';
import { DataTable, type Column } from '../../components/DataTable';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { Badge, ErrorNotice, Loading } from '../../components/ui';
import { formatCount, formatDate, monthLabel, utcMonth } from '../../lib/format';
import { formatUsd } from '../../lib/money';

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

/** Whether sums hold anything: adjustments are differences, so a negative one counts too. */
function nonZero(sums: StatementSumsView): boolean {
  return sums.calls !== 0 || sums.customer_price_usd !== '0' || sums.resale_usd !== '0';
}

/** What the month's sub-line says: where it stands, and the adjustments on it. */
function monthStanding(row: StatementSummaryView, reseller: boolean): string {
  const standing =
    row.status === 'closed' ? `Closed ${formatDate(row.closed_at)}` : row.month === utcMonth() ? 'In progress' : 'Ended, closing soon';
  if (!nonZero(row.adjustment_totals)) return standing;
  const amount = reseller ? row.adjustment_totals.customer_price_usd : row.adjustment_totals.resale_usd;
  return `${standing} · adjustments ${formatUsd(amount)}`;
}

export function StatementsList({ scope, reseller, caption }: { scope: StatementScope; reseller: boolean; caption: string }) {
  const statements = useCursorList(statementQueryKey(scope, 'list'), (cursor) =>
    resellerApi.statements.list(scope, { limit: PAGE_SIZE, cursor }),
  );

  if (statements.isPending) return <Loading label="Loading statements…" />;
  if (statements.isError) {
    return (
      <div className="card-body">
        <ErrorNotice error={statements.error} onRetry={() => void statements.refetch()} />
      </div>
    );
  }
  const rows = statements.rows;

  return (
    <>
      <DataTable<StatementSummaryView>
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
                <span className="cell-sub">{monthStanding(row, reseller)}</span>
                {/* The plan fee is the tenant's (never on a customer's statement), with what the month totals with it. */}
                {!scope.customerId && row.plan_fee_usd !== '0' && (
                  <span className="cell-sub" data-testid="plan-fee">
                    plan fee {formatUsd(row.plan_fee_usd)} · total {formatUsd(row.total_usd)}
                  </span>
                )}
              </>
            ),
          },
          {
            header: 'Status',
            cell: (row) => (row.status === 'open' ? <Badge tone="info">open</Badge> : <Badge tone="ok">closed</Badge>),
          },
          { header: 'Calls', numeric: true, cell: (row) => formatCount(row.totals.calls) },
          ...moneyColumns<StatementSummaryView>(reseller, (row) => row.totals),
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
      {rows.every((row) => row.status === 'open') && !statements.hasNextPage ? (
        <p className="list-footer">No closed months yet. A month closes shortly after it ends; from then on its statement never changes.</p>
      ) : (
        <LoadMore query={statements} noun="months" />
      )}
    </>
  );
}
