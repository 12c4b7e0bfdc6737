/**
 * One month's statement, the tenant's or a customer's (/console/statements/:month,
 * /console/customers/:id/statements/:month): its totals, a line per endpoint and billing unit, the
 * adjustments that correct earlier months, and the CSV the API serves for it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type {
  PlanFeeLineView,
  StatementAdjustmentView,
  StatementLineView,
  StatementMeterLineView,
  StatementSumsView,
  StatementView,
} from '../../api/openapi.generated';
import { resellerApi, type StatementScope } from '../../api/reseller-api';
import { DataTable } from '../../components/DataTable';
import { meterLinesDetail } from '../../components/MeterLines';
import { Badge, Card, EmptyState, ErrorNotice, Loading, PageHeader, Stat } from '../../components/ui';
import { billingUnitLabel, formatQuantity } from '../../lib/billing-units';
import { categoryLabel } from '../../lib/categories';
import { formatCount, formatDate, formatDateTime, monthLabel } from '../../lib/format';
import { formatUsd } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { moneyColumns, statementPath, statementQueryKey } from './StatementsList';

export function StatementDetailPage() {
  const { month = '', id } = useParams();
  const scope: StatementScope = { customerId: id ?? null };
  const me = useQuery({ queryKey: ['me'], queryFn: resellerApi.me });
  const customer = useQuery({
    queryKey: ['customers', id],
    queryFn: () => resellerApi.customers.get(id!),
    enabled: id !== undefined,
  });
  const statement = useQuery({
    queryKey: statementQueryKey(scope, 'month', month),
    queryFn: () => resellerApi.statements.get(scope, month),
  });
  const reseller = me.data?.tenant.kind === 'reseller';
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

  return (
    <>
      <PageHeader
        breadcrumb={breadcrumb}
        title={
          <span className="row">
            <span>{whose ? `${whose}: ${monthLabel(current.month)}` : monthLabel(current.month)}</span>
            {current.status === 'open' ? <Badge tone="info">open</Badge> : <Badge tone="ok">closed</Badge>}
          </span>
        }
        description={describe(current)}
        actions={
          <a
            className="btn btn-primary"
            href={resellerApi.statements.csvUrl(scope, current.month)}
            download
            aria-label={`Download the statement of ${monthLabel(current.month)} as CSV`}
          >
            Download CSV
          </a>
        }
      />
      <div className="stack">
        <div className="grid-4" data-testid="statement-totals">
          <Stat label="Calls" value={formatCount(current.totals.calls)} sub={callsText(current)} />
          {reseller ? (
            <>
              <Stat label={id ? 'Billed to the customer' : 'Billed to your callers'} value={formatUsd(current.totals.customer_price_usd)} />
              <Stat label="You owe" value={formatUsd(current.total_usd)} sub={owedText(current)} />
              <Stat label="Your margin" value={formatUsd(current.totals.reseller_margin_usd)} />
            </>
          ) : (
            <>
              <Stat label="Amount" value={formatUsd(current.total_usd)} sub={owedText(current)} />
              <Stat label="Period (UTC)" value={monthLabel(current.month)} sub={periodText(current)} />
              <Stat label="Status" value={current.status === 'open' ? 'Open' : 'Closed'} sub={closedText(current)} />
            </>
          )}
        </div>
        <Card title="Usage per endpoint" description={linesText(current)} flush>
          <DataTable<StatementLineView>
            caption={`Usage per endpoint, ${monthLabel(current.month)}`}
            rows={current.lines}
            rowKey={(line) => `${line.slug ?? 'none'}:${line.billing_unit ?? ''}`}
            detail={meterLinesDetail<StatementLineView, StatementMeterLineView>(
              (line) => `Usage of ${line.slug ?? 'no endpoint'} per meter, ${monthLabel(current.month)}`,
              (line) => line.billing_unit,
              reseller
                ? [
                    { header: 'Billed', amount: (m) => m.customer_price_usd },
                    { header: 'You owe', amount: (m) => m.resale_usd },
                    { header: 'Margin', amount: (m) => m.reseller_margin_usd },
                  ]
                : [{ header: 'Amount', amount: (m) => m.resale_usd }],
            )}
            empty={
              <EmptyState title="No calls in this month">
                {current.status === 'open' ? 'Calls show up here as they are made.' : undefined}
              </EmptyState>
            }
            footer
            columns={[
              {
                header: 'Endpoint',
                primary: true,
                cell: (line) => <EndpointCell line={line} />,
                footer: 'Usage',
              },
              { header: 'Unit', cell: (line) => <span className="nowrap">{billingUnitLabel(line.billing_unit)}</span> },
              { header: 'Calls', numeric: true, cell: (line) => formatCount(line.calls), footer: formatCount(current.usage.calls) },
              { header: 'Errors', numeric: true, cell: (line) => formatCount(line.errors), footer: formatCount(current.usage.errors) },
              { header: 'Quantity', numeric: true, cell: (line) => formatQuantity(line.quantity, line.billing_unit) },
              ...moneyColumns<StatementLineView>(reseller, (line) => line, current.usage),
            ]}
          />
        </Card>
        <Card
          title="Adjustments"
          description={
            current.adjustments.length > 0
              ? 'Usage of earlier months found after they closed (records that landed late): counted here, never by changing a closed statement.'
              : undefined
          }
          flush
        >
          <DataTable<StatementAdjustmentView>
            caption={`Adjustments, ${monthLabel(current.month)}`}
            rows={current.adjustments}
            rowKey={(a) => `${a.corrects_month}:${a.slug ?? 'none'}:${a.billing_unit ?? ''}:${a.found_at}`}
            empty={<p className="card-body muted">No adjustments on this statement.</p>}
            footer
            columns={[
              {
                header: 'Endpoint',
                primary: true,
                cell: (a) => <EndpointCell line={a} />,
                footer: 'Adjustments',
              },
              {
                header: 'Corrects',
                cell: (a) => (
                  // One child, so a phone's labelled cell keeps the month and when it was found together.
                  <span>
                    <Link to={statementPath(scope, a.corrects_month)}>{monthLabel(a.corrects_month)}</Link>
                    <span className="cell-sub">found {formatDateTime(a.found_at)}</span>
                  </span>
                ),
              },
              { header: 'Calls', numeric: true, cell: (a) => formatCount(a.calls), footer: formatCount(current.adjustment_totals.calls) },
              { header: 'Quantity', numeric: true, cell: (a) => formatQuantity(a.quantity, a.billing_unit) },
              ...moneyColumns<StatementAdjustmentView>(reseller, (a) => a, current.adjustment_totals),
            ]}
          />
        </Card>
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
            <DataTable<PlanFeeLineView>
              caption={`Plan fee, ${monthLabel(current.month)}`}
              rows={current.plan_fees}
              rowKey={(fee) => fee.from}
              empty={<p className="card-body muted">No plan fee this month.</p>}
              footer
              columns={[
                { header: 'Plan', primary: true, cell: (fee) => fee.plan_name, footer: 'Plan fee' },
                {
                  header: 'Held',
                  cell: (fee) => `${formatDateTime(fee.from)} to ${formatDateTime(fee.until)}`,
                },
                { header: 'Monthly fee', numeric: true, cell: (fee) => formatUsd(fee.monthly_fee_usd) },
                { header: 'Fee', numeric: true, cell: (fee) => formatUsd(fee.fee_usd), footer: formatUsd(current.plan_fee_usd) },
              ]}
            />
          </Card>
        )}
        {current.adjustments.length > 0 && (
          <Card title="Total" description="Usage plus adjustments: what this statement comes to." flush>
            <DataTable<{ label: string; sums: StatementSumsView }>
              caption={`Total, ${monthLabel(current.month)}`}
              rows={[
                { label: 'Usage', sums: current.usage },
                { label: 'Adjustments', sums: current.adjustment_totals },
              ]}
              rowKey={(row) => row.label}
              footer
              columns={[
                { header: 'Part', primary: true, cell: (row) => row.label, footer: 'Total' },
                { header: 'Calls', numeric: true, cell: (row) => formatCount(row.sums.calls), footer: formatCount(current.totals.calls) },
                ...moneyColumns<{ label: string; sums: StatementSumsView }>(reseller, (row) => row.sums, current.totals),
              ]}
            />
          </Card>
        )}
      </div>
    </>
  );
}

function EndpointCell({ line }: { line: StatementLineView | StatementAdjustmentView }) {
  if (line.slug === null) {
    return (
      <>
        <span className="cell-title faint">No endpoint</span>
        <span className="cell-sub">Calls refused before an endpoint was found (never billed)</span>
      </>
    );
  }
  return (
    <>
      <span className="cell-title mono">{line.slug}</span>
      {line.category && <span className="cell-sub">{categoryLabel(line.category)}</span>}
    </>
  );
}

/** What the lines are, and where their meter lines are (none kept on a statement closed before them). */
function linesText(statement: StatementView): string {
  const perSlug = "One line per endpoint and billing unit; quantities in the unit's base measure.";
  if (statement.lines.some((line) => line.meters === null)) {
    return `${perSlug} This statement was closed before lines per meter were kept: it has none, and never changes.`;
  }
  return `${perSlug} An endpoint priced in several meters (input and output tokens, …) has its line per meter under it.`;
}

function describe(statement: StatementView): string {
  if (statement.status === 'open') {
    return `The month in progress, as it stands now (${periodText(statement)}). It closes shortly after the month ends; until then the figures grow with every call.`;
  }
  return `${periodText(statement)}. ${closedText(statement)}: a closed statement never changes.`;
}

/** How the amount owed adds up: the usage (resale, with adjustments) and the plan fee. */
function owedText(statement: StatementView): string {
  if (statement.plan_fee_usd === '0') return 'Resale, under your plan';
  return `${formatUsd(statement.totals.resale_usd)} usage + ${formatUsd(statement.plan_fee_usd)} plan fee`;
}

function callsText(statement: StatementView): string {
  const errors = `${formatCount(statement.totals.errors)} error${statement.totals.errors === 1 ? '' : 's'}`;
  if (statement.adjustments.length === 0) return errors;
  return `${formatCount(statement.usage.calls)} this month + ${formatCount(statement.adjustment_totals.calls)} from adjustments · ${errors}`;
}

function periodText(statement: StatementView): string {
  const last = new Date(Date.parse(statement.period.to) - 1).toISOString();
  return `${formatDate(statement.period.from)} to ${formatDate(last)}, UTC`;
}

function closedText(statement: StatementView): string {
  return statement.closed_at ? `Closed ${formatDateTime(statement.closed_at)}` : 'Not closed yet';
}
