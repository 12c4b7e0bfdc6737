/** The whole audit trail, every tenant's calls, with the operator's amounts (wholesale, resale, customer price). */
import { Link } from 'react-router';
import type { AuditRecordView } from '@unified-api-gateway/sdk';
import { DownloadCsv } from '../../../components/DownloadCsv';
import { PICKER_MATCHES } from '../../../components/SearchPicker';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { searchTenants, tenantKeys, useTenantNames } from '../../tenants/queries';
import { amountColumn, callColumn, statusColumn, usageColumn, usdDifference } from '../components/audit-columns';
import { AuditTrail } from '../components/AuditTrail';
import { operatorAuditCsvUrl, useOperatorAuditTrail } from '../operator-queries';
import { useAuditFilters } from '../use-audit-filters';

const FILTERS = ['request_id', 'tenant_id', 'customer_id', 'api_key_id', 'slug', 'status', 'from', 'to'] as const;
type Row = AuditRecordView;

export function AdminAuditPage() {
  useDocumentTitle('Audit trail');
  const filters = useAuditFilters([...FILTERS]);
  const records = useOperatorAuditTrail(filters.query);
  // The names of the tenants on screen, and of the filter's own (it may not be among the choices).
  const nameOf = useTenantNames([filters.values.tenant_id, ...records.rows.map((r) => r.tenant_id)]);
  return (
    <AuditTrail<Row>
      description="Every call on the gateway, newest first, with what it cost you, what the tenant owes and what its caller paid."
      filters={filters}
      names={[...FILTERS]}
      pickers={{
        tenant_id: { fixed: [], queryKey: tenantKeys.search(), search: (q) => searchTenants(q, PICKER_MATCHES), labelOf: nameOf },
      }}
      records={records}
      none="No call has been made yet."
      actions={<DownloadCsv href={operatorAuditCsvUrl(filters.query)} what="the calls shown" />}
      columns={[
        // The call and who made it first; the request id rides under the call, and the providers
        // tried under the status, so the table fits a laptop's width without cutting a column off.
        callColumn<Row>(true, (r) => `/admin/audit/${r.request_id}`),
        {
          header: 'Tenant',
          cell: (r) =>
            r.tenant_id ? <Link to={`/admin/tenants/${r.tenant_id}`}>{nameOf(r.tenant_id)}</Link> : <span className="faint">—</span>,
        },
        statusColumn<Row>(true),
        usageColumn<Row>(),
        amountColumn<Row>(
          'Caller paid',
          (r) => r.customer_price_usd,
          (m) => m.billed_usd,
        ),
        amountColumn<Row>(
          'Resale',
          (r) => r.resale_usd,
          (m) => m.resale_usd,
        ),
        amountColumn<Row>(
          'Wholesale',
          (r) => r.wholesale_usd,
          (m) => m.wholesale_usd,
        ),
        amountColumn<Row>(
          'Your margin',
          (r) => r.operator_margin_usd,
          (m) => usdDifference(m.resale_usd, m.wholesale_usd),
          'operator-margin',
        ),
      ]}
    />
  );
}
