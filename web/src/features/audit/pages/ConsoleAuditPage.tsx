/** The tenant's audit trail: every call of its keys and its customers' keys, filtered, infinitely scrolled. */
import type { ResellerAuditRecordView } from '@unified-api-gateway/sdk';
import { DownloadCsv } from '../../../components/DownloadCsv';
import { PICKER_MATCHES } from '../../../components/SearchPicker';
import { shortId } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsReseller } from '../../account/queries';
import { customerKeys, searchCustomers, useCustomerNames } from '../../customers/queries';
import { useKeyChoices, useKeyNames } from '../../keys/queries';
import { amountColumn, callColumn, latencyColumn, statusColumn, usageColumn, usdDifference } from '../components/audit-columns';
import { AuditTrail } from '../components/AuditTrail';
import { CallerCell } from '../components/CallerCell';
import { auditCsvUrl, useAuditTrail } from '../queries';
import { NO_CUSTOMER, useAuditFilters, type AuditFilterName, type FilterOption } from '../use-audit-filters';

type Row = ResellerAuditRecordView;
const FILTERS: AuditFilterName[] = ['request_id', 'customer_id', 'api_key_id', 'slug', 'status', 'from', 'to'];

export function ConsoleAuditPage() {
  useDocumentTitle('Audit trail');
  const reseller = useIsReseller();
  const filters = useAuditFilters(FILTERS);
  // The key filter's choices: the newest 500 keys (the keys list has no search by name; an id from
  // elsewhere, e.g. a key's page, is added to them by name below). Customers are searched as one types.
  const keys = useKeyChoices();
  const records = useAuditTrail(filters.query);
  // The names of the customers and keys of the records on screen (and of the filters' own values), looked up by their ids.
  const chosen = { customer: filters.values.customer_id, key: filters.values.api_key_id };
  const customerName = useCustomerNames(
    [chosen.customer === NO_CUSTOMER ? '' : chosen.customer, ...records.rows.map((r) => r.customer_id)],
    reseller,
  );
  const keyNames = useKeyNames([chosen.key, ...records.rows.map((r) => r.api_key_id)]);
  const keyChoices: FilterOption[] | undefined = keys.data?.data.map((k) => ({
    value: k.id,
    label: `${k.name || 'Unnamed'} (${k.prefix})`,
  }));
  // A filter value the choices do not hold (an id from a customer's or a key's page) shows by name.
  const withChosen =
    keyChoices && chosen.key && !keyChoices.some((c) => c.value === chosen.key)
      ? [...keyChoices, { value: chosen.key, label: keyNames.name(chosen.key) ?? shortId(chosen.key) }]
      : keyChoices;

  return (
    <AuditTrail<Row>
      description="Every call, newest first: its status, latency, usage, what the caller was billed and what you owe. Records appear a second or so after the answer."
      filters={filters}
      names={reseller ? FILTERS : FILTERS.filter((name) => name !== 'customer_id')}
      pickers={{
        customer_id: {
          fixed: [{ value: NO_CUSTOMER, label: 'Your own keys' }],
          queryKey: customerKeys.search(),
          search: (q) => searchCustomers(q, PICKER_MATCHES),
          labelOf: (value) => (value === NO_CUSTOMER ? 'Your own keys' : customerName(value)),
        },
      }}
      options={{ api_key_id: withChosen }}
      records={records}
      none="Calls with your keys show up here a second or so after they are answered."
      actions={<DownloadCsv href={auditCsvUrl(filters.query)} what="the calls shown" />}
      columns={[
        callColumn<Row>(false, (r) => `/console/audit/${r.request_id}`),
        statusColumn<Row>(),
        latencyColumn<Row>(),
        usageColumn<Row>(),
        amountColumn<Row>(
          'Billed',
          (r) => r.customer_price_usd,
          (m) => m.billed_usd,
          'billed',
        ),
        ...(reseller
          ? [
              amountColumn<Row>(
                'You owe',
                (r) => r.resale_usd,
                (m) => m.resale_usd,
              ),
              amountColumn<Row>(
                'Margin',
                (r) => r.reseller_margin_usd,
                (m) => usdDifference(m.billed_usd, m.resale_usd),
                'margin',
              ),
            ]
          : []),
        {
          header: reseller ? 'Caller' : 'Key',
          cell: (r) => <CallerCell record={r} reseller={reseller} customerName={customerName} keyName={keyNames.name} />,
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
  );
}
