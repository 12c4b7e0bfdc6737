/** Any tenant's key, for the operator: what it is, every limit and budget of its calls (the binding one marked), its usage. */
import { Link, useParams } from 'react-router';
import { Card, Details, ErrorNotice, Loading, PageHeader, StatusBadge } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EffectiveLimitsCard } from '../../limits/components/EffectiveLimitsCard';
import { KeyUsageCard } from '../../limits/components/KeyUsageCard';
import { adminKeyEffectiveLimits, useAdminKey } from '../admin-queries';
import { keyState } from '../key-state';

export function AdminKeyPage() {
  const { id = '' } = useParams();
  const key = useAdminKey(id);
  useDocumentTitle(key.data ? `Key ${key.data.name || key.data.prefix}` : 'Key');

  if (key.isPending) return <Loading page />;
  if (key.isError) return <ErrorNotice error={key.error} onRetry={() => void key.refetch()} title="Could not load this key." />;
  const current = key.data;
  const source = adminKeyEffectiveLimits(id);
  return (
    <>
      <PageHeader
        breadcrumb={{ to: `/admin/tenants/${current.tenant_id}`, label: 'Tenant' }}
        title={current.name || current.prefix}
        description={current.customer_id ? "A key of one of the tenant's customers." : "A key of the tenant's own."}
      />
      <div className="stack">
        <Card title="Key">
          <Details
            items={[
              ['Status', <StatusBadge status={keyState(current)} />],
              ['Prefix', `${current.prefix}…`, 'mono'],
              ['Tenant', <Link to={`/admin/tenants/${current.tenant_id}`}>Open the tenant</Link>],
              ['Created', formatDateTime(current.created_at)],
              ['Expires', current.expires_at ? formatDateTime(current.expires_at) : 'Never'],
              ['Calls', <Link to={`/admin/audit?api_key_id=${current.id}`}>See this key&apos;s calls in the audit trail</Link>],
            ]}
          />
        </Card>
        <EffectiveLimitsCard source={source} />
        <KeyUsageCard source={source} billed={current.customer_id ? 'customer_price_usd' : 'resale_usd'} />
      </div>
    </>
  );
}
