import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { consoleApi } from '../../api/console-api';
import { ApiError } from '../../api/http';
import { homeOf, rememberSession, useSession } from '../../auth/session';
import { TextField } from '../../components/ui';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Only a path of this site: never an absolute URL (an open redirect). */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}

export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  const seconds = error.retryAfterSeconds;
  // Sign-in delays start at a second: say seconds below a minute.
  const wait = seconds ? ` Try again in ${seconds < 60 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`}.` : '';
  switch (error.code) {
    case 'invalid_credentials':
      return 'The email or the password is not correct.';
    case 'account_locked':
      return `Too many failed sign-ins for this email from your network.${wait}`;
    case 'rate_limited':
      return `Too many attempts from this network.${wait}`;
    case 'route_not_found':
      return 'Sign-in is not available on this gateway yet.';
    case 'connection_failed':
      return 'The gateway could not be reached. Check your connection and try again.';
    default:
      return error.message;
  }
}

export function SignInPage() {
  useDocumentTitle('Sign in');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const signIn = useMutation({
    mutationFn: () => consoleApi.signIn(email.trim(), password),
    onSuccess: (signedIn) => {
      rememberSession(queryClient, signedIn);
      void navigate(next ?? homeOf(signedIn), { replace: true });
    },
  });

  if (session.data && !signIn.isSuccess) return <Navigate to={next ?? homeOf(session.data)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Sign in</h1>
        <p className="muted">To your console, or the admin area if you operate this gateway.</p>
        <form className="form" onSubmit={submit} noValidate={false}>
          {signIn.isError && (
            <div className="alert alert-error" role="alert">
              {authErrorMessage(signIn.error)}
            </div>
          )}
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
        <hr className="divider" />
        <p className="muted">
          New here? <Link to="/signup">Create an account</Link>.
        </p>
      </div>
    </div>
  );
}
