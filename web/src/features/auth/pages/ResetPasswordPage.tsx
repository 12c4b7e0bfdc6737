/**
 * A password reset link (the console and operator APIs' reset_url): whose account it is for, then the
 * new password, and you are signed in with it. A link that cannot be used says so, without a form.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Loading, NewPasswordField, TextField } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { PASSWORD_MIN_LENGTH } from '../../../lib/passwords';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { passwordResetErrorMessage } from '../auth-errors';
import { AuthCard, AuthError } from '../components/AuthCard';
import { usePasswordResetPreview, useResetPassword } from '../queries';

const ASK_FOR_ONE = 'Ask an owner of your organization, or the operator, for a new reset link.';
const UNUSABLE = `This reset link is unknown, expired, replaced by a newer one or already used. ${ASK_FOR_ONE}`;

/** The token from the link's fragment (#token=…), which browsers never send to a server. */
function useLinkToken(): string {
  const location = useLocation();
  return new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? '';
}

export function ResetPasswordPage() {
  useDocumentTitle('Reset your password');
  const token = useLinkToken();
  const reset = usePasswordResetPreview(token);
  const [form, setForm] = useState({ password: '', repeat: '' });
  const tooShort = form.password.length > 0 && form.password.length < PASSWORD_MIN_LENGTH;
  const mismatch = form.repeat.length > 0 && form.password !== form.repeat;
  const use = useResetPassword(token);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooShort && !mismatch) use.mutate(form.password);
  };
  const signIn = (
    <p className="muted">
      Or back to <Link to="/signin">sign in</Link>.
    </p>
  );

  return (
    <AuthCard title="Reset your password">
      {!token ? (
        <div className="stack">
          <p className="muted">This page needs the reset link you were given. {ASK_FOR_ONE}</p>
          {signIn}
        </div>
      ) : reset.isPending ? (
        <Loading label="Reading your reset link…" />
      ) : reset.isError ? (
        <div className="stack">
          <AuthError>{passwordResetErrorMessage(reset.error, UNUSABLE)}</AuthError>
          {signIn}
        </div>
      ) : (
        <form className="form" onSubmit={submit}>
          <p className="muted">
            A new password for <strong>{reset.data.name}</strong> (<strong>{reset.data.email}</strong>), chosen before{' '}
            {formatDateTime(reset.data.expires_at)}. Every session of this account is signed out, and you are signed in with it.
          </p>
          {use.isError && <AuthError>{passwordResetErrorMessage(use.error, UNUSABLE)}</AuthError>}
          <NewPasswordField
            label="New password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
            hint="A passphrase is best."
            error={tooShort ? `At least ${PASSWORD_MIN_LENGTH} characters.` : null}
          />
          <TextField
            label="New password, again"
            type="password"
            autoComplete="new-password"
            required
            value={form.repeat}
            onChange={(e) => setForm({ ...form, repeat: e.target.value })}
            error={mismatch ? 'The two new passwords differ.' : null}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={use.isPending}>
            {use.isPending ? 'Setting your password…' : 'Set password and sign in'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
