/** The account's plan, its terms and budget, and the other public plans to compare. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanView } from '../../api/openapi.generated';
import { publicApi } from '../../api/public-api';
import { resellerApi } from '../../api/reseller-api';
import { can, SESSION_KEY, useSignedIn } from '../../auth/session';
import { BudgetSummary } from '../../components/BudgetCard';
import { useConfirm } from '../../components/Confirm';
import { useToast } from '../../components/Toasts';
import { Card, ErrorNotice, FormError, Loading, PageHeader } from '../../components/ui';
import { planFee, planTerms } from '../../lib/plans';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PlanPage() {
  useDocumentTitle('Plan');
  const me = useQuery({ queryKey: ['me'], queryFn: resellerApi.me });
  const plans = useQuery({ queryKey: ['public', 'plans'], queryFn: publicApi.plans });
  const session = useSignedIn();
  const owner = can.manageUsers(session.user.role);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const choose = useMutation({
    mutationFn: (plan: PlanView) => resellerApi.choosePlan(plan.id),
    onSuccess: (next) => {
      queryClient.setQueryData(['me'], next);
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      toast(`You are on ${next.plan?.name ?? 'no plan'}`);
    },
  });
  const askChoose = async (plan: PlanView) => {
    if (
      await confirm({
        title: `Switch to ${plan.name}?`,
        body: `${planFee(plan)}${planFee(plan) === 'Free' ? '' : ' a month, from now: this month each plan you held is charged for the time you held it'}. Its discount and bounds apply to your keys' next calls.`,
        confirmLabel: `Switch to ${plan.name}`,
        tone: 'primary',
      })
    )
      choose.mutate(plan);
  };
  if (me.isPending) return <Loading page />;
  if (me.isError) return <ErrorNotice error={me.error} onRetry={() => void me.refetch()} />;
  const { plan, budget, tenant } = me.data;
  const others = (plans.data?.data ?? []).filter((p) => p.id !== plan?.id);
  // Owners move between public plans only; leaving a private plan, or having none, is the operator's.
  const mayChoose = owner && plan !== null && plan.public;

  return (
    <>
      <PageHeader
        title="Plan"
        description="What your account pays each month, the discount it gets on every call and what its keys may call."
      />
      <div className="stack">
        <div className="grid-2">
          <Card title={plan ? plan.name : 'No plan'}>
            {plan ? (
              <div className="stack-sm">
                <div className="plan-price">
                  {planFee(plan)}
                  {planFee(plan) !== 'Free' && <span> / month</span>}
                </div>
                {plan.description && <p className="muted">{plan.description}</p>}
                <ul className="plan-features">
                  {planTerms(plan).map((term) => (
                    <li key={term}>{term}</li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="muted">Your calls are billed at catalog prices, with no monthly fee.</p>
            )}
            {tenant.rate_limit_per_window !== null && (
              <p className="muted">Your account-wide limit: {tenant.rate_limit_per_window} requests per window across all keys.</p>
            )}
          </Card>
          <Card title="Account budget" description="Set by the operator, or your plan's default monthly cap. It counts what you owe.">
            {budget ? <BudgetSummary budget={budget} /> : <p className="muted">No account-wide spend cap.</p>}
          </Card>
        </div>
        {!owner && <div className="alert alert-info">Your account&apos;s owners can change its plan.</div>}
        {owner && plan && !plan.public && (
          <div className="alert alert-info">
            Your plan was set by the operator for your account: only the operator can change it. Contact them to move to another plan.
          </div>
        )}
        {owner && !plan && (
          <div className="alert alert-info">Your account has no plan: the operator assigns one. Contact them to join a plan.</div>
        )}
        <FormError error={choose.error} />
        {others.length > 0 && (
          <section aria-labelledby="other-plans">
            <h2 id="other-plans">Other plans</h2>
            <div className="grid-3">
              {others.map((other) => (
                <article key={other.id} className="card plan-card">
                  <h3>{other.name}</h3>
                  <div className="plan-price">
                    {planFee(other)}
                    {planFee(other) !== 'Free' && <span> / month</span>}
                  </div>
                  <ul className="plan-features">
                    {planTerms(other).map((term) => (
                      <li key={term}>{term}</li>
                    ))}
                  </ul>
                  {mayChoose && (
                    <button type="button" className="btn btn-primary" onClick={() => void askChoose(other)} disabled={choose.isPending}>
                      Switch to {other.name}
                    </button>
                  )}
                </article>
              ))}
            </div>
          </section>
        )}
      </div>
    </>
  );
}
