/** The tenant's keys (and, for a reseller, its customers' keys): create, then manage each one. */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { ApiKeyView } from '../../api/openapi.generated';
import { resellerApi } from '../../api/reseller-api';
import { can, useSignedIn } from '../../auth/session';
import { DataTable } from '../../components/DataTable';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { EmptyState, ErrorNotice, Loading, PageHeader, StatusBadge } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CreateKeyDialog } from './CreateKeyDialog';
import { keyState } from './keyLabels';
import { useCustomerNames } from './useCustomerNames';

export function KeysPage() {
  useDocumentTitle('Keys');
  const session = useSignedIn();
  const writable = can.write(session.user.role);
  const [params, setParams] = useSearchParams();
  const creating = params.get('create') === '1';
  const setCreating = (open: boolean) => setParams(open ? { create: '1' } : {}, { replace: true });
  const keys = useCursorList(['keys', 'all'], (cursor) => resellerApi.keys.list({ limit: PAGE_SIZE, cursor }));
  const me = useQuery({ queryKey: ['me'], queryFn: resellerApi.me });
  const reseller = me.data?.tenant.kind === 'reseller';
  const customerName = useCustomerNames(
    keys.rows.map((key) => key.customer_id),
    reseller,
  );

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
        actions={
          writable ? (
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              Create a key
            </button>
          ) : undefined
        }
      />
      <div className="card card-flush">
        {keys.isPending ? (
          <Loading label="Loading keys…" />
        ) : keys.isError ? (
          <div className="card-body">
            <ErrorNotice error={keys.error} onRetry={() => void keys.refetch()} />
          </div>
        ) : (
          <DataTable<ApiKeyView>
            caption="Keys"
            rows={keys.rows}
            rowKey={(key) => key.id}
            empty={
              <EmptyState
                title="No keys yet"
                action={
                  writable ? (
                    <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
                      Create your first key
                    </button>
                  ) : undefined
                }
              >
                Create a key to call the gateway. Its secret is shown once, when you create it.
              </EmptyState>
            }
            columns={[
              {
                header: 'Key',
                primary: true,
                cell: (key) => (
                  <>
                    <Link className="cell-title" to={`/console/keys/${key.id}`}>
                      {key.name || 'Unnamed key'}
                    </Link>
                    <span className="cell-sub mono">{key.prefix}…</span>
                  </>
                ),
              },
              ...(reseller
                ? [
                    {
                      header: 'Owner',
                      cell: (key: ApiKeyView) =>
                        key.customer_id ? <Link to={`/console/customers/${key.customer_id}`}>{customerName(key.customer_id)}</Link> : 'You',
                    },
                  ]
                : []),
              { header: 'Status', cell: (key) => <StatusBadge status={keyState(key)} /> },
              {
                header: 'Last used',
                cell: (key) => (key.last_used_at ? formatDateTime(key.last_used_at) : <span className="faint">Never</span>),
              },
              {
                header: 'Expires',
                cell: (key) => (key.expires_at ? formatDateTime(key.expires_at) : <span className="faint">Never</span>),
              },
              { header: 'Created', cell: (key) => formatDateTime(key.created_at) },
              {
                header: 'Actions',
                actions: true,
                cell: (key) => (
                  <Link className="btn btn-sm" to={`/console/keys/${key.id}`} aria-label={`Manage ${key.name || key.prefix}`}>
                    Manage
                  </Link>
                ),
              },
            ]}
          />
        )}
        <LoadMore query={keys} noun="keys" />
      </div>
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
