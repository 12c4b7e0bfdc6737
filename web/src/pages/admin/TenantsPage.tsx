/** Every tenant: status, kind, plan; create one; open one to suspend, resume or change it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { adminApi } from '../../api/admin-api';
import type { TenantView } from '../../api/openapi.generated';
import { DataTable } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { useToast } from '../../components/Toasts';
import {
  Badge,
  EmptyState,
  ErrorNotice,
  FormActions,
  FormError,
  Loading,
  PageHeader,
  SelectField,
  StatusBadge,
  TextField,
} from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAllPlans } from './usePlanNames';

export function TenantsPage() {
  useDocumentTitle('Tenants');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const tenants = useCursorList(['admin', 'tenants', 'list'], (cursor) => adminApi.tenants.list({ limit: PAGE_SIZE, cursor }));
  const plans = useAllPlans();
  const planName = new Map(plans.data?.data.map((p) => [p.id, p.name]) ?? []);
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState({ name: '', kind: 'direct', planId: '' });
  const create = useMutation({
    mutationFn: () =>
      adminApi.tenants.create({ name: form.name.trim(), kind: form.kind as 'direct' | 'reseller', plan_id: form.planId || undefined }),
    onSuccess: (tenant) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'tenants'] });
      toast(`Tenant ${tenant.name} created`);
      void navigate(`/admin/tenants/${tenant.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <>
      <PageHeader
        title="Tenants"
        description="Every account on the gateway, newest first. A suspended tenant's keys and users are refused at once."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            New tenant
          </button>
        }
      />
      <div className="card card-flush">
        {tenants.isPending ? (
          <Loading />
        ) : tenants.isError ? (
          <div className="card-body">
            <ErrorNotice error={tenants.error} onRetry={() => void tenants.refetch()} />
          </div>
        ) : (
          <DataTable<TenantView>
            caption="Tenants"
            rows={tenants.rows}
            rowKey={(t) => t.id}
            empty={<EmptyState title="No tenants yet">Tenants appear here when people sign up, or when you create one.</EmptyState>}
            columns={[
              {
                header: 'Tenant',
                primary: true,
                cell: (t) => (
                  <Link className="cell-title" to={`/admin/tenants/${t.id}`}>
                    {t.name}
                  </Link>
                ),
              },
              { header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
              { header: 'Kind', cell: (t) => <Badge tone={t.kind === 'reseller' ? 'info' : 'neutral'}>{t.kind}</Badge> },
              { header: 'Plan', cell: (t) => (t.plan_id ? (planName.get(t.plan_id) ?? '…') : <span className="faint">None</span>) },
              { header: 'Created', cell: (t) => formatDateTime(t.created_at) },
              {
                header: 'Actions',
                actions: true,
                cell: (t) => (
                  <Link className="btn btn-sm" to={`/admin/tenants/${t.id}`} aria-label={`Manage ${t.name}`}>
                    Manage
                  </Link>
                ),
              },
            ]}
          />
        )}
        <LoadMore query={tenants} noun="tenants" />
      </div>
      <Modal open={creating} title="New tenant" onClose={() => setCreating(false)}>
        <form className="form" onSubmit={submit}>
          <TextField label="Name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} autoFocus />
          <SelectField
            label="Kind"
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value })}
            options={[
              { value: 'direct', label: 'Direct: calls for itself' },
              { value: 'reseller', label: 'Reseller: resells to customers of its own' },
            ]}
          />
          <SelectField
            label="Plan"
            value={form.planId}
            onChange={(e) => setForm({ ...form, planId: e.target.value })}
            options={[{ value: '', label: 'No plan' }, ...(plans.data?.data.map((p) => ({ value: p.id, label: p.name })) ?? [])]}
          />
          <FormError error={create.error} />
          <FormActions submitLabel="Create tenant" disabled={create.isPending || !form.name.trim()} onCancel={() => setCreating(false)} />
        </form>
      </Modal>
    </>
  );
}
