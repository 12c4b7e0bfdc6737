/**
 * A tenant's monthly statements as the operator sees them (GET /tenants/:id/statements[/:month], and
 * the same per customer of a reseller): the months not closed yet (open: the month in progress, and one
 * that has ended but is not closed yet) and the closed months, as the list answers them, each
 * with what the callers were billed, what the tenant owes (resale), the upstreams' cost and the
 * operator's margin, line by line per endpoint, and the statement as a CSV file.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi } from '../../api/admin-api';
import { ApiError } from '../../api/http';
import type {
  CustomerView,
  OperatorStatementAdjustmentView,
  OperatorStatementLineView,
  OperatorStatementMeterLineView,
  OperatorStatementSummaryView,
  OperatorStatementSumsView,
  PlanFeeLineView,
} from '../../api/openapi.generated';
import { DataTable, type Column } from '../../components/DataTable';
import { meterLinesDetail } from '../../components/MeterLines';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { Card, EmptyState, ErrorNotice, Loading, SelectField, Stat } from '../../components/ui';
import { formatQuantity } from '../../lib/billing-units';
import { formatCount, formatDate, formatDateTime, monthLabel } from '../../lib/format';
import { formatUsd } from '../../lib/money';

/** One month's statement; null for a closed month that has none (nothing was used in it: 404). */
function fetchStatement(tenantId: string, customerId: string | null, month: string) {
  return adminApi.statements.get(tenantId, customerId, month).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
}

/** The money columns every statement table shows (`sums` of a row), with the sums in the footer. */
function moneyColumns<T>(sums: (row: T) => OperatorStatementSumsView, footer?: OperatorStatementSumsView): Column<T>[] {
  const column = (header: string, figure: (s: OperatorStatementSumsView) => string): Column<T> => ({
    header,
    numeric: true,
    cell: (row) => figure(sums(row)),
    footer: footer && figure(footer),
  });
  return [
    column('Calls', (s) => formatCount(s.calls)),
    column('Billed to callers', (s) => formatUsd(s.customer_price_usd)),
    column('Owed (resale)', (s) => formatUsd(s.resale_usd)),
    column('Wholesale cost', (s) => formatUsd(s.wholesale_usd)),
    column('Your margin', (s) => formatUsd(s.operator_margin_usd)),
  ];
}

/** Where a month stands, and what the corrections on it come to (what the tenant owes: resale). */
function monthStanding(s: OperatorStatementSummaryView): string {
  const standing =
    s.status === 'closed'
      ? `closed ${formatDate(s.closed_at)}`
      : s.month === new Date().toISOString().slice(0, 7)
        ? 'in progress'
        : 'ended, closing soon';
  const adjusted = s.adjustment_totals.calls !== 0 || s.adjustment_totals.resale_usd !== '0';
  return adjusted ? `${standing} · corrections ${formatUsd(s.adjustment_totals.resale_usd)}` : standing;
}

export function TenantStatements({
  tenantId,
  tenantName,
  customers,
}: {
  tenantId: string;
  tenantName: string;
  /** A reseller's customers, whose statements can be read one by one; empty for a direct tenant. */
  customers: CustomerView[];
}) {
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const whose = customerId ? (customers.find((c) => c.id === customerId)?.name ?? 'This customer') : tenantName;

  const statements = useCursorList(['admin', 'tenants', tenantId, 'statements', customerId, 'list'], (cursor) =>
    adminApi.statements.list(tenantId, customerId, { limit: PAGE_SIZE, cursor }),
  );
  const rows = statements.rows;
  const month = selected ?? rows[0]?.month ?? null;

  return (
    <>
      <Card
        title="Statements"
        description="Per month: what the callers were billed, what the tenant owes you (resale, after its plan's discount), what the upstreams cost you, and your margin. The month in progress stays open until it is closed."
        flush
        actions={
          customers.length > 0 ? (
            <SelectField
              label="Statement of"
              value={customerId ?? ''}
              onChange={(e) => {
                setCustomerId(e.target.value || null);
                setSelected(null);
              }}
              options={[{ value: '', label: 'The whole tenant' }, ...customers.map((c) => ({ value: c.id, label: c.name }))]}
            />
          ) : undefined
        }
      >
        {statements.isPending ? (
          <Loading />
        ) : statements.isError ? (
          <div className="card-body">
            <ErrorNotice error={statements.error} onRetry={() => void statements.refetch()} />
          </div>
        ) : (
          <DataTable<OperatorStatementSummaryView>
            caption={`Statements of ${whose}`}
            rows={rows}
            rowKey={(r) => r.month}
            empty={<EmptyState title="No statements yet">A statement starts with the first call of a month.</EmptyState>}
            columns={[
              {
                header: 'Month',
                primary: true,
                cell: (r) => (
                  <>
                    <span className="cell-title">{monthLabel(r.month)}</span>
                    <span className="cell-sub">{monthStanding(r)}</span>
                  </>
                ),
              },
              ...moneyColumns<OperatorStatementSummaryView>((r) => r.totals),
              { header: 'Plan fee', numeric: true, cell: (r) => formatUsd(r.plan_fee_usd) },
              { header: 'Total owed', numeric: true, cell: (r) => formatUsd(r.total_usd) },
              {
                header: 'Actions',
                actions: true,
                cell: (r) =>
                  r.month === month ? null : (
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => setSelected(r.month)}
                      aria-label={`Show the statement of ${monthLabel(r.month)}`}
                    >
                      Show
                    </button>
                  ),
              },
            ]}
          />
        )}
        <LoadMore query={statements} noun="statements" />
      </Card>
      {month && <StatementDetail tenantId={tenantId} customerId={customerId} month={month} whose={whose} />}
    </>
  );
}

function StatementDetail({
  tenantId,
  customerId,
  month,
  whose,
}: {
  tenantId: string;
  customerId: string | null;
  month: string;
  whose: string;
}) {
  const statement = useQuery({
    queryKey: ['admin', 'tenants', tenantId, 'statements', customerId, month],
    queryFn: () => fetchStatement(tenantId, customerId, month),
  });
  const title = `${monthLabel(month)}: ${whose}`;
  if (statement.isPending) return <Loading />;
  if (statement.isError) return <ErrorNotice error={statement.error} onRetry={() => void statement.refetch()} />;
  const s = statement.data;
  if (!s) return null;
  const lineColumns: Column<OperatorStatementLineView>[] = [
    {
      header: 'Endpoint',
      primary: true,
      cell: (l) => <span className="cell-title mono">{l.slug ?? 'No endpoint'}</span>,
      footer: 'Total',
    },
    {
      header: 'Usage',
      numeric: true,
      cell: (l) => formatQuantity(l.quantity, l.billing_unit),
    },
    ...moneyColumns<OperatorStatementLineView>((l) => l, s.usage),
  ];
  return (
    <Card
      title={title}
      description={
        s.status === 'open'
          ? 'Open: computed from the calls as they are now; it changes until the month is closed.'
          : `Closed ${formatDate(s.closed_at)}: it never changes again; later corrections appear on a following month.`
      }
      actions={
        <a className="btn btn-sm" href={adminApi.statements.csvUrl(tenantId, customerId, month)} download>
          Download CSV
        </a>
      }
    >
      <div className="stack" data-testid="statement">
        <div className="grid-4">
          <Stat
            label="Owed (resale)"
            value={formatUsd(s.totals.resale_usd)}
            sub={`${formatQuantity(String(s.totals.calls), 'call')} · with the ${formatUsd(s.plan_fee_usd)} plan fee ${formatUsd(s.total_usd)}`}
          />
          <Stat label="Wholesale cost" value={formatUsd(s.totals.wholesale_usd)} />
          <Stat label="Your margin" value={formatUsd(s.totals.operator_margin_usd)} sub="Resale − wholesale" />
          <Stat
            label="Billed to callers"
            value={formatUsd(s.totals.customer_price_usd)}
            sub={`Reseller's margin ${formatUsd(s.totals.reseller_margin_usd)}`}
          />
        </div>
        <DataTable<OperatorStatementLineView>
          caption={`Lines of the statement of ${title}`}
          rows={s.lines}
          rowKey={(l) => `${l.slug ?? 'none'}:${l.billing_unit ?? ''}`}
          empty={<EmptyState title="No calls this month" />}
          footer
          columns={lineColumns}
          // An endpoint priced in several meters: its lines per meter under it.
          detail={meterLinesDetail<OperatorStatementLineView, OperatorStatementMeterLineView>(
            (l) => `Lines per meter of ${l.slug ?? 'no endpoint'} on the statement of ${title}`,
            (l) => l.billing_unit,
            [
              { header: 'Billed to callers', amount: (m) => m.customer_price_usd },
              { header: 'Owed (resale)', amount: (m) => m.resale_usd },
              { header: 'Wholesale cost', amount: (m) => m.wholesale_usd },
              { header: 'Your margin', amount: (m) => m.operator_margin_usd },
            ],
          )}
        />
        {s.lines.some((l) => l.meters === null) && (
          <p className="muted">Closed before lines per meter were kept: this statement has its lines per endpoint only.</p>
        )}
        {s.plan_fees.length > 0 && (
          <>
            <h3>Plan fee</h3>
            <DataTable<PlanFeeLineView>
              caption={`Plan fee on the statement of ${title}`}
              rows={s.plan_fees}
              rowKey={(fee) => fee.from}
              footer
              columns={[
                { header: 'Plan', primary: true, cell: (fee) => fee.plan_name, footer: 'Plan fee' },
                { header: 'Held', cell: (fee) => `${formatDateTime(fee.from)} to ${formatDateTime(fee.until)}` },
                { header: 'Monthly fee', numeric: true, cell: (fee) => formatUsd(fee.monthly_fee_usd) },
                { header: 'Fee', numeric: true, cell: (fee) => formatUsd(fee.fee_usd), footer: formatUsd(s.plan_fee_usd) },
              ]}
            />
          </>
        )}
        {s.adjustments.length > 0 && (
          <>
            <h3>Corrections of closed months</h3>
            <DataTable<OperatorStatementAdjustmentView>
              caption={`Corrections on the statement of ${title}`}
              rows={s.adjustments}
              rowKey={(a) => `${a.corrects_month}:${a.slug ?? 'none'}:${a.found_at}`}
              footer
              columns={[
                {
                  header: 'Endpoint',
                  primary: true,
                  cell: (a) => (
                    <>
                      <span className="cell-title mono">{a.slug ?? 'No endpoint'}</span>
                      <span className="cell-sub">corrects {monthLabel(a.corrects_month)}</span>
                    </>
                  ),
                  footer: 'Total',
                },
                ...moneyColumns<OperatorStatementAdjustmentView>((a) => a, s.adjustment_totals),
              ]}
            />
          </>
        )}
      </div>
    </Card>
  );
}
