/**
 * The first operator's form: the proof that you run this gateway (the setup link's token, read from
 * the page's address, or the admin token pasted once), then the operator's name, email and password.
 * The API's refusals are said in words, each beside the field it is about.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { NewPasswordField, TextField } from '../../../components/ui';
import { fieldProblems } from '../../../lib/field-problems';
import { PASSWORD_MIN_LENGTH } from '../../../lib/passwords';
import { authErrorMessage, errorCode } from '../auth-errors';
import { AuthError } from './AuthCard';
import { useCreateFirstOperator } from '../queries';

const EMPTY = { adminToken: '', name: '', email: '', password: '' };

export function FirstOperatorForm({ setupToken }: { setupToken: string }) {
  const [form, setForm] = useState(EMPTY);
  const set = (patch: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...patch }));
  const tooShort = form.password.length > 0 && form.password.length < PASSWORD_MIN_LENGTH;
  const create = useCreateFirstOperator();
  const problems = fieldProblems(create.error, ['name', 'email', 'password']);
  const refusedProof = errorCode(create.error) === 'invalid_setup_token';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooShort) return;
    const proof = setupToken ? { setup_token: setupToken } : { admin_token: form.adminToken.trim() };
    create.mutate({ ...proof, name: form.name, email: form.email, password: form.password });
  };
  const otherError =
    create.isError && !refusedProof && problems.placed.length === 0
      ? errorCode(create.error) === 'conflict'
        ? 'A user with this email exists already. Choose another email for the operator.'
        : authErrorMessage(create.error)
      : null;

  return (
    <form className="form" onSubmit={submit}>
      {setupToken ? (
        <div className="alert alert-info">
          <p>Proven by the setup link from the start-up log: it works once, within 24 hours.</p>
        </div>
      ) : (
        <TextField
          label="Admin token"
          type="password"
          autoComplete="off"
          required
          value={form.adminToken}
          onChange={(e) => set({ adminToken: e.target.value })}
          hint="ADMIN_TOKEN, or the content of the file admin-token in DATA_DIR (.data by default). Pasted once, never stored by the page."
          error={refusedProof ? 'This is not the admin token of this gateway.' : null}
        />
      )}
      {setupToken && refusedProof && (
        <AuthError>
          This setup link is unknown, expired or already used. A restart prints a new one; or{' '}
          <Link to="/admin/setup">use the admin token instead</Link>.
        </AuthError>
      )}
      {otherError && <AuthError>{otherError}</AuthError>}
      <TextField
        label="Your name"
        autoComplete="name"
        required
        value={form.name}
        onChange={(e) => set({ name: e.target.value })}
        error={problems.of('name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={form.email}
        onChange={(e) => set({ email: e.target.value })}
        error={problems.of('email')}
        hint="You sign in with it."
      />
      <NewPasswordField
        value={form.password}
        onChange={(e) => set({ password: e.target.value })}
        hint="A passphrase is best."
        error={tooShort ? `At least ${PASSWORD_MIN_LENGTH} characters.` : problems.of('password')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={create.isPending}>
        {create.isPending ? 'Creating the operator…' : 'Create the first operator'}
      </button>
    </form>
  );
}
