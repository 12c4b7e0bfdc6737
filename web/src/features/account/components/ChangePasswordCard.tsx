/** A new password, which ends the user's other sessions. */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client';
import { Card, FormError, NewPasswordField, TextField } from '../../../components/ui';
import { PASSWORD_MIN_LENGTH } from '../../../lib/passwords';
import { useChangePassword } from '../queries';

const EMPTY = { current: '', next: '', repeat: '' };

export function ChangePasswordCard() {
  const [form, setForm] = useState(EMPTY);
  const mismatch = form.repeat.length > 0 && form.next !== form.repeat;
  const change = useChangePassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mismatch && form.next.length >= PASSWORD_MIN_LENGTH) change.mutate(form, { onSuccess: () => setForm(EMPTY) });
  };
  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  return (
    <Card title="Change password" description="Your other sessions are signed out.">
      <form className="form" onSubmit={submit}>
        {change.isSuccess && (
          <div className="alert alert-success" role="status">
            Password changed. Other sessions were signed out.
          </div>
        )}
        <TextField label="Current password" type="password" autoComplete="current-password" required {...field('current')} />
        <NewPasswordField label="New password" {...field('next')} />
        <TextField
          label="New password, again"
          type="password"
          autoComplete="new-password"
          required
          {...field('repeat')}
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
  );
}
