/** The signed-in user: who they are, and a new password (which ends their other sessions). */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../api/console-api';
import { ApiError } from '../../api/http';
import { useSignedIn } from '../../auth/session';
import { Card, FormError, PageHeader, TextField } from '../../components/ui';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AccountPage() {
  useDocumentTitle('Your account');
  const session = useSignedIn();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const mismatch = repeat.length > 0 && next !== repeat;
  const change = useMutation({
    mutationFn: () => consoleApi.changePassword({ current_password: current, new_password: next }),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setRepeat('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mismatch && next.length >= PASSWORD_MIN_LENGTH) change.mutate();
  };
  return (
    <>
      <PageHeader title="Your account" />
      <div className="grid-2">
        <Card title="Profile">
          <dl className="details">
            <dt>Name</dt>
            <dd>{session.user.name || '—'}</dd>
            <dt>Email</dt>
            <dd>{session.user.email}</dd>
            <dt>Role</dt>
            <dd>{session.user.role}</dd>
            {session.tenant && (
              <>
                <dt>Account</dt>
                <dd>{session.tenant.name}</dd>
              </>
            )}
          </dl>
        </Card>
        <Card title="Change password" description="Your other sessions are signed out.">
          <form className="form" onSubmit={submit}>
            {change.isSuccess && (
              <div className="alert alert-success" role="status">
                Password changed. Other sessions were signed out.
              </div>
            )}
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={PASSWORD_MAX_LENGTH}
              value={next}
              onChange={(e) => setNext(e.target.value)}
              hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`}
            />
            <TextField
              label="New password, again"
              type="password"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              error={mismatch ? 'The two new passwords differ.' : null}
            />
            {change.isError && (
              <FormError
                error={
                  change.error instanceof ApiError && change.error.code === 'invalid_credentials'
                    ? new Error('The current password is not correct.')
                    : change.error
                }
              />
            )}
            <button type="submit" className="btn btn-primary" disabled={change.isPending || mismatch}>
              Change password
            </button>
          </form>
        </Card>
      </div>
    </>
  );
}
