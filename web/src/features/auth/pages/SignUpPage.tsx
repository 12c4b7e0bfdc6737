/** Sign-up: the account (a tenant), its owner, and optionally a plan (preselected from /plans). */
import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { SignUpRequest } from '@unified-api-gateway/sdk';
import { homeOf } from '../../../auth/session';
import { useSession } from '../../../auth/session-query';
import { NewPasswordField, TextField } from '../../../components/ui';
import { PASSWORD_MIN_LENGTH } from '../../../lib/passwords';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicPlans } from '../../plans/public-queries';
import { authErrorMessage, errorCode, problemsOf } from '../auth-errors';
import { AuthCard, AuthError } from '../components/AuthCard';
import { KindChoice, PlanChoice } from '../components/SignUpChoices';
import { useSignUp } from '../queries';

export function SignUpPage() {
  useDocumentTitle('Sign up');
  const session = useSession();
  const [params] = useSearchParams();
  const plans = usePublicPlans();
  const [form, setForm] = useState({
    name: '',
    email: '',
    organization: '',
    password: '',
    kind: 'direct' as SignUpRequest['kind'],
    planId: params.get('plan') ?? '',
  });
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  const passwordTooShort = form.password.length > 0 && form.password.length < PASSWORD_MIN_LENGTH;
  const signUp = useSignUp();

  if (session.data && !signUp.isSuccess) return <Navigate to={homeOf(session.data)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (passwordTooShort) return;
    const { name, email, organization, password, kind, planId } = form;
    signUp.mutate({
      name: name.trim(),
      email: email.trim(),
      organization: organization.trim(),
      password,
      kind,
      plan_id: planId || undefined,
    });
  };
  const error = signUp.error;

  return (
    <AuthCard
      title="Create your account"
      intro="An account holds your keys, your usage and your team. You become its owner."
      other={{ text: 'Already have an account?', to: '/signin', label: 'Sign in' }}
    >
      <form className="form" onSubmit={submit}>
        {error && (
          <AuthError>
            {errorCode(error) === 'conflict' ? 'An account with this email already exists. Sign in instead.' : authErrorMessage(error)}
            {problemsOf(error).length > 0 && (
              <ul>
                {problemsOf(error).map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </AuthError>
        )}
        <TextField label="Your name" autoComplete="name" required value={form.name} onChange={(e) => set({ name: e.target.value })} />
        <TextField
          label="Work email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={(e) => set({ email: e.target.value })}
        />
        <TextField
          label="Organization"
          autoComplete="organization"
          required
          value={form.organization}
          onChange={(e) => set({ organization: e.target.value })}
          hint="The account's name, as your team and invoices will see it."
        />
        <NewPasswordField
          value={form.password}
          onChange={(e) => set({ password: e.target.value })}
          hint="A passphrase is best."
          error={passwordTooShort ? `At least ${PASSWORD_MIN_LENGTH} characters.` : null}
        />
        <KindChoice value={form.kind} onChange={(kind) => set({ kind })} />
        <PlanChoice plans={plans.data?.data ?? []} value={form.planId} onChange={(planId) => set({ planId })} />
        <button type="submit" className="btn btn-primary btn-block" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
    </AuthCard>
  );
}
