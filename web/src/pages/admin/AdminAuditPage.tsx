/** The whole audit trail, every tenant's calls, with the operator's amounts (wholesale, resale, customer price). */
import { Link } from 'react-router';
import { adminApi } from '../../api/admin-api';
import type { AuditRecordMeterView, AuditRecordView } from '../../api/openapi.generated';
import { AuditFilters, useAuditFilters } from '../../components/AuditFilters';
import { DataTable } from '../../components/DataTable';
import { PerMeter } from '../../components/MeterLines';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { PICKER_MATCHES } from '../../components/SearchPicker';
import { EmptyState, ErrorNotice, HttpStatus, Loading, PageHeader } from '../../components/ui';
import { formatDateTime, formatMs, shortId } from '../../lib/format';
import { billingUnitOfSlug, formatQuantity } from '../../lib/billing-units';
import { formatUsd } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTenantNames } from './usePlanNames';

const FILTERS = ['tenant_id', 'customer_id', 'api_key_id', 'slug', 'status', 'from', 'to'] as const;

export function AdminAuditPage() {
  useDocumentTitle('Audit trail');
  const filters = useAuditFilters([...FILTERS]);
  const records = useCursorList(['admin', 'audit', filters.query], (cursor) =>
    adminApi.audit({ ...filters.query, limit: PAGE_SIZE, cursor }),
  );
  // The names of the tenants on screen, and of the filter's own (it may not be among the choices).
  const chosenTenant = filters.values.tenant_id;
  const nameOf = useTenantNames([chosenTenant, ...records.rows.map((r) => r.tenant_id)]);
  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Every call on the gateway, newest first, with what it cost you, what the tenant owes and what its caller paid."
      />
      <div className="card card-flush">
        <div className="card-body">
          <AuditFilters
            key={JSON.stringify(filters.values)}
            names={[...FILTERS]}
            values={filters.values}
            onApply={filters.apply}
            pickers={{
              tenant_id: {
                fixed: [],
                queryKey: ['admin', 'tenants', 'search'],
                search: async (q) =>
                  (await adminApi.tenants.list({ q, limit: PICKER_MATCHES })).data.map((t) => ({ value: t.id, label: t.name })),
                labelOf: nameOf,
              },
            }}
          />
        </div>
        {records.isPending ? (
          <Loading label="Loading the audit trail…" />
        ) : records.isError ? (
          <div className="card-body">
            <ErrorNotice error={records.error} onRetry={() => void records.refetch()} />
          </div>
        ) : (
          <DataTable<AuditRecordView>
            caption="Audit records"
            compact
            rows={records.rows}
            rowKey={(r) => r.request_id}
            empty={
              <EmptyState title="No calls match">
                {Object.keys(filters.query).length ? 'Try fewer filters.' : 'No call has been made yet.'}
              </EmptyState>
            }
            columns={[
              // The call and who made it first; the request id rides under the call, and the providers
              // tried under the status, so the table fits a laptop's width without cutting a column off.
              {
                header: 'Call',
                primary: true,
                cell: (r) => (
                  <>
                    <span className="cell-title mono">{r.endpoint ?? '(no endpoint)'}</span>
                    <span className="cell-sub nowrap">
                      {formatDateTime(r.created_at)} ·{' '}
                      <span className="mono" title={`Request id ${r.request_id}`} data-request-id={r.request_id}>
                        {shortId(r.request_id)}
                      </span>
                    </span>
                  </>
                ),
              },
              {
                header: 'Tenant',
                cell: (r) =>
                  r.tenant_id ? <Link to={`/admin/tenants/${r.tenant_id}`}>{nameOf(r.tenant_id)}</Link> : <span className="faint">—</span>,
              },
              {
                header: 'Status',
                cell: (r) => (
                  <>
                    <HttpStatus status={r.status} code={r.error_code} />
                    {r.providers_tried > 1 && <span className="cell-sub nowrap">{r.providers_tried} providers tried</span>}
                  </>
                ),
              },
              { header: 'Latency', numeric: true, cell: (r) => formatMs(r.latency_ms) },
              // Under each figure, the call's per meter when it has several (input and output tokens, …).
              {
                header: 'Usage',
                numeric: true,
                cell: (r) => (
                  <span>
                    <span className="nowrap">{formatQuantity(String(r.quantity), billingUnitOfSlug(r.endpoint))}</span>
                    <PerMeter meters={r.meters} unit={billingUnitOfSlug(r.endpoint)} />
                  </span>
                ),
              },
              ...(
                [
                  ['Caller paid', (r) => r.customer_price_usd, (m) => m.billed_usd],
                  ['Resale', (r) => r.resale_usd, (m) => m.resale_usd],
                  ['Wholesale', (r) => r.wholesale_usd, (m) => m.wholesale_usd],
                ] as Array<[string, (r: AuditRecordView) => string, (m: AuditRecordMeterView) => string]>
              ).map(([header, amount, perMeter]) => ({
                header,
                numeric: true,
                cell: (r: AuditRecordView) => (
                  <span>
                    {formatUsd(amount(r))}
                    <PerMeter meters={r.meters} unit={billingUnitOfSlug(r.endpoint)} amount={perMeter} />
                  </span>
                ),
              })),
            ]}
          />
        )}
        <LoadMore query={records} noun="records" autoLoad />
      </div>
    </>
  );
}
