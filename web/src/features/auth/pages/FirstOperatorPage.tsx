/**
 * A fresh install's first operator (/admin/setup, the link the start-up log prints while no operator
 * exists): created in the form, signed in, and into the admin area. Once any operator exists the
 * setup is closed, and the page says so and points to sign-in.
 */
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../auth/session-query';
import { ErrorNotice, Loading } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthCard } from '../components/AuthCard';
import { FirstOperatorForm } from '../components/FirstOperatorForm';
import { useSetupStatus } from '../queries';

export function FirstOperatorPage() {
  useDocumentTitle('Create the first operator');
  // The setup link's token is in its fragment (#token=gws_…), which browsers never send to a server.
  const location = useLocation();
  const setupToken = new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? '';
  const status = useSetupStatus();

  if (status.isPending) return <Loading page label="Checking this gateway…" />;
  if (status.isError) {
    return (
      <AuthCard title="Create the first operator">
        <ErrorNotice error={status.error} onRetry={() => void status.refetch()} title="Could not ask the gateway." />
      </AuthCard>
    );
  }
  if (!status.data.first_operator_needed) return <OperatorExists />;
  return (
    <AuthCard
      title="Create the first operator"
      intro="This gateway has no operator yet. The first one runs the admin area (tenants, plans, the catalog, every call) and adds the others."
    >
      <FirstOperatorForm key={setupToken} setupToken={setupToken} />
    </AuthCard>
  );
}

/** The setup is closed: an operator exists (also after the form's 409 operator_exists). An operator signed in here goes on to the admin area. */
function OperatorExists() {
  const operator = useSession().data?.user.role === 'operator';
  return (
    <AuthCard title="This gateway has its operator">
      <p className="muted">
        An operator exists already, so the first-operator setup is closed. Operators sign in; another operator adds you under Operators, or
        gives you a reset link if you forgot your password.
      </p>
      <Link className="btn btn-primary btn-block" to={operator ? '/admin' : '/signin?next=%2Fadmin'}>
        {operator ? 'Open the admin area' : 'Sign in'}
      </Link>
    </AuthCard>
  );
}
