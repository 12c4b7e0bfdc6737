/** Creates a key (the tenant's own, or a customer's) and shows its secret once, with a copy button. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { CreatedApiKeyView } from '../../api/openapi.generated';
import { resellerApi } from '../../api/reseller-api';
import { Modal } from '../../components/Modal';
import { SecretOnce } from '../../components/SecretOnce';
import { FormActions, FormError, TextField } from '../../components/ui';

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
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<CreatedApiKeyView | null>(null);

  const create = useMutation({
    // The answer holds the secret: dropped from the mutation cache as soon as the dialog lets it go.
    gcTime: 0,
    mutationFn: () => {
      const body = { name: name.trim() || undefined, expires_at: expires ? new Date(`${expires}T23:59:59.999Z`).toISOString() : undefined };
      return customerId ? resellerApi.customers.createKey(customerId, body) : resellerApi.keys.create(body);
    },
    onSuccess: (key) => {
      setCreated(key);
      void queryClient.invalidateQueries({ queryKey: ['keys'] });
    },
  });

  const close = () => {
    setCreated(null);
    setName('');
    setExpires('');
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <Modal open={open} onClose={close} title={created ? 'Your new key' : customerName ? `New key for ${customerName}` : 'Create a key'}>
      {created ? (
        <SecretOnce label={`Key “${created.name || created.prefix}”`} secret={created.key} onDone={close} />
      ) : (
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
      )}
    </Modal>
  );
}
