/** Every tenant: status, kind, plan; create one; open one to suspend, resume or change it. */
import { useState } from 'react';
import { Link } from 'react-router';
import type { TenantView } from '@unified-api-gateway/sdk';
import { ResourceList } from '../../../components/ResourceList';
import { UrlSearchBox } from '../../../components/UrlSearchBox';
import { useUrlFilters } from '../../../components/use-url-filters';
import { Badge, EmptyState, PageHeader, StatusBadge } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAllPlans } from '../../plans/queries';
import { CreateTenantDialog } from '../components/CreateTenantDialog';
import { useTenants } from '../queries';

export function TenantsPage() {
  useDocumentTitle('Tenants');
  const search = useUrlFilters().get('q');
  const tenants = useTenants(search);
  const plans = useAllPlans();
  const planName = new Map(plans.data?.data.map((p) => [p.id, p.name]) ?? []);
  const [creating, setCreating] = useState(false);

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
      <ResourceList<TenantView>
        filters={
          <div className="card-body filters">
            <UrlSearchBox placeholder="Tenant name" />
          </div>
        }
        list={tenants}
        noun="tenants"
        caption="Tenants"
        rowKey={(t) => t.id}
        empty={
          search ? (
            <EmptyState title={`No tenant matches “${search}”`}>Names are matched from their start, ignoring case.</EmptyState>
          ) : (
            <EmptyState title="No tenants yet">Tenants appear here when people sign up, or when you create one.</EmptyState>
          )
        }
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
      <CreateTenantDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
