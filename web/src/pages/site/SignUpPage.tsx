/** Sign-up: the account (a tenant), its owner, and optionally a plan (preselected from /plans). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { consoleApi, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type SignUpRequest } from '../../api/console-api';
import { ApiError } from '../../api/http';
import { publicApi } from '../../api/public-api';
import { homeOf, rememberSession, useSession } from '../../auth/session';
import { TextField } from '../../components/ui';
import { planFee } from '../../lib/plans';
import { useDocumentTitle } from '../../lib/use-document-title';
import { authErrorMessage } from './SignInPage';

export function SignUpPage() {
  useDocumentTitle('Sign up');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const plans = useQuery({ queryKey: ['public', 'plans'], queryFn: publicApi.plans });
  const [form, setForm] = useState({
    name: '',
    email: '',
    organization: '',
    password: '',
    kind: 'direct' as SignUpRequest['kind'],
    planId: params.get('plan') ?? '',
  });
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const passwordTooShort = form.password.length > 0 && form.password.length < PASSWORD_MIN_LENGTH;

  const signUp = useMutation({
    mutationFn: () =>
      consoleApi.signUp({
        name: form.name.trim(),
        email: form.email.trim(),
        organization: form.organization.trim(),
        password: form.password,
        kind: form.kind,
        plan_id: form.planId || undefined,
      }),
    onSuccess: (signedIn) => {
      rememberSession(queryClient, signedIn);
      void navigate('/console', { replace: true });
    },
  });

  if (session.data && !signUp.isSuccess) return <Navigate to={homeOf(session.data)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (passwordTooShort) return;
    signUp.mutate();
  };

  const publicPlans = plans.data?.data ?? [];
  const chosenPlanKnown = !form.planId || publicPlans.some((plan) => plan.id === form.planId);
  const error = signUp.error;

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Create your account</h1>
        <p className="muted">An account holds your keys, your usage and your team. You become its owner.</p>
        <form className="form" onSubmit={submit}>
          {error && (
            <div className="alert alert-error" role="alert">
              {error instanceof ApiError && error.code === 'conflict'
                ? 'An account with this email already exists. Sign in instead.'
                : authErrorMessage(error)}
              {error instanceof ApiError && error.problems.length > 0 && (
                <ul>
                  {error.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <TextField label="Your name" autoComplete="name" required value={form.name} onChange={(e) => set('name')(e.target.value)} />
          <TextField
            label="Work email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(e) => set('email')(e.target.value)}
          />
          <TextField
            label="Organization"
            autoComplete="organization"
            required
            value={form.organization}
            onChange={(e) => set('organization')(e.target.value)}
            hint="The account's name, as your team and invoices will see it."
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            value={form.password}
            onChange={(e) => set('password')(e.target.value)}
            hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A passphrase is best.`}
            error={passwordTooShort ? `At least ${PASSWORD_MIN_LENGTH} characters.` : null}
          />
          <fieldset>
            <legend>How will you use it?</legend>
            <div className="radio-cards">
              <label className="radio-card">
                <input type="radio" name="kind" value="direct" checked={form.kind === 'direct'} onChange={() => set('kind')('direct')} />
                <div>
                  <strong>For my own product</strong>
                  <span>Your keys call the catalog.</span>
                </div>
              </label>
              <label className="radio-card">
                <input
                  type="radio"
                  name="kind"
                  value="reseller"
                  checked={form.kind === 'reseller'}
                  onChange={() => set('kind')('reseller')}
                />
                <div>
                  <strong>To resell</strong>
                  <span>Your customers get keys, prices and budgets of their own.</span>
                </div>
              </label>
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor="signup-plan">Plan</label>
            <select
              id="signup-plan"
              value={form.planId}
              onChange={(e) => set('planId')(e.target.value)}
              aria-describedby="signup-plan-hint"
            >
              <option value="">No plan (catalog prices)</option>
              {publicPlans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name} · {planFee(plan)}
                  {planFee(plan) === 'Free' ? '' : ' / month'}
                </option>
              ))}
              {!chosenPlanKnown && <option value={form.planId}>The plan you chose</option>}
            </select>
            <span className="hint" id="signup-plan-hint">
              Compare them on the <Link to="/plans">plans page</Link>.
            </span>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={signUp.isPending}>
            {signUp.isPending ? 'Creating your account…' : 'Create account'}
          </button>
        </form>
        <hr className="divider" />
        <p className="muted">
          Already have an account? <Link to="/signin">Sign in</Link>.
        </p>
      </div>
    </div>
  );
}
