/** A customer's details, and the form that changes its name and the reseller's id for it. */
import { Link } from 'react-router';
import type { CustomerView } from '@unified-api-gateway/sdk';
import { DetailCard, useInlineEdit } from '../../../components/DetailCard';
import { EditForm } from '../../../components/EditForm';
import { StatusBadge, TextField } from '../../../components/ui';
import { fieldProblems } from '../../../lib/field-problems';
import { formatDateTime } from '../../../lib/format';
import { useUpdateCustomer } from '../queries';

export function CustomerDetailsCard({ customer, writable }: { customer: CustomerView; writable: boolean }) {
  const edit = useInlineEdit<{ name: string; externalId: string }>();
  const update = useUpdateCustomer(customer.id);
  const problems = fieldProblems(update.error, ['name', 'external_id']);
  const save = () => {
    const { name, externalId } = edit.draft!;
    update.mutate({ name: name.trim(), external_id: externalId.trim() || null }, { onSuccess: edit.stop });
  };
  return (
    <DetailCard
      onEdit={writable ? () => edit.start({ name: customer.name, externalId: customer.external_id ?? '' }) : undefined}
      form={
        edit.draft && (
          <EditForm onSubmit={save} disabled={update.isPending} error={update.error} placed={problems.placed} onCancel={edit.stop}>
            <div className="form-row">
              <TextField
                label="Name"
                required
                value={edit.draft.name}
                onChange={(e) => edit.set({ name: e.target.value })}
                error={problems.of('name')}
              />
              <TextField
                label="Your id for it"
                value={edit.draft.externalId}
                onChange={(e) => edit.set({ externalId: e.target.value })}
                error={problems.of('external_id')}
              />
            </div>
          </EditForm>
        )
      }
      items={[
        ['Status', <StatusBadge status={customer.status} />],
        ['Your id', customer.external_id ?? '—', 'mono'],
        ['Created', formatDateTime(customer.created_at)],
        ['Calls', <Link to={`/console/audit?customer_id=${customer.id}`}>See its calls in the audit trail</Link>],
      ]}
    />
  );
}
