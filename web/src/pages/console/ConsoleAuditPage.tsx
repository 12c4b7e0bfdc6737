/** The tenant's audit trail: every call of its keys and its customers' keys, filtered, infinitely scrolled. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ResellerAuditRecordView } from '../../api/openapi.generated';
import { resellerApi } from '../../api/reseller-api';
import { AuditFilters, NO_CUSTOMER, useAuditFilters, type AuditFilterName, type FilterOption } from '../../components/AuditFilters';
import { DataTable } from '../../components/DataTable';
import { PerMeter } from '../../components/MeterLines';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { PICKER_MATCHES } from '../../components/SearchPicker';
import { EmptyState, ErrorNotice, HttpStatus, Loading, PageHeader } from '../../components/ui';
import { formatDateTime, formatMs, shortId } from '../../lib/format';
import { billingUnitOfSlug, formatQuantity } from '../../lib/billing-units';
import { formatUsd } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNamesById } from '../../lib/use-names-by-id';
import { useCustomerNames } from './useCustomerNames';

export function ConsoleAuditPage() {
  useDocumentTitle('Audit trail');
  const me = useQuery({ queryKey: ['me'], queryFn: resellerApi.me });
  const reseller = me.data?.tenant.kind === 'reseller';
  const names: AuditFilterName[] = reseller
    ? ['customer_id', 'api_key_id', 'slug', 'status', 'from', 'to']
    : ['api_key_id', 'slug', 'status', 'from', 'to'];
  const filters = useAuditFilters(['customer_id', 'api_key_id', 'slug', 'status', 'from', 'to']);
  // The key filter's choices: the newest 500 keys (the keys list has no search by name; an id from
  // elsewhere, e.g. a key's page, is added to them by name below). Customers are searched as one types.
  const keys = useQuery({ queryKey: ['keys', 'choices'], queryFn: () => resellerApi.keys.list({ limit: 500 }) });
  const records = useCursorList(['audit', 'tenant', filters.query], (cursor) =>
    resellerApi.audit({ ...filters.query, limit: PAGE_SIZE, cursor }),
  );
  // The names of the customers and keys of the records on screen (and of the filters' own values),
  // looked up by their ids.
  const chosen = { customer: filters.values.customer_id, key: filters.values.api_key_id };
  const customerIds = [chosen.customer === NO_CUSTOMER ? '' : chosen.customer, ...records.rows.map((r) => r.customer_id)];
  const customerName = useCustomerNames(customerIds, reseller);
  const keyNames = useNamesById({
    scope: ['keys'],
    ids: [chosen.key, ...records.rows.map((r) => r.api_key_id)],
    fetch: (chunk) => resellerApi.keys.list({ ids: chunk, limit: chunk.length }),
    nameOf: (key) => key.name || key.prefix,
  });
  const keyLabel = (key: { name: string; prefix: string }) => `${key.name || 'Unnamed'} (${key.prefix})`;
  // A filter value the choices do not hold (an id from a customer's or a key's page) shows by name.
  const withChosen = (choices: FilterOption[] | undefined, value: string, label: () => string) =>
    choices && value && !choices.some((c) => c.value === value) ? [...choices, { value, label: label() }] : choices;

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
            pickers={{
              customer_id: {
                fixed: [{ value: NO_CUSTOMER, label: 'Your own keys' }],
                queryKey: ['customers', 'search'],
                search: async (q) =>
                  (await resellerApi.customers.list({ q, limit: PICKER_MATCHES })).data.map((c) => ({
                    value: c.id,
                    label: c.name,
                    detail: c.external_id ?? undefined,
                  })),
                labelOf: (value) => (value === NO_CUSTOMER ? 'Your own keys' : customerName(value)),
              },
            }}
            options={{
              api_key_id: withChosen(
                keys.data?.data.map((k) => ({ value: k.id, label: keyLabel(k) })),
                chosen.key,
                () => keyNames.name(chosen.key) ?? shortId(chosen.key),
              ),
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
              // Under each figure, the call's per meter when it has several (input and output tokens, …):
              // one element per cell, so a phone's stacked row keeps them together.
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
              {
                header: 'Billed',
                numeric: true,
                cell: (r) => (
                  <span>
                    <span data-testid="billed">{formatUsd(r.customer_price_usd)}</span>
                    <PerMeter meters={r.meters} unit={billingUnitOfSlug(r.endpoint)} amount={(m) => m.billed_usd} />
                  </span>
                ),
              },
              ...(reseller
                ? [
                    {
                      header: 'You owe',
                      numeric: true,
                      cell: (r: ResellerAuditRecordView) => (
                        <span>
                          {formatUsd(r.resale_usd)}
                          <PerMeter meters={r.meters} unit={billingUnitOfSlug(r.endpoint)} amount={(m) => m.resale_usd} />
                        </span>
                      ),
                    },
                  ]
                : []),
              {
                header: reseller ? 'Caller' : 'Key',
                // One element, so a phone's stacked row shows the caller and its key together.
                cell: (r) => (
                  <span>
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
                        {keyNames.name(r.api_key_id) ?? shortId(r.api_key_id)}
                      </Link>
                    ) : (
                      <span className="cell-sub">no key</span>
                    )}
                  </span>
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
