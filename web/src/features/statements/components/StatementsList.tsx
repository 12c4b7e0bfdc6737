/**
 * A tenant's or one customer's monthly statements as one table, as GET …/statements answers them:
 * the months not closed yet first (the month in progress, and a month that has ended but is not
 * closed yet), then the closed months page by page, each with its totals, the adjustments on it and
 * a CSV download. The statements page and a customer's page both show it.
 */
import { Link } from 'react-router';
import type { StatementSummaryView } from '@unified-api-gateway/sdk';
import { countColumn } from '../../../components/columns';
import { LoadMore } from '../../../components/Paging';
import { ResourceTable } from '../../../components/ResourceList';
import { MonthStatusBadge } from '../../../components/ui';
import { monthLabel } from '../../../lib/format';
import { formatUsd } from '../../../lib/money';
import { statementCsvUrl, statementPath, useStatements, type StatementScope } from '../queries';
import { moneyColumns, monthStanding } from '../statement-figures';

export function StatementsList({ scope, reseller, caption }: { scope: StatementScope; reseller: boolean; caption: string }) {
  const statements = useStatements(scope);
  const rows = statements.rows;
  const allOpen = statements.isSuccess && rows.every((row) => row.status === 'open') && !statements.hasNextPage;
  return (
    <>
      <ResourceTable<StatementSummaryView>
        list={statements}
        loadingLabel="Loading statements…"
        caption={caption}
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
          { header: 'Status', cell: (row) => <MonthStatusBadge status={row.status} /> },
          countColumn<StatementSummaryView>('Calls', (row) => row.totals.calls),
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
                  href={statementCsvUrl(scope, row.month)}
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
      {allOpen ? (
        <p className="list-footer">No closed months yet. A month closes shortly after it ends; from then on its statement never changes.</p>
      ) : (
        statements.isSuccess && <LoadMore query={statements} noun="months" />
      )}
    </>
  );
}
