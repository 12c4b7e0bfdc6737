/**
 * A tenant's monthly statements as the operator sees them (GET /tenants/:id/statements[/:month], and
 * the same per customer of a reseller): the month in progress (open) and the closed months, each
 * with what the callers were billed, what the tenant owes (resale), the upstreams' cost and the
 * operator's margin, line by line per endpoint, and the statement as a CSV file.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi } from '../../api/admin-api';
import { ApiError } from '../../api/http';
import type {
  CustomerView,
  OperatorStatementAdjustmentView,
  OperatorStatementLineView,
  OperatorStatementSumsView,
} from '../../api/openapi.generated';
import { DataTable, type Column } from '../../components/DataTable';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { Card, EmptyState, ErrorNotice, Loading, SelectField, Stat } from '../../components/ui';
import { formatCount, formatDate } from '../../lib/format';
import { formatUsd } from '../../lib/money';

/** How a line's quantity (the billing unit's base measure) is counted. */
const MEASURES: Record<string, string> = {
  tokens_1k: 'tokens',
  image: 'images',
  minute: 'ms',
  generation: 'generations',
  record: 'records',
  verification: 'verifications',
  transaction: 'transactions',
  call: 'calls',
};

/** A month as YYYY-MM, `back` months before this UTC month. */
function utcMonth(back: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}

const MONTH_NAME = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function monthName(month: string): string {
  return MONTH_NAME.format(new Date(`${month}-01T00:00:00Z`));
}

/** One month's statement; null for a closed month that has none (nothing was used in it: 404). */
function fetchStatement(tenantId: string, customerId: string | null, month: string) {
  return adminApi.statements.get(tenantId, customerId, month).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
}

interface MonthRow {
  month: string;
  status: 'open' | 'closed';
  closedAt: string | null;
  totals: OperatorStatementSumsView;
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

  // The month in progress, and the one before it while it is not closed yet (the closer runs after the month ends).
  const recent = useQueries({
    queries: [utcMonth(0), utcMonth(1)].map((month) => ({
      queryKey: ['admin', 'tenants', tenantId, 'statements', customerId, month],
      queryFn: () => fetchStatement(tenantId, customerId, month),
    })),
  });
  const closed = useCursorList(['admin', 'tenants', tenantId, 'statements', customerId, 'closed'], (cursor) =>
    adminApi.statements.list(tenantId, customerId, { limit: PAGE_SIZE, cursor }),
  );
  const closedMonths = new Set(closed.rows.map((s) => s.month));
  const rows: MonthRow[] = [
    ...recent
      .flatMap((query, back) => (query.data ? [{ statement: query.data, back }] : []))
      // The month in progress always; last month while it is still open, if anything happened in it.
      .filter(
        ({ statement: s, back }) =>
          s.status === 'open' && !closedMonths.has(s.month) && (back === 0 || s.lines.length + s.adjustments.length > 0),
      )
      .map(({ statement }) => statement)
      .map((s) => ({ month: s.month, status: s.status, closedAt: s.closed_at, totals: s.totals })),
    ...closed.rows.map((s) => ({ month: s.month, status: s.status, closedAt: s.closed_at, totals: s.totals })),
  ];
  const month = selected ?? rows[0]?.month ?? null;
  const pending = recent.some((query) => query.isPending) || closed.isPending;
  const failed = recent.find((query) => query.isError)?.error ?? closed.error;

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
        {pending ? (
          <Loading />
        ) : failed ? (
          <div className="card-body">
            <ErrorNotice error={failed} onRetry={() => void closed.refetch()} />
          </div>
        ) : (
          <DataTable<MonthRow>
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
                    <span className="cell-title">{monthName(r.month)}</span>
                    <span className="cell-sub">{r.status === 'open' ? 'in progress' : `closed ${formatDate(r.closedAt)}`}</span>
                  </>
                ),
              },
              ...moneyColumns<MonthRow>((r) => r.totals),
              {
                header: 'Actions',
                actions: true,
                cell: (r) =>
                  r.month === month ? null : (
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => setSelected(r.month)}
                      aria-label={`Show the statement of ${monthName(r.month)}`}
                    >
                      Show
                    </button>
                  ),
              },
            ]}
          />
        )}
        <LoadMore query={closed} noun="closed statements" />
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
  const title = `${monthName(month)}: ${whose}`;
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
      cell: (l) => `${formatCount(l.quantity)} ${l.billing_unit ? MEASURES[l.billing_unit] : ''}`.trim(),
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
          <Stat label="Owed (resale)" value={formatUsd(s.totals.resale_usd)} sub={`${formatCount(s.totals.calls)} calls`} />
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
        />
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
                      <span className="cell-sub">corrects {monthName(a.corrects_month)}</span>
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
