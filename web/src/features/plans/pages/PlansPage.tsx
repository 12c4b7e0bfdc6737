/** The public plans; choosing one starts sign-up with it preselected. */
import { Link } from 'react-router';
import { EmptyState, ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PlanCard } from '../components/PlanCard';
import { usePublicPlans } from '../public-queries';

export function PlansPage() {
  useDocumentTitle('Plans');
  const plans = usePublicPlans();
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
            headingLevel={2}
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
            <PlanCard
              key={plan.id}
              plan={plan}
              level="h2"
              described
              action={
                <Link className="btn btn-primary" to={`/signup?plan=${plan.id}`}>
                  Choose {plan.name}
                </Link>
              }
            />
          ))}
        </div>
      )}
    </>
  );
}
