/** The console's first page: the account at a glance (plan, this month's spend and plan fee, budget, recent calls). */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { resellerApi } from '../../api/reseller-api';
import { can, useSignedIn } from '../../auth/session';
import { BudgetSummary } from '../../components/BudgetCard';
import { Card, ErrorNotice, HttpStatus, Loading, PageHeader, Stat } from '../../components/ui';
import { formatCount, formatDateTime, utcMonth } from '../../lib/format';
import { formatUsd } from '../../lib/money';
import { planFee } from '../../lib/plans';
import { useDocumentTitle } from '../../lib/use-document-title';
import { statementQueryKey } from './StatementsList';

function monthStart(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

export function ConsoleOverviewPage() {
  useDocumentTitle('Overview');
  const session = useSignedIn();
  const me = useQuery({ queryKey: ['me'], queryFn: resellerApi.me });
  const month = useQuery({ queryKey: ['usage', 'month'], queryFn: () => resellerApi.usage({ group_by: 'day', from: monthStart() }) });
  // This month's statement, as it stands: its plan fee and what the month comes to with it.
  const statement = useQuery({
    queryKey: statementQueryKey({ customerId: null }, 'month', utcMonth()),
    queryFn: () => resellerApi.statements.get({ customerId: null }, utcMonth()),
  });
  const owed = statement.data
    ? `You owe ${formatUsd(statement.data.total_usd)} with the ${formatUsd(statement.data.plan_fee_usd)} plan fee`
    : undefined;
  const recent = useQuery({ queryKey: ['audit', 'recent'], queryFn: () => resellerApi.audit({ limit: 5 }) });
  const totals = month.data?.totals;
  const reseller = me.data?.tenant.kind === 'reseller';

  return (
    <>
      <PageHeader
        title={me.data?.tenant.name ?? session.tenant?.name ?? 'Overview'}
        description="Your account this month. Amounts are exact; the audit trail has every call."
        actions={
          can.write(session.user.role) ? (
            <Link className="btn btn-primary" to="/console/keys?create=1">
              Create a key
            </Link>
          ) : undefined
        }
      />
      {me.isError && <ErrorNotice error={me.error} onRetry={() => void me.refetch()} />}
      <div className="stack">
        <div className="grid-4">
          <Stat
            label="Calls this month"
            value={totals ? formatCount(totals.calls) : '…'}
            sub={totals ? `${formatCount(totals.errors)} errors` : undefined}
          />
          <Stat
            label={reseller ? 'Billed to your callers' : 'Spent this month'}
            value={totals ? formatUsd(reseller ? totals.customer_price_usd : totals.resale_usd) : '…'}
            sub={reseller ? undefined : owed}
          />
          {reseller ? (
            <Stat label="Your margin" value={totals ? formatUsd(totals.reseller_margin_usd) : '…'} sub={owed} />
          ) : (
            <Stat
              label="Plan"
              value={me.data ? (me.data.plan?.name ?? 'No plan') : '…'}
              sub={me.data?.plan ? `${planFee(me.data.plan)} / month` : 'Catalog prices'}
            />
          )}
          <Stat
            label="Account"
            value={me.data ? (me.data.tenant.status === 'active' ? 'Active' : 'Suspended') : '…'}
            sub={me.data ? (reseller ? 'Reseller account' : 'Direct account') : undefined}
          />
        </div>
        {month.isError && <ErrorNotice error={month.error} onRetry={() => void month.refetch()} />}
        <div className="grid-2">
          <Card title="Account budget" description="The spend cap the operator set on your account (or your plan's default).">
            {me.isPending ? (
              <Loading />
            ) : me.data?.budget ? (
              <BudgetSummary budget={me.data.budget} />
            ) : (
              <p className="muted">No account-wide cap.</p>
            )}
          </Card>
          <Card title="Get going" description="Everything you need for the first call.">
            <ol className="next-steps">
              <li>
                <Link to="/console/keys">Create a key</Link> and copy it (shown once)
              </li>
              <li>
                Follow the <Link to="/quickstart">quick start</Link> (curl or the SDK)
              </li>
              <li>
                Watch the call in the <Link to="/console/audit">audit trail</Link> with its price
              </li>
            </ol>
          </Card>
        </div>
        <Card
          title="Recent calls"
          flush
          actions={
            <Link className="btn btn-sm" to="/console/audit">
              Open the audit trail
            </Link>
          }
        >
          {recent.isPending ? (
            <Loading />
          ) : recent.isError ? (
            <div className="card-body">
              <ErrorNotice error={recent.error} />
            </div>
          ) : recent.data.data.length === 0 ? (
            <p className="card-body muted">No calls yet. Your first call will show up here a second or so after it is answered.</p>
          ) : (
            <ul className="recent-calls">
              {recent.data.data.map((record) => (
                <li key={record.request_id}>
                  <span className="mono">{record.endpoint ?? '—'}</span>
                  <HttpStatus status={record.status} code={record.error_code} />
                  <span className="faint">{formatDateTime(record.created_at)}</span>
                  <span className="num">{formatUsd(record.customer_price_usd)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
