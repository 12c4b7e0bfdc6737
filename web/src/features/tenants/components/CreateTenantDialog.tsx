/** A new tenant: its name, kind and plan; then its page opens. */
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { FormActions, FormError, SelectField, TextField } from '../../../components/ui';
import { planOptions, useAllPlans } from '../../plans/queries';
import { useCreateTenant } from '../queries';

const KINDS = [
  { value: 'direct', label: 'Direct: calls for itself' },
  { value: 'reseller', label: 'Reseller: resells to customers of its own' },
];

export function CreateTenantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const plans = useAllPlans();
  const [form, setForm] = useState({ name: '', kind: 'direct', planId: '' });
  const create = useCreateTenant();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: form.name.trim(), kind: form.kind as 'direct' | 'reseller', plan_id: form.planId || undefined });
  };
  return (
    <Modal open={open} title="New tenant" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <TextField label="Name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} autoFocus />
        <SelectField label="Kind" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value })} options={KINDS} />
        <SelectField
          label="Plan"
          value={form.planId}
          onChange={(e) => setForm({ ...form, planId: e.target.value })}
          options={planOptions(plans.data?.data)}
        />
        <FormError error={create.error} />
        <FormActions submitLabel="Create tenant" disabled={create.isPending || !form.name.trim()} onCancel={onClose} />
      </form>
    </Modal>
  );
}
