/** Creates a key (the tenant's own, or a customer's) and shows its secret once, with a copy button. */
import { useState, type FormEvent } from 'react';
import { SecretDialog } from '../../../components/SecretOnce';
import { FormActions, FormError, TextField } from '../../../components/ui';
import { useCreateKey } from '../queries';

export function CreateKeyDialog({
  open,
  onClose,
  customerId,
  customerName,
}: {
  open: boolean;
  onClose: () => void;
  customerId?: string;
  customerName?: string;
}) {
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const create = useCreateKey(customerId);
  const created = create.data;

  const close = () => {
    setName('');
    setExpires('');
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      name: name.trim() || undefined,
      expires_at: expires ? new Date(`${expires}T23:59:59.999Z`).toISOString() : undefined,
    });
  };

  return (
    <SecretDialog
      open={open}
      onClose={close}
      title={customerName ? `New key for ${customerName}` : 'Create a key'}
      secretTitle="Your new key"
      secret={created ? { label: `Key “${created.name || created.prefix}”`, value: created.key } : null}
    >
      <form className="form" onSubmit={submit}>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. production backend"
          hint="For you to tell keys apart."
          autoFocus
        />
        <TextField
          label="Expires (optional)"
          type="date"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          hint="The key stops working at the end of that day (UTC). Empty: never."
        />
        <FormError error={create.error} />
        <FormActions submitLabel={create.isPending ? 'Creating…' : 'Create key'} disabled={create.isPending} onCancel={close} />
      </form>
    </SecretDialog>
  );
}
