/** A teammate's invitation: the token from the link, a name and a password, and you are in. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { consoleApi, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../api/console-api';
import { ApiError } from '../../api/http';
import { rememberSession } from '../../auth/session';
import { Loading, TextField } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { authErrorMessage } from './SignInPage';

export function AcceptInvitationPage() {
  useDocumentTitle('Join your team');
  // The token is in the link's fragment (#token=…), which browsers never send to a server.
  const location = useLocation();
  const token =
    new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? new URLSearchParams(location.search).get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // What the invitation is for, so the invitee knows what they join before choosing a password.
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => consoleApi.inspectInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const accept = useMutation({
    mutationFn: () => consoleApi.acceptInvitation({ token, name: name.trim(), password }),
    onSuccess: (session) => {
      rememberSession(queryClient, session);
      void navigate('/console', { replace: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate();
  };
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>{invitation.data ? `Join ${invitation.data.organization}` : 'Join your team'}</h1>
        {!token ? (
          <p className="muted">
            This page needs the link from your invitation. Ask the person who invited you to send it again, or{' '}
            <Link to="/signin">sign in</Link>.
          </p>
        ) : invitation.isPending ? (
          <Loading label="Reading your invitation…" />
        ) : invitation.isError ? (
          <div className="alert alert-error" role="alert">
            {invitation.error instanceof ApiError && invitation.error.code === 'invalid_invitation'
              ? 'This invitation is unknown, expired, withdrawn or already used. Ask the person who invited you for a new one.'
              : authErrorMessage(invitation.error)}
          </div>
        ) : (
          <form className="form" onSubmit={submit}>
            <p className="muted">
              You are invited as <strong>{invitation.data.email}</strong>, with the <strong>{invitation.data.role}</strong> role. Choose
              your name and a password to accept before {formatDateTime(invitation.data.expires_at)}.
            </p>
            {accept.isError && (
              <div className="alert alert-error" role="alert">
                {accept.error instanceof ApiError && accept.error.code === 'invalid_invitation'
                  ? 'This invitation is unknown, expired, withdrawn or already used. Ask for a new one.'
                  : authErrorMessage(accept.error)}
              </div>
            )}
            <TextField label="Your name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`}
            />
            <button type="submit" className="btn btn-primary btn-block" disabled={accept.isPending}>
              Accept invitation
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
