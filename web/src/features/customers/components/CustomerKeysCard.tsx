/** A customer's keys, and a new one for it (its secret shown once). */
import { useState } from 'react';
import type { ApiKeyView, CustomerView } from '@unified-api-gateway/sdk';
import { ResourceList } from '../../../components/ResourceList';
import { EmptyState } from '../../../components/ui';
import { CreateKeyDialog } from '../../keys/components/CreateKeyDialog';
import { keyColumn, keyStatusColumn, lastUsedColumn, manageKeyColumn } from '../../keys/components/key-columns';
import { useCustomerKeys } from '../../keys/queries';

export function CustomerKeysCard({ customer, writable }: { customer: CustomerView; writable: boolean }) {
  const keys = useCustomerKeys(customer.id);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceList<ApiKeyView>
        title="Keys"
        actions={
          writable && customer.status === 'active' ? (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setCreating(true)}>
              New key
            </button>
          ) : undefined
        }
        list={keys}
        noun="keys"
        caption={`Keys of ${customer.name}`}
        rowKey={(k) => k.id}
        empty={<EmptyState title="No keys yet">Give this customer a key to call the gateway.</EmptyState>}
        columns={[keyColumn(true), keyStatusColumn, lastUsedColumn, manageKeyColumn]}
      />
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} customerId={customer.id} customerName={customer.name} />
    </>
  );
}
