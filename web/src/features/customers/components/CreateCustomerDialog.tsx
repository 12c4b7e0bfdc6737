/**
 * A new customer: its name and, optionally, the reseller's own id for it; then its page opens. The
 * API's refusal of a field shows on that field until the next input into it.
 */
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { ApiProblemsScope, FormActions, FormError, TextField } from '../../../components/ui';
import { fieldProblems } from '../../../lib/field-problems';
import { useCreateCustomer } from '../queries';

export function CreateCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [externalId, setExternalId] = useState('');
  const create = useCreateCustomer();
  const problems = fieldProblems(create.error, ['name', 'external_id']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), external_id: externalId.trim() || undefined }, { onSuccess: onClose });
  };
  return (
    <Modal open={open} title="New customer" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <ApiProblemsScope placed={problems.placed}>
          <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} autoFocus error={problems.of('name')} />
          <TextField
            label="Your id for it (optional)"
            value={externalId}
            onChange={(e) => setExternalId(e.target.value)}
            hint="e.g. the id in your CRM; unique among your customers."
            error={problems.of('external_id')}
          />
          <FormError error={create.error} placed={problems.placed} />
          <FormActions submitLabel="Create customer" disabled={create.isPending || !name.trim()} onCancel={onClose} />
        </ApiProblemsScope>
      </form>
    </Modal>
  );
}
