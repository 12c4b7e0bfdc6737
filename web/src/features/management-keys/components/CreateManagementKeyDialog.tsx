/** Creates a management key and shows its secret once, with a copy button. */
import { useState, type FormEvent } from 'react';
import { SecretDialog } from '../../../components/SecretOnce';
import { FormActions, FormError, TextField } from '../../../components/ui';
import { useCreateManagementKey } from '../queries';

export function CreateManagementKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const create = useCreateManagementKey();
  const created = create.data;
  const close = () => {
    onClose();
    setName('');
    create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name);
  };
  return (
    <SecretDialog
      open={open}
      onClose={close}
      title="Create a management key"
      secretTitle="Your new management key"
      secret={created ? { label: `Management key “${created.name || created.prefix}”`, value: created.key } : null}
    >
      <form className="form" onSubmit={submit}>
        <TextField
          label="Name"
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. billing backend"
          hint="Where it is used, so you know what breaks if you revoke it."
          autoFocus
        />
        <FormError error={create.error} />
        <FormActions submitLabel={create.isPending ? 'Creating…' : 'Create management key'} disabled={create.isPending} onCancel={close} />
      </form>
    </SecretDialog>
  );
}
