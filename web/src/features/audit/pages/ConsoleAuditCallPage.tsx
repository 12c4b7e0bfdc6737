/** One call of the tenant's (/console/audit/:id): its request id to copy, who made it, what refused it, its usage and amounts. */
import { Link, useParams } from 'react-router';
import type { ResellerAuditCallView } from '@unified-api-gateway/sdk';
import { shortId } from '../../../lib/format';
import { useIsReseller } from '../../account/queries';
import { CallDetail } from '../components/CallDetail';
import { CallPageFrame } from '../components/CallPageFrame';
import { useAuditCall } from '../queries';

const breadcrumb = { to: '/console/audit', label: 'Audit trail' };

export function ConsoleAuditCallPage() {
  const { id = '' } = useParams();
  const reseller = useIsReseller();
  const call = useAuditCall(id);
  return (
    <CallPageFrame id={id} breadcrumb={breadcrumb} call={call}>
      {(c) => (
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
      )}
    </CallPageFrame>
  );
}
