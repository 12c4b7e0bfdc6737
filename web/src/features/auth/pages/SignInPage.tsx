import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { homeOf } from '../../../auth/session';
import { useSession } from '../../../auth/session-query';
import { TextField } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { authErrorMessage, safeNext } from '../auth-errors';
import { AuthCard, AuthError } from '../components/AuthCard';
import { useSignIn } from '../queries';

export function SignInPage() {
  useDocumentTitle('Sign in');
  const session = useSession();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn(next);

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
      </form>
    </AuthCard>
  );
}
