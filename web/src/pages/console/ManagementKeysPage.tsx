/**
 * The tenant's management keys (gwm_…): what its own backend calls the reseller API with. Owners
 * only, as on the API (@OwnerOnly on every route, listing included): the other roles get a page that
 * says so, without a list they could not load.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CreatedManagementKeyView, ManagementKeyView } from '../../api/openapi.generated';
import { resellerApi } from '../../api/reseller-api';
import { can, useSignedIn } from '../../auth/session';
import { CodeBlock } from '../../components/CodeBlock';
import { useConfirm } from '../../components/Confirm';
import { DataTable } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { SecretOnce } from '../../components/SecretOnce';
import { useToast } from '../../components/Toasts';
import { Card, EmptyState, ErrorNotice, FormActions, FormError, Loading, PageHeader, StatusBadge, TextField } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';

const DESCRIPTION = (
  <>
    A management key lets your own backend call the reseller API (<code className="inline-code">/api/reseller/v1</code>) as an owner would:
    create customers, issue and limit their keys, read usage and statements. It cannot call endpoints; that is what{' '}
    <Link to="/console/keys">keys</Link> are for.
  </>
);

export function ManagementKeysPage() {
  useDocumentTitle('Management keys');
  const session = useSignedIn();
  const owner = can.manageUsers(session.user.role);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const keys = useCursorList(['management-keys'], (cursor) => resellerApi.managementKeys.list({ limit: PAGE_SIZE, cursor }), owner);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedManagementKeyView | null>(null);

  const create = useMutation({
    // The answer holds the secret: dropped from the mutation cache as soon as the dialog lets it go.
    gcTime: 0,
    mutationFn: () => resellerApi.managementKeys.create(name.trim() || undefined),
    onSuccess: (key) => {
      setCreated(key);
      void queryClient.invalidateQueries({ queryKey: ['management-keys'] });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => resellerApi.managementKeys.revoke(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['management-keys'] });
      toast('Management key revoked');
    },
  });

  const close = () => {
    setCreating(false);
    setCreated(null);
    setName('');
    create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const askRevoke = async (key: ManagementKeyView) => {
    if (
      await confirm({
        title: `Revoke ${key.name || key.prefix}?`,
        body: 'Its next call to the reseller API is refused (401). Whatever uses it needs a new key; this cannot be undone.',
        confirmLabel: 'Revoke management key',
      })
    )
      revoke.mutate(key.id);
  };
  const openCreate = () => setCreating(true);

  if (!owner) {
    return (
      <>
        <PageHeader title="Management keys" description={DESCRIPTION} />
        <div className="card">
          <EmptyState title="Only owners manage these keys">
            A management key acts as an owner of this account, so only owners can see, create or revoke one (your role: {session.user.role}
            ). Ask an owner of {session.tenant?.name ?? 'this account'} if your backend needs one.
          </EmptyState>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Management keys"
        description={DESCRIPTION}
        actions={
          <button type="button" className="btn btn-primary" onClick={openCreate}>
            Create a management key
          </button>
        }
      />
      <div className="stack">
        {revoke.error && <FormError error={revoke.error} />}
        <div className="card card-flush">
          {keys.isPending ? (
            <Loading label="Loading management keys…" />
          ) : keys.isError ? (
            <div className="card-body">
              <ErrorNotice error={keys.error} onRetry={() => void keys.refetch()} />
            </div>
          ) : (
            <DataTable<ManagementKeyView>
              caption="Management keys"
              rows={keys.rows}
              rowKey={(key) => key.id}
              empty={
                <EmptyState
                  title="No management keys yet"
                  action={
                    <button type="button" className="btn btn-primary" onClick={openCreate}>
                      Create your first management key
                    </button>
                  }
                >
                  Create one when a program of yours needs to manage customers and keys. Its secret is shown once.
                </EmptyState>
              }
              columns={[
                {
                  header: 'Management key',
                  primary: true,
                  cell: (key) => (
                    <>
                      <span className="cell-title">{key.name || 'Unnamed key'}</span>
                      <span className="cell-sub mono">{key.prefix}…</span>
                    </>
                  ),
                },
                {
                  header: 'Status',
                  cell: (key) => (
                    <span>
                      <StatusBadge status={key.status} />
                      {key.revoked_at && <span className="cell-sub">{formatDateTime(key.revoked_at)}</span>}
                    </span>
                  ),
                },
                { header: 'Created', cell: (key) => formatDateTime(key.created_at) },
                {
                  header: 'Actions',
                  actions: true,
                  cell: (key) =>
                    key.status === 'active' ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-danger-outline"
                        onClick={() => void askRevoke(key)}
                        disabled={revoke.isPending}
                        aria-label={`Revoke ${key.name || key.prefix}`}
                      >
                        Revoke
                      </button>
                    ) : null,
                },
              ]}
            />
          )}
          <LoadMore query={keys} noun="management keys" />
        </div>
        <Card
          title="Use it"
          description={
            <>
              Send it as <code className="inline-code">Authorization: Bearer</code> to the reseller API. Every route is in the{' '}
              <a href="/docs">API reference</a>; your first gateway call is in the <Link to="/quickstart">quick start</Link>.
            </>
          }
        >
          <CodeBlock
            language="bash"
            label="Call the reseller API with a management key"
            code={`curl -s ${window.location.origin}/api/reseller/v1/me \\\n  -H "Authorization: Bearer $GATEWAY_MANAGEMENT_KEY"`}
          />
        </Card>
      </div>
      <Modal open={creating} onClose={close} title={created ? 'Your new management key' : 'Create a management key'}>
        {created ? (
          <SecretOnce label={`Management key “${created.name || created.prefix}”`} secret={created.key} onDone={close} />
        ) : (
          <form className="form" onSubmit={submit}>
            <TextField
              label="Name"
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. billing backend"
              hint="Where it is used, so you know what breaks if you revoke it."
              autoFocus
            />
            <FormError error={create.error} />
            <FormActions
              submitLabel={create.isPending ? 'Creating…' : 'Create management key'}
              disabled={create.isPending}
              onCancel={close}
            />
          </form>
        )}
      </Modal>
    </>
  );
}
