/** A new customer: its name and, optionally, the reseller's own id for it; then its page opens. */
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { FormActions, FormError, TextField } from '../../../components/ui';
import { useCreateCustomer } from '../queries';

export function CreateCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [externalId, setExternalId] = useState('');
  const create = useCreateCustomer();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), external_id: externalId.trim() || undefined }, { onSuccess: onClose });
  };
  return (
    <Modal open={open} title="New customer" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} autoFocus />
        <TextField
          label="Your id for it (optional)"
          value={externalId}
          onChange={(e) => setExternalId(e.target.value)}
          hint="e.g. the id in your CRM; unique among your customers."
        />
        <FormError error={create.error} />
        <FormActions submitLabel="Create customer" disabled={create.isPending || !name.trim()} onCancel={onClose} />
      </form>
    </Modal>
  );
}
