/** Any tenant's call (/admin/audit/:id): its request id to copy, tenant, caller, refusal, upstream, usage and every amount. */
import { Link, useParams } from 'react-router';
import type { AuditCallView } from '@unified-api-gateway/sdk';
import { shortId } from '../../../lib/format';
import { CallDetail } from '../components/CallDetail';
import { CallPageFrame } from '../components/CallPageFrame';
import { useOperatorAuditCall } from '../operator-queries';

const breadcrumb = { to: '/admin/audit', label: 'Audit trail' };

export function AdminAuditCallPage() {
  const { id = '' } = useParams();
  const call = useOperatorAuditCall(id);
  return (
    <CallPageFrame id={id} breadcrumb={breadcrumb} call={call}>
      {(c) => (
        <CallDetail
          call={c}
          who={[
            ['Tenant', c.tenant ? <Link to={`/admin/tenants/${c.tenant.id}`}>{c.tenant.name ?? shortId(c.tenant.id)}</Link> : 'None'],
            ['Customer', c.customer ? `${c.customer.name ?? shortId(c.customer.id)}` : "The tenant's own key"],
            ['Key', c.key ? `${c.key.name || 'Unnamed'} (${c.key.prefix ?? shortId(c.key.id)})` : 'No valid key'],
          ]}
          extra={[
            ['Upstream', upstreamOf(c)],
            ['Providers tried', `${c.providers_tried}${c.providers_tried > 1 ? ' (fell back)' : ''}`],
          ]}
          amounts={[
            ['Caller paid', c.customer_price_usd],
            ['Resale (tenant owes)', c.resale_usd],
            ['Wholesale (upstream cost)', c.wholesale_usd],
            ['Your margin', c.operator_margin_usd],
            ["Tenant's margin", c.reseller_margin_usd],
          ]}
          meterMoney={[
            { header: 'Caller paid', amount: (m) => m.billed_usd },
            { header: 'Resale', amount: (m) => m.resale_usd },
            { header: 'Wholesale', amount: (m) => m.wholesale_usd },
          ]}
        />
      )}
    </CallPageFrame>
  );
}

function upstreamOf(c: AuditCallView): string {
  return c.upstream ? `${c.upstream.name ?? shortId(c.upstream.id)}${c.upstream.kind ? ` (${c.upstream.kind})` : ''}` : 'None';
}
