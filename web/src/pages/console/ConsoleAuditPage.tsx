/** The tenant's audit trail: every call of its keys and its customers' keys, filtered, infinitely scrolled. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ResellerAuditRecordView } from '../../api/openapi.generated';
import { resellerApi } from '../../api/reseller-api';
import { AuditFilters, useAuditFilters, type AuditFilterName } from '../../components/AuditFilters';
import { DataTable } from '../../components/DataTable';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { EmptyState, ErrorNotice, HttpStatus, Loading, PageHeader } from '../../components/ui';
import { formatCount, formatDateTime, formatMs, shortId } from '../../lib/format';
import { formatUsd } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCustomerNames } from './useCustomerNames';

export function ConsoleAuditPage() {
  useDocumentTitle('Audit trail');
  const me = useQuery({ queryKey: ['me'], queryFn: resellerApi.me });
  const reseller = me.data?.tenant.kind === 'reseller';
  const names: AuditFilterName[] = reseller
    ? ['customer_id', 'api_key_id', 'slug', 'status', 'from', 'to']
    : ['api_key_id', 'slug', 'status', 'from', 'to'];
  const filters = useAuditFilters(['customer_id', 'api_key_id', 'slug', 'status', 'from', 'to']);
  const customers = useQuery({
    queryKey: ['customers', 'names'],
    queryFn: () => resellerApi.customers.list({ limit: 500 }),
    enabled: reseller,
  });
  const keys = useQuery({ queryKey: ['keys', 'names'], queryFn: () => resellerApi.keys.list({ limit: 500 }) });
  const customerName = useCustomerNames(reseller);
  const keyNames = new Map(keys.data?.data.map((k) => [k.id, k.name || k.prefix]) ?? []);
  const records = useCursorList(['audit', 'tenant', filters.query], (cursor) =>
    resellerApi.audit({ ...filters.query, limit: PAGE_SIZE, cursor }),
  );

  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Every call, newest first: its status, latency, usage, what the caller was billed and what you owe. Records appear a second or so after the answer."
      />
      <div className="card card-flush">
        <div className="card-body">
          <AuditFilters
            key={JSON.stringify(filters.values)}
            names={names}
            values={filters.values}
            onApply={filters.apply}
            options={{
              customer_id: customers.data?.data.map((c) => ({ value: c.id, label: c.name })),
              api_key_id: keys.data?.data.map((k) => ({ value: k.id, label: `${k.name || 'Unnamed'} (${k.prefix})` })),
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
          <DataTable<ResellerAuditRecordView>
            caption="Audit records"
            compact
            rows={records.rows}
            rowKey={(r) => r.request_id}
            empty={
              <EmptyState title="No calls match">
                {Object.keys(filters.query).length
                  ? 'Try fewer filters.'
                  : 'Calls with your keys show up here a second or so after they are answered.'}
              </EmptyState>
            }
            columns={[
              {
                header: 'Call',
                primary: true,
                cell: (r) => (
                  <>
                    <span className="cell-title mono">{r.endpoint ?? '(no endpoint)'}</span>
                    <span className="cell-sub nowrap">{formatDateTime(r.created_at)}</span>
                  </>
                ),
              },
              { header: 'Status', cell: (r) => <HttpStatus status={r.status} code={r.error_code} /> },
              { header: 'Latency', numeric: true, cell: (r) => formatMs(r.latency_ms) },
              { header: 'Usage', numeric: true, cell: (r) => formatCount(r.quantity) },
              { header: 'Billed', numeric: true, cell: (r) => <span data-testid="billed">{formatUsd(r.billed_usd)}</span> },
              ...(reseller ? [{ header: 'You owe', numeric: true, cell: (r: ResellerAuditRecordView) => formatUsd(r.cost_usd) }] : []),
              {
                header: reseller ? 'Caller' : 'Key',
                cell: (r) => (
                  <>
                    {reseller &&
                      (r.customer_id ? (
                        <Link className="nowrap" to={`/console/customers/${r.customer_id}`}>
                          {customerName(r.customer_id)}
                        </Link>
                      ) : (
                        <span className="faint">You</span>
                      ))}
                    {r.api_key_id ? (
                      <Link className={reseller ? 'cell-sub nowrap' : 'nowrap'} to={`/console/keys/${r.api_key_id}`}>
                        {keyNames.get(r.api_key_id) ?? shortId(r.api_key_id)}
                      </Link>
                    ) : (
                      <span className="cell-sub">no key</span>
                    )}
                  </>
                ),
              },
              {
                header: 'Request id',
                cell: (r) => (
                  <span className="mono faint" title={r.request_id} data-testid="request-id" data-request-id={r.request_id}>
                    {shortId(r.request_id)}
                  </span>
                ),
              },
            ]}
          />
        )}
        <LoadMore query={records} noun="records" autoLoad />
      </div>
    </>
  );
}
