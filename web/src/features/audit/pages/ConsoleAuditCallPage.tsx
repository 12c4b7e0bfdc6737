/** One call of the tenant's (/console/audit/:id): its request id to copy, who made it, what refused it, its usage and amounts. */
import { Link, useParams } from 'react-router';
import type { ResellerAuditCallView } from '@unified-api-gateway/sdk';
import { ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { shortId } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsReseller } from '../../account/queries';
import { CallDetail } from '../components/CallDetail';
import { useAuditCall } from '../queries';

const breadcrumb = { to: '/console/audit', label: 'Audit trail' };

export function ConsoleAuditCallPage() {
  const { id = '' } = useParams();
  useDocumentTitle(`Call ${shortId(id)}`);
  const reseller = useIsReseller();
  const call = useAuditCall(id);
  if (call.isPending) return <Loading page label="Loading the call…" />;
  if (call.isError) {
    return (
      <>
        <PageHeader breadcrumb={breadcrumb} title={`Call ${shortId(id)}`} />
        <ErrorNotice error={call.error} onRetry={() => void call.refetch()} title="Could not load this call." />
      </>
    );
  }
  const c: ResellerAuditCallView = call.data;
  return (
    <>
      <PageHeader
        breadcrumb={breadcrumb}
        title={`Call of ${c.endpoint ?? 'no endpoint'}`}
        description="Everything the audit trail holds of this call."
      />
      <CallDetail
        call={c}
        who={[
          reseller && [
            'Customer',
            c.customer ? (
              <Link to={`/console/customers/${c.customer.id}`}>{c.customer.name ?? shortId(c.customer.id)}</Link>
            ) : (
              'Your own key'
            ),
          ],
          [
            'Key',
            c.key ? (
              <Link to={`/console/keys/${c.key.id}`}>
                {c.key.name || 'Unnamed'} <span className="mono faint">{c.key.prefix}</span>
              </Link>
            ) : (
              'No valid key'
            ),
          ],
        ]}
        amounts={[
          ['Billed', c.customer_price_usd],
          ...(reseller
            ? ([
                ['You owe', c.resale_usd],
                ['Margin', c.reseller_margin_usd],
              ] as Array<[string, string]>)
            : []),
        ]}
        meterMoney={[
          { header: 'Billed', amount: (m) => m.billed_usd },
          ...(reseller ? [{ header: 'You owe', amount: (m: ResellerAuditCallView['meters'][number]) => m.resale_usd }] : []),
        ]}
      />
    </>
  );
}
