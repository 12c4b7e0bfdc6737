/** The tenant's keys (and, for a reseller, its customers' keys): create, then manage each one. */
import { Link, useSearchParams } from 'react-router';
import type { ApiKeyView } from '@unified-api-gateway/sdk';
import { can, useSignedIn } from '../../../auth/session';
import type { Column } from '../../../components/DataTable';
import { ResourceList } from '../../../components/ResourceList';
import { EmptyState, PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsReseller } from '../../account/queries';
import { useCustomerNames } from '../../customers/queries';
import { CreateKeyDialog } from '../components/CreateKeyDialog';
import { createdColumn, expiresColumn, keyColumn, keyStatusColumn, lastUsedColumn, manageKeyColumn } from '../components/key-columns';
import { useKeys } from '../queries';

export function KeysPage() {
  useDocumentTitle('Keys');
  const session = useSignedIn();
  const writable = can.write(session.user.role);
  const [params, setParams] = useSearchParams();
  const creating = params.get('create') === '1';
  const setCreating = (open: boolean) => setParams(open ? { create: '1' } : {}, { replace: true });
  const keys = useKeys();
  const reseller = useIsReseller();
  const customerName = useCustomerNames(
    keys.rows.map((key) => key.customer_id),
    reseller,
  );
  const createButton = (label: string) =>
    writable ? (
      <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
        {label}
      </button>
    ) : undefined;
  const ownerColumn: Column<ApiKeyView> = {
    header: 'Owner',
    cell: (key) => (key.customer_id ? <Link to={`/console/customers/${key.customer_id}`}>{customerName(key.customer_id)}</Link> : 'You'),
  };

  return (
    <>
      <PageHeader
        title="Keys"
        description={
          <>
            A key calls the gateway: send it as <code className="inline-code">Authorization: Bearer</code>. Each key can have its own limits
            and budget.
          </>
        }
        actions={createButton('Create a key')}
      />
      <ResourceList<ApiKeyView>
        list={keys}
        noun="keys"
        loadingLabel="Loading keys…"
        caption="Keys"
        rowKey={(key) => key.id}
        empty={
          <EmptyState title="No keys yet" headingLevel={2} action={createButton('Create your first key')}>
            Create a key to call the gateway. Its secret is shown once, when you create it.
          </EmptyState>
        }
        columns={[
          keyColumn(true),
          ...(reseller ? [ownerColumn] : []),
          keyStatusColumn,
          lastUsedColumn,
          expiresColumn,
          createdColumn,
          manageKeyColumn,
        ]}
      />
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
