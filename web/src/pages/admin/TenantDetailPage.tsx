/** One tenant: suspend or resume, plan, kind and account-wide limit, budget, keys, customers. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { adminApi } from '../../api/admin-api';
import type { ApiKeyView, CustomerView, UpdateTenantRequest } from '../../api/openapi.generated';
import { BudgetCard } from '../../components/BudgetCard';
import { useConfirm } from '../../components/Confirm';
import { DataTable } from '../../components/DataTable';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { useToast } from '../../components/Toasts';
import { Card, EmptyState, ErrorNotice, FormError, Loading, PageHeader, SelectField, StatusBadge, TextField } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { keyState } from '../console/keyLabels';
import { TenantStatements } from './TenantStatements';
import { useAllPlans } from './usePlanNames';

export function TenantDetailPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const tenant = useQuery({ queryKey: ['admin', 'tenants', id], queryFn: () => adminApi.tenants.get(id) });
  useDocumentTitle(tenant.data ? tenant.data.name : 'Tenant');
  const plans = useAllPlans();
  const keys = useCursorList(['admin', 'tenants', id, 'keys'], (cursor) => adminApi.tenants.keys(id, { limit: PAGE_SIZE, cursor }));
  const customers = useCursorList(
    ['admin', 'tenants', id, 'customers'],
    (cursor) => adminApi.tenants.customers(id, { limit: PAGE_SIZE, cursor }),
    tenant.data?.kind === 'reseller',
  );
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ name: '', kind: 'direct', planId: '', limit: '' });

  const update = useMutation({
    mutationFn: (body: UpdateTenantRequest) => adminApi.tenants.update(id, body),
    onSuccess: (next, body) => {
      queryClient.setQueryData(['admin', 'tenants', id], next);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'tenants', 'list'] });
      setEditing(false);
      toast(body.status === 'suspended' ? 'Tenant suspended' : body.status === 'active' ? 'Tenant resumed' : 'Tenant saved');
    },
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => adminApi.revokeKey(keyId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'tenants', id, 'keys'] });
      toast('Key revoked');
    },
  });

  if (tenant.isPending) return <Loading page />;
  if (tenant.isError) return <ErrorNotice error={tenant.error} onRetry={() => void tenant.refetch()} title="Could not load this tenant." />;
  const current = tenant.data;
  const planName = plans.data?.data.find((p) => p.id === current.plan_id)?.name;

  const askSuspend = async () => {
    if (
      await confirm({
        title: `Suspend ${current.name}?`,
        body: 'Every key of the tenant and of its customers is refused at once (403 tenant_suspended), on every gateway process, until you resume it.',
        confirmLabel: 'Suspend tenant',
      })
    )
      update.mutate({ status: 'suspended' });
  };
  const askRevoke = async (key: ApiKeyView) => {
    if (
      await confirm({
        title: `Revoke ${key.name || key.prefix}?`,
        body: 'Every gateway process refuses it at once. This cannot be undone.',
        confirmLabel: 'Revoke key',
      })
    )
      revoke.mutate(key.id);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      name: draft.name.trim(),
      kind: draft.kind as 'direct' | 'reseller',
      plan_id: draft.planId || null,
      rate_limit_per_window: draft.limit ? Number(draft.limit) : null,
    });
  };

  return (
    <>
      <PageHeader
        breadcrumb={{ to: '/admin/tenants', label: 'Tenants' }}
        title={current.name}
        description={`${current.kind === 'reseller' ? 'Reseller' : 'Direct'} tenant, created ${formatDateTime(current.created_at)}.`}
        actions={
          current.status === 'active' ? (
            <button type="button" className="btn btn-danger-outline" onClick={() => void askSuspend()} disabled={update.isPending}>
              Suspend
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => update.mutate({ status: 'active' })}
              disabled={update.isPending}
            >
              Resume
            </button>
          )
        }
      />
      <div className="stack">
        {!editing && update.isError && <FormError error={update.error} />}
        <div className="grid-2">
          <Card
            title="Account"
            actions={
              !editing ? (
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => {
                    setDraft({
                      name: current.name,
                      kind: current.kind,
                      planId: current.plan_id ?? '',
                      limit: current.rate_limit_per_window ? String(current.rate_limit_per_window) : '',
                    });
                    update.reset();
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
                <TextField label="Name" required value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
                <SelectField
                  label="Kind"
                  value={draft.kind}
                  onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
                  options={[
                    { value: 'direct', label: 'Direct' },
                    { value: 'reseller', label: 'Reseller' },
                  ]}
                />
                <SelectField
                  label="Plan"
                  value={draft.planId}
                  onChange={(e) => setDraft({ ...draft, planId: e.target.value })}
                  options={[{ value: '', label: 'No plan' }, ...(plans.data?.data.map((p) => ({ value: p.id, label: p.name })) ?? [])]}
                />
                <TextField
                  label="Account-wide limit"
                  inputMode="numeric"
                  value={draft.limit}
                  onChange={(e) => setDraft({ ...draft, limit: e.target.value.replace(/\D/g, '') })}
                  hint="Requests per window across all its keys. Empty: none (the plan's ceiling still applies)."
                />
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
                <dt>Kind</dt>
                <dd>{current.kind}</dd>
                <dt>Plan</dt>
                <dd>{current.plan_id ? (planName ?? '…') : 'None'}</dd>
                <dt>Account-wide limit</dt>
                <dd>{current.rate_limit_per_window ? `${current.rate_limit_per_window} per window` : 'None'}</dd>
                <dt>Calls</dt>
                <dd>
                  <Link to={`/admin/audit?tenant_id=${current.id}`}>See its calls in the audit trail</Link>
                </dd>
              </dl>
            )}
          </Card>
          <BudgetCard
            queryKey={['admin', 'tenants', id, 'budget']}
            load={() => adminApi.tenants.budget(id)}
            save={(body) => adminApi.tenants.setBudget(id, body)}
            remove={() => adminApi.tenants.removeBudget(id)}
            subject="this tenant"
            description="The operator's spend cap on what this tenant owes, every key of it and of its customers together."
          />
        </div>
        <Card title="Keys" flush>
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
              empty={<EmptyState title="No keys" />}
              columns={[
                {
                  header: 'Key',
                  primary: true,
                  cell: (k) => (
                    <>
                      <span className="cell-title">{k.name || 'Unnamed key'}</span>
                      <span className="cell-sub mono">{k.prefix}…</span>
                    </>
                  ),
                },
                {
                  header: 'Owner',
                  cell: (k) => (k.customer_id ? (customers.rows.find((c) => c.id === k.customer_id)?.name ?? 'A customer') : 'The tenant'),
                },
                { header: 'Status', cell: (k) => <StatusBadge status={keyState(k)} /> },
                {
                  header: 'Last used',
                  cell: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : <span className="faint">Never</span>),
                },
                {
                  header: 'Actions',
                  actions: true,
                  cell: (k) =>
                    k.status === 'active' ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-danger-outline"
                        onClick={() => void askRevoke(k)}
                        aria-label={`Revoke ${k.name || k.prefix}`}
                      >
                        Revoke
                      </button>
                    ) : null,
                },
              ]}
            />
          )}
          <LoadMore query={keys} noun="keys" />
        </Card>
        <TenantStatements tenantId={current.id} tenantName={current.name} customers={current.kind === 'reseller' ? customers.rows : []} />
        {current.kind === 'reseller' && (
          <Card title="Customers" flush>
            {customers.isPending ? (
              <Loading />
            ) : customers.isError ? (
              <div className="card-body">
                <ErrorNotice error={customers.error} />
              </div>
            ) : (
              <DataTable<CustomerView>
                caption={`Customers of ${current.name}`}
                rows={customers.rows}
                rowKey={(c) => c.id}
                empty={<EmptyState title="No customers" />}
                columns={[
                  { header: 'Customer', primary: true, cell: (c) => <span className="cell-title">{c.name}</span> },
                  { header: 'Their id', cell: (c) => <span className="mono">{c.external_id ?? '—'}</span> },
                  { header: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
                  { header: 'Created', cell: (c) => formatDateTime(c.created_at) },
                ]}
              />
            )}
            <LoadMore query={customers} noun="customers" />
          </Card>
        )}
      </div>
    </>
  );
}
