/** A tenant's status actions: suspend (asks first) and resume; and revoking one of its keys (asks first). */
import type { ApiKeyView, TenantView } from '@unified-api-gateway/sdk';
import { ActionButton } from '../../../components/ActionButton';
import { useRevokeTenantKey, useUpdateTenant } from '../queries';

export function SuspendTenantButton({ tenant }: { tenant: TenantView }) {
  return (
    <ActionButton
      action={useUpdateTenant(tenant.id)}
      variables={{ status: 'suspended' }}
      className="btn btn-danger-outline"
      confirm={{
        title: `Suspend ${tenant.name}?`,
        body: 'Every key of the tenant and of its customers is refused at once (403 tenant_suspended), on every gateway process, until you resume it.',
        confirmLabel: 'Suspend tenant',
      }}
    >
      Suspend
    </ActionButton>
  );
}

export function ResumeTenantButton({ tenant }: { tenant: TenantView }) {
  return (
    <ActionButton action={useUpdateTenant(tenant.id)} variables={{ status: 'active' }} className="btn btn-primary">
      Resume
    </ActionButton>
  );
}

export function RevokeTenantKeyButton({ tenantId, apiKey }: { tenantId: string; apiKey: ApiKeyView }) {
  const label = apiKey.name || apiKey.prefix;
  return (
    <ActionButton
      action={useRevokeTenantKey(tenantId)}
      variables={apiKey.id}
      className="btn btn-sm btn-danger-outline"
      label={`Revoke ${label}`}
      confirm={{
        title: `Revoke ${label}?`,
        body: 'Every gateway process refuses it at once. This cannot be undone.',
        confirmLabel: 'Revoke key',
      }}
    >
      Revoke
    </ActionButton>
  );
}
