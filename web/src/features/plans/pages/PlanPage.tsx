/** The account's plan, its terms and budget, and the other public plans to compare (and, for an owner, switch to). */
import { can, useSignedIn } from '../../../auth/session';
import { ActionButton, ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { Card, ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMe } from '../../account/queries';
import { BudgetSummary } from '../../budgets/components/BudgetSummary';
import { PlanCard, PlanPrice, PlanTerms } from '../components/PlanCard';
import { SwitchPlanButton } from '../components/SwitchPlanButton';
import { useCancelScheduledPlanChange } from '../choice-queries';
import { usePublicPlans } from '../public-queries';
import { useLimitText } from '../../limits/limit-text';

export function PlanPage() {
  useDocumentTitle('Plan');
  const me = useMe();
  const plans = usePublicPlans();
  const limitText = useLimitText();
  const session = useSignedIn();
  const owner = can.manageUsers(session.user.role);
  const cancelMove = useCancelScheduledPlanChange();
  if (me.isPending) return <Loading page />;
  if (me.isError) return <ErrorNotice error={me.error} onRetry={() => void me.refetch()} />;
  const { plan, budget, tenant, scheduled_plan_change: scheduled } = me.data;
  const others = (plans.data?.data ?? []).filter((p) => p.id !== plan?.id);
  // Owners move between public plans only; leaving a private plan, or having none, is the operator's.
  const mayChoose = owner && plan !== null && plan.public;

  return (
    <ActionErrorScope>
      <PageHeader
        title="Plan"
        description="What your account pays each month, the discount it gets on every call and what its keys may call."
      />
      <div className="stack">
        <div className="grid-2">
          <Card title={plan ? plan.name : 'No plan'}>
            {plan ? (
              <div className="stack-sm">
                <PlanPrice plan={plan} />
                {plan.description && <p className="muted">{plan.description}</p>}
                <PlanTerms plan={plan} />
              </div>
            ) : (
              <p className="muted">Your calls are billed at catalog prices, with no monthly fee.</p>
            )}
            {tenant.rate_limit_per_window !== null && (
              <p className="muted">Your account-wide limit: {limitText(tenant.rate_limit_per_window)} across all keys.</p>
            )}
          </Card>
          <Card title="Account budget" description="Set by the operator, or your plan's default monthly cap. It counts what you owe.">
            {budget ? <BudgetSummary budget={budget} /> : <p className="muted">No account-wide spend cap.</p>}
          </Card>
        </div>
        {scheduled && plan && (
          <div className="alert alert-info" role="status">
            <p>
              Your account moves to <strong>{scheduled.plan.name}</strong> on {formatDate(scheduled.effective_from)}. Until then it stays on{' '}
              {plan.name}, with its discount, bounds and fee.
            </p>
            {owner && (
              <ActionButton action={cancelMove} className="btn">
                Stay on {plan.name}
              </ActionButton>
            )}
          </div>
        )}
        {!owner && <div className="alert alert-info">Your account&apos;s owners can change its plan.</div>}
        {owner && plan && !plan.public && (
          <div className="alert alert-info">
            Your plan was set by the operator for your account: only the operator can change it. Contact them to move to another plan.
          </div>
        )}
        {owner && !plan && (
          <div className="alert alert-info">Your account has no plan: the operator assigns one. Contact them to join a plan.</div>
        )}
        <ActionError />
        {others.length > 0 && (
          <section aria-labelledby="other-plans">
            <h2 id="other-plans">Other plans</h2>
            <div className="grid-3">
              {others.map((other) => (
                <PlanCard
                  key={other.id}
                  plan={other}
                  level="h3"
                  action={mayChoose && plan && <SwitchPlanButton plan={other} current={plan} />}
                />
              ))}
            </div>
          </section>
        )}
      </div>
    </ActionErrorScope>
  );
}
