/** One customer: details, suspend/resume, delete, its keys, limits, budget and prices. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ApiKeyView } from '../../api/openapi.generated';
import { resellerApi } from '../../api/reseller-api';
import { can, useSignedIn } from '../../auth/session';
import { BudgetCard } from '../../components/BudgetCard';
import { useConfirm } from '../../components/Confirm';
import { DataTable } from '../../components/DataTable';
import { LimitsCard } from '../../components/LimitsCard';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { MarkupsEditor } from '../../components/MarkupsEditor';
import { PricesEditor } from '../../components/PricesEditor';
import { useToast } from '../../components/Toasts';
import { Card, EmptyState, ErrorNotice, FormError, Loading, PageHeader, StatusBadge, TextField } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CreateKeyDialog } from './CreateKeyDialog';
import { keyState } from './keyLabels';
import { StatementsList } from './StatementsList';

export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const session = useSignedIn();
  const writable = can.write(session.user.role);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const customer = useQuery({ queryKey: ['customers', id], queryFn: () => resellerApi.customers.get(id) });
  useDocumentTitle(customer.data ? customer.data.name : 'Customer');
  const keys = useCursorList(['keys', 'customer', id], (cursor) => resellerApi.keys.list({ limit: PAGE_SIZE, cursor, customer_id: id }));
  const [creatingKey, setCreatingKey] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ name: '', externalId: '' });

  const changed = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: ['customers'] });
    toast(message);
  };
  const update = useMutation({
    mutationFn: () => resellerApi.customers.update(id, { name: draft.name.trim(), external_id: draft.externalId.trim() || null }),
    onSuccess: () => {
      setEditing(false);
      changed('Customer saved');
    },
  });
  const suspend = useMutation({ mutationFn: () => resellerApi.customers.suspend(id), onSuccess: () => changed('Customer suspended') });
  const resume = useMutation({ mutationFn: () => resellerApi.customers.resume(id), onSuccess: () => changed('Customer resumed') });
  const remove = useMutation({
    mutationFn: () => resellerApi.customers.remove(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
      void queryClient.invalidateQueries({ queryKey: ['keys'] });
      toast('Customer deleted');
      void navigate('/console/customers', { replace: true });
    },
  });

  if (customer.isPending) return <Loading page />;
  if (customer.isError)
    return <ErrorNotice error={customer.error} onRetry={() => void customer.refetch()} title="Could not load this customer." />;
  const current = customer.data;

  const askSuspend = async () => {
    if (
      await confirm({
        title: `Suspend ${current.name}?`,
        body: 'Every one of its keys is refused at once (403 customer_suspended) until you resume it.',
        confirmLabel: 'Suspend customer',
      })
    )
      suspend.mutate();
  };
  const askDelete = async () => {
    if (
      await confirm({
        title: `Delete ${current.name}?`,
        body: 'Its keys are revoked at once and it disappears from your lists. Its calls stay in the audit trail and the reports.',
        confirmLabel: 'Delete customer',
      })
    )
      remove.mutate();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate();
  };

  return (
    <>
      <PageHeader
        breadcrumb={{ to: '/console/customers', label: 'Customers' }}
        title={current.name}
        description={current.external_id ? `Your id: ${current.external_id}` : undefined}
        actions={
          writable ? (
            <>
              {current.status === 'active' ? (
                <button type="button" className="btn btn-danger-outline" onClick={() => void askSuspend()} disabled={suspend.isPending}>
                  Suspend
                </button>
              ) : (
                <button type="button" className="btn" onClick={() => resume.mutate()} disabled={resume.isPending}>
                  Resume
                </button>
              )}
              <button type="button" className="btn btn-danger" onClick={() => void askDelete()} disabled={remove.isPending}>
                Delete
              </button>
            </>
          ) : undefined
        }
      />
      <div className="stack">
        {(suspend.error || resume.error || remove.error) && <FormError error={suspend.error ?? resume.error ?? remove.error} />}
        <Card
          title="Details"
          actions={
            writable && !editing ? (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => {
                  setDraft({ name: current.name, externalId: current.external_id ?? '' });
                  setEditing(true);
                }}
              >
                Edit
              </button>
            ) : undefined
          }
        >
          {editing ? (
            <form className="form" onSubmit={submit}>
              <div className="form-row">
                <TextField label="Name" required value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
                <TextField
                  label="Your id for it"
                  value={draft.externalId}
                  onChange={(e) => setDraft({ ...draft, externalId: e.target.value })}
                />
              </div>
              <FormError error={update.error} />
              <div className="row">
                <button type="submit" className="btn btn-primary btn-sm" disabled={update.isPending}>
                  Save
                </button>
                <button type="button" className="btn btn-sm" onClick={() => setEditing(false)}>
                  Cancel
                </button>
              </div>
            </form>
          ) : (
            <dl className="details">
              <dt>Status</dt>
              <dd>
                <StatusBadge status={current.status} />
              </dd>
              <dt>Your id</dt>
              <dd className="mono">{current.external_id ?? '—'}</dd>
              <dt>Created</dt>
              <dd>{formatDateTime(current.created_at)}</dd>
              <dt>Calls</dt>
              <dd>
                <Link to={`/console/audit?customer_id=${current.id}`}>See its calls in the audit trail</Link>
              </dd>
            </dl>
          )}
        </Card>
        <Card
          title="Keys"
          flush
          actions={
            writable && current.status === 'active' ? (
              <button type="button" className="btn btn-sm btn-primary" onClick={() => setCreatingKey(true)}>
                New key
              </button>
            ) : undefined
          }
        >
          {keys.isPending ? (
            <Loading />
          ) : keys.isError ? (
            <div className="card-body">
              <ErrorNotice error={keys.error} />
            </div>
          ) : (
            <DataTable<ApiKeyView>
              caption={`Keys of ${current.name}`}
              rows={keys.rows}
              rowKey={(k) => k.id}
              empty={<EmptyState title="No keys yet">Give this customer a key to call the gateway.</EmptyState>}
              columns={[
                {
                  header: 'Key',
                  primary: true,
                  cell: (k) => (
                    <>
                      <Link className="cell-title" to={`/console/keys/${k.id}`}>
                        {k.name || 'Unnamed key'}
                      </Link>
                      <span className="cell-sub mono">{k.prefix}…</span>
                    </>
                  ),
                },
                { header: 'Status', cell: (k) => <StatusBadge status={keyState(k)} /> },
                {
                  header: 'Last used',
                  cell: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : <span className="faint">Never</span>),
                },
                {
                  header: 'Actions',
                  actions: true,
                  cell: (k) => (
                    <Link className="btn btn-sm" to={`/console/keys/${k.id}`} aria-label={`Manage ${k.name || k.prefix}`}>
                      Manage
                    </Link>
                  ),
                },
              ]}
            />
          )}
          <LoadMore query={keys} noun="keys" />
        </Card>
        <div className="grid-2">
          <LimitsCard
            queryKey={['customers', id, 'limits']}
            load={() => resellerApi.customers.limits(id)}
            save={(body) => resellerApi.customers.setLimits(id, body)}
            subject="all of this customer's keys together"
            readOnly={!writable}
          />
          <BudgetCard
            queryKey={['customers', id, 'budget']}
            load={() => resellerApi.customers.budget(id)}
            save={(body) => resellerApi.customers.setBudget(id, body)}
            remove={() => resellerApi.customers.removeBudget(id)}
            subject="this customer (all its keys together)"
            description="A spend cap on what this customer pays, all its keys together: a call over it is refused (402) and not billed."
            readOnly={!writable}
          />
        </div>
        <Card
          title="Statements"
          description={`What ${current.name} was billed each month (its keys together), what you owe for it and your margin.`}
          flush
        >
          <StatementsList scope={{ customerId: id }} reseller caption={`Monthly statements of ${current.name}`} />
        </Card>
        <Card
          title="Markups"
          description={`A percentage over your cost that ${current.name} pays on every meter without a fixed price. Its own markup beats yours for every customer on the same slug; one on a slug beats one on every slug.`}
          flush
        >
          <MarkupsEditor customerId={id} scope={current.name} readOnly={!writable} />
        </Card>
        <Card
          title="Prices"
          description={`What ${current.name} pays per unit of each meter: its own fixed price, else yours for every customer, else a markup, else the catalog's list price.`}
          flush
        >
          <PricesEditor customerId={id} scope={current.name} readOnly={!writable} />
        </Card>
      </div>
      <CreateKeyDialog open={creatingKey} onClose={() => setCreatingKey(false)} customerId={id} customerName={current.name} />
    </>
  );
}
