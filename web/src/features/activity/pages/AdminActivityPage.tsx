/** The whole activity log: every tenant's price, limit, budget and account changes, and the operator's own (catalog, plans). */
import { Link } from 'react-router';
import { PICKER_MATCHES } from '../../../components/SearchPicker';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAllPlans } from '../../plans/queries';
import { searchTenants, tenantKeys, useTenantNames } from '../../tenants/queries';
import { ActivityLog } from '../components/ActivityLog';
import { useAdminActivity } from '../operator-queries';
import { ACTIVITY_FILTERS, useActivityFilters } from '../use-activity-filters';
import { shortId } from '../../../lib/format';

export function AdminActivityPage() {
  useDocumentTitle('Activity');
  const filters = useActivityFilters(ACTIVITY_FILTERS);
  const entries = useAdminActivity(filters.query);
  // The tenants named by the entries on screen (and the filter's own), looked up by id.
  const tenantName = useTenantNames([
    filters.values.tenant_id,
    ...entries.rows.flatMap((e) => [e.tenant_id, e.entity_type === 'tenant' ? e.entity_id : null]),
  ]);
  const plans = useAllPlans();
  const planName = (id: string) => plans.data?.data.find((p) => p.id === id)?.name ?? shortId(id);
  return (
    <ActivityLog
      description="Every change of a price, limit, budget, plan or tenant, by whom, newest first: yours, other operators' and the tenants' own."
      filters={filters}
      names={ACTIVITY_FILTERS}
      entries={entries}
      namers={{ tenant: tenantName, customer: shortId, plan: planName, own: false }}
      tenantPicker={{ fixed: [], queryKey: tenantKeys.search(), search: (q) => searchTenants(q, PICKER_MATCHES), labelOf: tenantName }}
      tenantCell={(e) =>
        e.tenant_id ? <Link to={`/admin/tenants/${e.tenant_id}`}>{tenantName(e.tenant_id)}</Link> : <span className="faint">—</span>
      }
    />
  );
}
