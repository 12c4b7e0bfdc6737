/** A reseller's customers: find, create, and open one to manage its keys, prices, limits and budget. */
import { useState } from 'react';
import { Link } from 'react-router';
import type { CustomerView } from '@unified-api-gateway/sdk';
import { can, useSignedIn } from '../../../auth/session';
import { ResourceList } from '../../../components/ResourceList';
import { EmptyState, PageHeader, Segmented, StatusBadge } from '../../../components/ui';
import { UrlSearchBox } from '../../../components/UrlSearchBox';
import { useUrlFilters } from '../../../components/use-url-filters';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CreateCustomerDialog } from '../components/CreateCustomerDialog';
import { useCustomers } from '../queries';

const STATUSES = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];

export function CustomersPage() {
  useDocumentTitle('Customers');
  const session = useSignedIn();
  const writable = can.write(session.user.role);
  const filters = useUrlFilters();
  const status = filters.get('status');
  const search = filters.get('q');
  const customers = useCustomers(status, search);
  const [creating, setCreating] = useState(false);
  const createButton = (label: string) => (
    <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
      {label}
    </button>
  );

  return (
    <>
      <PageHeader
        title="Customers"
        description="Each customer gets keys of its own, and you decide its prices, limits and budget. You see its calls in the audit trail and its spend in usage."
        actions={writable ? createButton('New customer') : undefined}
      />
      <ResourceList<CustomerView>
        filters={
          <div className="card-body filters">
            <UrlSearchBox placeholder="Name or external id" />
            <Segmented label="Status" value={status} onChange={(value) => filters.set('status', value)} options={STATUSES} />
          </div>
        }
        list={customers}
        noun="customers"
        loadingLabel="Loading customers…"
        caption="Customers"
        rowKey={(c) => c.id}
        empty={
          <EmptyState
            title={search ? `No customer matches “${search}”` : status ? `No ${status} customers` : 'No customers yet'}
            action={writable && !status && !search ? createButton('Add your first customer') : undefined}
          >
            {status || search ? 'Try another search or filter.' : 'Add a customer, then give it a key.'}
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
      <CreateCustomerDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
