/** A tenant's account: status, kind, plan and account-wide limit, and the form that changes them. */
import { Link } from 'react-router';
import type { TenantView } from '@unified-api-gateway/sdk';
import { DetailCard, useInlineEdit } from '../../../components/DetailCard';
import { EditForm } from '../../../components/EditForm';
import { SelectField, StatusBadge, TextField } from '../../../components/ui';
import { planOptions, useAllPlans } from '../../plans/queries';
import { useUpdateTenant } from '../queries';
import { useLimitText } from '../../limits/limit-text';

interface Draft {
  name: string;
  kind: string;
  planId: string;
  limit: string;
}

const KINDS = [
  { value: 'direct', label: 'Direct' },
  { value: 'reseller', label: 'Reseller' },
];

export function TenantAccountCard({ tenant }: { tenant: TenantView }) {
  const plans = useAllPlans();
  const edit = useInlineEdit<Draft>();
  const update = useUpdateTenant(tenant.id);
  const limitText = useLimitText();
  const planName = plans.data?.data.find((p) => p.id === tenant.plan_id)?.name;
  const start = () => {
    const limit = tenant.rate_limit_per_window ? String(tenant.rate_limit_per_window) : '';
    update.reset();
    edit.start({ name: tenant.name, kind: tenant.kind, planId: tenant.plan_id ?? '', limit });
  };
  const save = () => {
    const { name, kind, planId, limit } = edit.draft!;
    const body = {
      name: name.trim(),
      kind: kind as 'direct' | 'reseller',
      plan_id: planId || null,
      rate_limit_per_window: limit ? Number(limit) : null,
    };
    update.mutate(body, { onSuccess: edit.stop });
  };
  const draft = edit.draft;
  return (
    <DetailCard
      title="Account"
      onEdit={start}
      form={
        draft && (
          <EditForm onSubmit={save} disabled={update.isPending} error={update.error} onCancel={edit.stop}>
            <TextField label="Name" required value={draft.name} onChange={(e) => edit.set({ name: e.target.value })} />
            <SelectField label="Kind" value={draft.kind} onChange={(e) => edit.set({ kind: e.target.value })} options={KINDS} />
            <SelectField
              label="Plan"
              value={draft.planId}
              onChange={(e) => edit.set({ planId: e.target.value })}
              options={planOptions(plans.data?.data)}
            />
            <TextField
              label="Account-wide limit"
              inputMode="numeric"
              value={draft.limit}
              onChange={(e) => edit.set({ limit: e.target.value.replace(/\D/g, '') })}
              hint="Requests per window across all its keys. Empty: none (the plan's ceiling still applies)."
            />
          </EditForm>
        )
      }
      items={[
        ['Status', <StatusBadge status={tenant.status} />],
        ['Kind', tenant.kind],
        ['Plan', tenant.plan_id ? (planName ?? '…') : 'None'],
        ['Account-wide limit', tenant.rate_limit_per_window ? limitText(tenant.rate_limit_per_window) : 'None'],
        ['Calls', <Link to={`/admin/audit?tenant_id=${tenant.id}`}>See its calls in the audit trail</Link>],
      ]}
    />
  );
}
