/** A tenant's keys (each revoked after confirming) and, for a reseller, its customers. */
import type { ApiKeyView, CustomerView, TenantView } from '@unified-api-gateway/sdk';
import type { CursorList } from '../../../components/Paging';
import { ResourceList } from '../../../components/ResourceList';
import { EmptyState, StatusBadge } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { keyColumn, keyStatusColumn, lastUsedColumn } from '../../keys/components/key-columns';
import { useTenantKeys } from '../queries';
import { RevokeTenantKeyButton } from './TenantActions';

export function TenantKeysCard({ tenant, customers }: { tenant: TenantView; customers: CustomerView[] }) {
  const keys = useTenantKeys(tenant.id);
  return (
    <ResourceList<ApiKeyView>
      title="Keys"
      list={keys}
      noun="keys"
      caption={`Keys of ${tenant.name}`}
      rowKey={(k) => k.id}
      empty={<EmptyState title="No keys" />}
      columns={[
        keyColumn(true, (k) => `/admin/keys/${k.id}`),
        {
          header: 'Owner',
          cell: (k) => (k.customer_id ? (customers.find((c) => c.id === k.customer_id)?.name ?? 'A customer') : 'The tenant'),
        },
        keyStatusColumn,
        lastUsedColumn,
        {
          header: 'Actions',
          actions: true,
          cell: (k) => (k.status === 'active' ? <RevokeTenantKeyButton tenantId={tenant.id} apiKey={k} /> : null),
        },
      ]}
    />
  );
}

export function TenantCustomersCard({ tenant, customers }: { tenant: TenantView; customers: CursorList<CustomerView> }) {
  return (
    <ResourceList<CustomerView>
      title="Customers"
      list={customers}
      noun="customers"
      caption={`Customers of ${tenant.name}`}
      rowKey={(c) => c.id}
      empty={<EmptyState title="No customers" />}
      columns={[
        { header: 'Customer', primary: true, cell: (c) => <span className="cell-title">{c.name}</span> },
        { header: 'Their id', cell: (c) => <span className="mono">{c.external_id ?? '—'}</span> },
        { header: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
        { header: 'Created', cell: (c) => formatDateTime(c.created_at) },
      ]}
    />
  );
}
