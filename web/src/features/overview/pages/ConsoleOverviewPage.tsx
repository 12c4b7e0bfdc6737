/** The console's first page: the account at a glance (plan, this month's spend and plan fee, budget, recent calls). */
import { Link } from 'react-router';
import { can, useSignedIn } from '../../../auth/session';
import { Card, ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { utcMonth } from '../../../lib/format';
import { formatUsd } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMe } from '../../account/queries';
import { BudgetSummary } from '../../budgets/components/BudgetSummary';
import { useUsageThisMonth } from '../../reports/queries';
import { useStatement } from '../../statements/queries';
import { GetGoingCard } from '../components/GetGoingCard';
import { OverviewStats } from '../components/OverviewStats';
import { RecentCalls } from '../components/RecentCalls';

export function ConsoleOverviewPage() {
  useDocumentTitle('Overview');
  const session = useSignedIn();
  const me = useMe();
  const month = useUsageThisMonth();
  // This month's statement, as it stands: its plan fee and what the month comes to with it.
  const statement = useStatement({ customerId: null }, utcMonth());
  const owed = statement.data
    ? `You owe ${formatUsd(statement.data.total_usd)} with the ${formatUsd(statement.data.plan_fee_usd)} plan fee`
    : undefined;

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
        <OverviewStats me={me.data} totals={month.data?.totals} owed={owed} />
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
          <GetGoingCard reseller={(me.data?.tenant ?? session.tenant)?.kind === 'reseller'} />
        </div>
        <RecentCalls />
      </div>
    </>
  );
}
