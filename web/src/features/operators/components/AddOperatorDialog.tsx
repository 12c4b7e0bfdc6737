/**
 * Adds an operator with a first password (typed, or generated in the browser), shown once more after
 * adding, to hand over; the API's messages show next to the fields they name.
 */
import { useState, type FormEvent } from 'react';
import { SecretDialog } from '../../../components/SecretOnce';
import { ApiProblemsScope, FormActions, FormError, NewPasswordField, TextField } from '../../../components/ui';
import { fieldProblems } from '../../../lib/field-problems';
import { useAddOperator } from '../queries';

const EMPTY_FORM = { name: '', email: '', password: '' };

/** A passphrase-strength first password: 20 characters from an unambiguous alphabet, from the browser's CSPRNG. */
function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

export function AddOperatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY_FORM);
  const create = useAddOperator();
  const problems = fieldProblems(create.error, ['name', 'email', 'password']);
  const added = create.data && create.variables ? { operator: create.data, password: create.variables.password } : null;
  const close = () => {
    onClose();
    setForm(EMPTY_FORM);
    create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(form, { onSuccess: () => setForm(EMPTY_FORM) });
  };
  const signInUrl = `${window.location.origin}/signin`;

  return (
    <SecretDialog
      open={open}
      onClose={close}
      title="Add an operator"
      secretTitle="Operator added"
      secret={
        added && {
          label: 'Their first password',
          value: added.password,
          how: 'The gateway stores only a hash of it: hand it over privately.',
          intro: (
            <p>
              <strong>{added.operator.name}</strong> signs in at <span className="mono">{signInUrl}</span> as{' '}
              <span className="mono">{added.operator.email}</span> with this password, and can change it under Your account.
            </p>
          ),
        }
      }
    >
      <form className="form" onSubmit={submit}>
        <ApiProblemsScope placed={problems.placed}>
          <TextField
            label="Name"
            required
            autoFocus
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            error={problems.of('name')}
          />
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="off"
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
            error={problems.of('email')}
          />
          <div className="stack-sm">
            <NewPasswordField
              label="First password"
              type="text"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
              hint="Shown once more after adding, to hand over."
              error={problems.of('password')}
            />
            <button type="button" className="btn btn-sm" onClick={() => setForm({ ...form, password: generatePassword() })}>
              Generate a password
            </button>
          </div>
          <FormError error={create.error} placed={problems.placed} />
          <FormActions submitLabel="Add operator" disabled={create.isPending} onCancel={close} />
        </ApiProblemsScope>
      </form>
    </SecretDialog>
  );
}
