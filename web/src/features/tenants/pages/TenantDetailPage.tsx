/** One tenant: suspend or resume, plan, kind and account-wide limit, budget, users, keys, statements, customers. */
import { useParams } from 'react-router';
import { ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BudgetCard } from '../../budgets/components/BudgetCard';
import { TenantStatements } from '../../statements/components/TenantStatements';
import { TenantAccountCard } from '../components/TenantAccountCard';
import { ResumeTenantButton, SuspendTenantButton } from '../components/TenantActions';
import { TenantCustomersCard, TenantKeysCard } from '../components/TenantLists';
import { TenantUsersCard } from '../components/TenantUsersCard';
import { tenantBudget, useTenant, useTenantCustomers } from '../queries';

export function TenantDetailPage() {
  const { id = '' } = useParams();
  const tenant = useTenant(id);
  useDocumentTitle(tenant.data ? tenant.data.name : 'Tenant');
  const reseller = tenant.data?.kind === 'reseller';
  const customers = useTenantCustomers(id, reseller);

  if (tenant.isPending) return <Loading page />;
  if (tenant.isError) return <ErrorNotice error={tenant.error} onRetry={() => void tenant.refetch()} title="Could not load this tenant." />;
  const current = tenant.data;

  return (
    <ActionErrorScope>
      <PageHeader
        breadcrumb={{ to: '/admin/tenants', label: 'Tenants' }}
        title={current.name}
        description={`${reseller ? 'Reseller' : 'Direct'} tenant, created ${formatDateTime(current.created_at)}.`}
        actions={current.status === 'active' ? <SuspendTenantButton tenant={current} /> : <ResumeTenantButton tenant={current} />}
      />
      <div className="stack">
        <ActionError />
        <div className="grid-2">
          <TenantAccountCard tenant={current} />
          <BudgetCard
            source={tenantBudget(id)}
            subject="this tenant"
            description="The operator's spend cap on what this tenant owes, every key of it and of its customers together."
          />
        </div>
        <TenantUsersCard tenant={current} />
        <TenantKeysCard tenant={current} customers={customers.rows} />
        <TenantStatements tenantId={current.id} tenantName={current.name} customers={reseller ? customers.rows : []} />
        {reseller && <TenantCustomersCard tenant={current} customers={customers} />}
      </div>
    </ActionErrorScope>
  );
}
