/**
 * One month's statement, the tenant's or a customer's (/console/statements/:month,
 * /console/customers/:id/statements/:month): its totals, a line per endpoint and billing unit, the
 * adjustments that correct earlier months, and the CSV the API serves for it.
 */
import { useParams } from 'react-router';
import { Card, ErrorNotice, Loading, MonthStatusBadge, PageHeader } from '../../../components/ui';
import { monthLabel } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsReseller } from '../../account/queries';
import { useCustomer } from '../../customers/queries';
import { PlanFeeTable } from '../components/PlanFeeTable';
import { AdjustmentsCard, TotalCard, UsageLinesCard } from '../components/StatementCards';
import { StatementTotals } from '../components/StatementTotals';
import { statementCsvUrl, useStatement, type StatementScope } from '../queries';
import { describe } from '../statement-text';

export function StatementDetailPage() {
  const { month = '', id } = useParams();
  const scope: StatementScope = { customerId: id ?? null };
  const reseller = useIsReseller();
  const customer = useCustomer(id);
  const statement = useStatement(scope, month);
  // A customer's name once known; a deleted customer is 404 on its own route but its statements stay readable.
  const whose = id ? (customer.data?.name ?? 'Customer') : null;
  useDocumentTitle(whose ? `${whose}: ${monthLabel(month)}` : `Statement ${monthLabel(month)}`);
  const breadcrumb = id
    ? { to: `/console/customers/${id}`, label: whose ?? 'Customer' }
    : { to: '/console/statements', label: 'Statements' };

  if (statement.isPending) return <Loading page label="Loading the statement…" />;
  if (statement.isError) {
    return (
      <>
        <PageHeader breadcrumb={breadcrumb} title={monthLabel(month)} />
        <ErrorNotice error={statement.error} onRetry={() => void statement.refetch()} title="Could not load this statement." />
      </>
    );
  }
  const current = statement.data;
  const label = monthLabel(current.month);

  return (
    <>
      <PageHeader
        breadcrumb={breadcrumb}
        title={
          <span className="row">
            <span>{whose ? `${whose}: ${label}` : label}</span>
            <MonthStatusBadge status={current.status} />
          </span>
        }
        description={describe(current)}
        actions={
          <a
            className="btn btn-primary"
            href={statementCsvUrl(scope, current.month)}
            download
            aria-label={`Download CSV of the statement of ${label}`}
          >
            Download CSV
          </a>
        }
      />
      <div className="stack">
        <StatementTotals statement={current} reseller={reseller} ofCustomer={id !== undefined} />
        <UsageLinesCard statement={current} reseller={reseller} />
        <AdjustmentsCard statement={current} reseller={reseller} scope={scope} />
        {!id && (
          <Card
            title="Plan fee"
            description={
              current.status === 'open'
                ? 'Each paid plan you hold, prorated by the time held in the month; your plan of now counts to the month’s end.'
                : 'Each paid plan you held, prorated by the time held in the month.'
            }
            flush
          >
            <PlanFeeTable
              caption={`Plan fee, ${label}`}
              fees={current.plan_fees}
              total={current.plan_fee_usd}
              empty={<p className="card-body muted">No plan fee this month.</p>}
            />
          </Card>
        )}
        {current.adjustments.length > 0 && <TotalCard statement={current} reseller={reseller} />}
      </div>
    </>
  );
}
