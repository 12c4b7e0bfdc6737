/** The public plans; choosing one starts sign-up with it preselected. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { publicApi } from '../../api/public-api';
import { EmptyState, ErrorNotice, Loading, PageHeader } from '../../components/ui';
import { planFee, planTerms } from '../../lib/plans';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PlansPage() {
  useDocumentTitle('Plans');
  const plans = useQuery({ queryKey: ['public', 'plans'], queryFn: publicApi.plans });
  return (
    <>
      <PageHeader
        title="Plans"
        description="Every plan calls the same catalog with the same keys. A plan lowers your prices, bounds what your keys may call and sets a monthly safety cap. Calls are billed per use on top of the monthly fee."
      />
      {plans.isPending ? (
        <Loading label="Loading the plans…" />
      ) : plans.isError ? (
        <ErrorNotice error={plans.error} onRetry={() => void plans.refetch()} />
      ) : plans.data.data.length === 0 ? (
        <div className="card">
          <EmptyState
            title="No public plans yet"
            action={
              <Link className="btn btn-primary" to="/signup">
                Sign up without a plan
              </Link>
            }
          >
            You can start now on catalog prices; a plan can be added to your account later.
          </EmptyState>
        </div>
      ) : (
        <div className="grid-3">
          {plans.data.data.map((plan) => (
            <article key={plan.id} className="card plan-card" aria-labelledby={`plan-${plan.id}`}>
              <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
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
              <Link className="btn btn-primary" to={`/signup?plan=${plan.id}`} aria-label={`Choose the ${plan.name} plan`}>
                Choose {plan.name}
              </Link>
            </article>
          ))}
        </div>
      )}
    </>
  );
}
