/** A teammate's invitation: the token from the link, a name and a password, and you are in. */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Loading, NewPasswordField, TextField } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { invitationErrorMessage } from '../auth-errors';
import { AuthCard, AuthError } from '../components/AuthCard';
import { useAcceptInvitation, useInvitationPreview } from '../queries';

export function AcceptInvitationPage() {
  useDocumentTitle('Join your team');
  // The token is in the link's fragment (#token=…), which browsers never send to a server.
  const location = useLocation();
  const token =
    new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? new URLSearchParams(location.search).get('token') ?? '';
  const invitation = useInvitationPreview(token);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const accept = useAcceptInvitation(token);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate({ name, password });
  };
  return (
    <AuthCard title={invitation.data ? `Join ${invitation.data.organization}` : 'Join your team'}>
      {!token ? (
        <p className="muted">
          This page needs the link from your invitation. Ask the person who invited you to send it again, or{' '}
          <Link to="/signin">sign in</Link>.
        </p>
      ) : invitation.isPending ? (
        <Loading label="Reading your invitation…" />
      ) : invitation.isError ? (
        <AuthError>
          {invitationErrorMessage(
            invitation.error,
            'This invitation is unknown, expired, withdrawn or already used. Ask the person who invited you for a new one.',
          )}
        </AuthError>
      ) : (
        <form className="form" onSubmit={submit}>
          <p className="muted">
            You are invited as <strong>{invitation.data.email}</strong>, with the <strong>{invitation.data.role}</strong> role. Choose your
            name and a password to accept before {formatDateTime(invitation.data.expires_at)}.
          </p>
          {accept.isError && (
            <AuthError>
              {invitationErrorMessage(accept.error, 'This invitation is unknown, expired, withdrawn or already used. Ask for a new one.')}
            </AuthError>
          )}
          <TextField label="Your name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
          <NewPasswordField value={password} onChange={(e) => setPassword(e.target.value)} />
          <button type="submit" className="btn btn-primary btn-block" disabled={accept.isPending}>
            Accept invitation
          </button>
        </form>
      )}
    </AuthCard>
  );
}
