import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { homeOf } from '../../../auth/session';
import { useSession } from '../../../auth/session-query';
import { TextField } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { authErrorMessage, safeNext } from '../auth-errors';
import { AuthCard, AuthError } from '../components/AuthCard';
import { useSetupStatus, useSignIn } from '../queries';

export function SignInPage() {
  useDocumentTitle('Sign in');
  const session = useSession();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn(next);
  // A fresh install has nobody to sign in as: its first operator is created at /admin/setup.
  const firstRun = useSetupStatus().data?.first_operator_needed === true;

  if (session.data && !signIn.isSuccess) return <Navigate to={next ?? homeOf(session.data)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email, password });
  };

  return (
    <AuthCard
      title="Sign in"
      intro="To your console, or the admin area if you operate this gateway."
      other={{ text: 'New here?', to: '/signup', label: 'Create an account' }}
    >
      <form className="form" onSubmit={submit} noValidate={false}>
        {firstRun && (
          <div className="alert alert-info stack-sm">
            <p>
              <strong>This gateway has no operator yet.</strong> Whoever runs it creates the first one, with the admin token or the setup
              link from the start-up log.
            </p>
            <Link className="btn btn-primary btn-sm" to="/admin/setup">
              Create the first operator
            </Link>
          </div>
        )}
        {signIn.isError && <AuthError>{authErrorMessage(signIn.error)}</AuthError>}
        <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="muted">Forgot your password? Ask an owner of your organization, or the operator, for a reset link.</p>
      </form>
    </AuthCard>
  );
}
