/** A reseller's customers: find, create, and open one to manage its keys, prices, limits and budget. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CustomerView } from '../../api/openapi.generated';
import { resellerApi } from '../../api/reseller-api';
import { can, useSignedIn } from '../../auth/session';
import { DataTable } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import {
  EmptyState,
  ErrorNotice,
  FormActions,
  FormError,
  Loading,
  PageHeader,
  Segmented,
  StatusBadge,
  TextField,
} from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';

export function CustomersPage() {
  useDocumentTitle('Customers');
  const session = useSignedIn();
  const writable = can.write(session.user.role);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const customers = useCursorList(['customers', 'list', status], (cursor) =>
    resellerApi.customers.list({ limit: PAGE_SIZE, cursor, status: status || undefined }),
  );
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [externalId, setExternalId] = useState('');

  const create = useMutation({
    mutationFn: () => resellerApi.customers.create({ name: name.trim(), external_id: externalId.trim() || undefined }),
    onSuccess: (customer) => {
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
      setCreating(false);
      void navigate(`/console/customers/${customer.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <>
      <PageHeader
        title="Customers"
        description="Each customer gets keys of its own, and you decide its prices, limits and budget. You see its calls in the audit trail and its spend in usage."
        actions={
          writable ? (
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              New customer
            </button>
          ) : undefined
        }
      />
      <div className="card card-flush">
        <div className="card-body">
          <Segmented
            label="Status"
            value={status}
            onChange={(value) => setParams(value ? { status: value } : {}, { replace: true })}
            options={[
              { value: '', label: 'All' },
              { value: 'active', label: 'Active' },
              { value: 'suspended', label: 'Suspended' },
            ]}
          />
        </div>
        {customers.isPending ? (
          <Loading label="Loading customers…" />
        ) : customers.isError ? (
          <div className="card-body">
            <ErrorNotice error={customers.error} onRetry={() => void customers.refetch()} />
          </div>
        ) : (
          <DataTable<CustomerView>
            caption="Customers"
            rows={customers.rows}
            rowKey={(c) => c.id}
            empty={
              <EmptyState
                title={status ? `No ${status} customers` : 'No customers yet'}
                action={
                  writable && !status ? (
                    <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
                      Add your first customer
                    </button>
                  ) : undefined
                }
              >
                {status ? 'Try another filter.' : 'Add a customer, then give it a key.'}
              </EmptyState>
            }
            columns={[
              {
                header: 'Customer',
                primary: true,
                cell: (c) => (
                  <>
                    <Link className="cell-title" to={`/console/customers/${c.id}`}>
                      {c.name}
                    </Link>
                    {c.external_id && <span className="cell-sub mono">{c.external_id}</span>}
                  </>
                ),
              },
              { header: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
              { header: 'Created', cell: (c) => formatDateTime(c.created_at) },
              {
                header: 'Actions',
                actions: true,
                cell: (c) => (
                  <Link className="btn btn-sm" to={`/console/customers/${c.id}`} aria-label={`Manage ${c.name}`}>
                    Manage
                  </Link>
                ),
              },
            ]}
          />
        )}
        <LoadMore query={customers} noun="customers" />
      </div>
      <Modal open={creating} title="New customer" onClose={() => setCreating(false)}>
        <form className="form" onSubmit={submit}>
          <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          <TextField
            label="Your id for it (optional)"
            value={externalId}
            onChange={(e) => setExternalId(e.target.value)}
            hint="e.g. the id in your CRM; unique among your customers."
          />
          <FormError error={create.error} />
          <FormActions submitLabel="Create customer" disabled={create.isPending || !name.trim()} onCancel={() => setCreating(false)} />
        </form>
      </Modal>
    </>
  );
}
