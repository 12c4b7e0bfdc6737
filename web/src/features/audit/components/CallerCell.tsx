/** Who made a call in the console's audit trail: the customer (a reseller's) and the key, one element so a phone's stacked row keeps them together. */
import { Link } from 'react-router';
import type { ResellerAuditRecordView } from '@unified-api-gateway/sdk';
import { shortId } from '../../../lib/format';

export function CallerCell({
  record: r,
  reseller,
  customerName,
  keyName,
}: {
  record: ResellerAuditRecordView;
  reseller: boolean;
  customerName: (id: string) => string;
  keyName: (id: string) => string | undefined;
}) {
  return (
    <span className="caller">
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
          {keyName(r.api_key_id) ?? shortId(r.api_key_id)}
        </Link>
      ) : (
        <span className="cell-sub">no key</span>
      )}
    </span>
  );
}
