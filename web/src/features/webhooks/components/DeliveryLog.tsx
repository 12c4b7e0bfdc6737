/** Every event sent to the endpoints, with its attempts, filtered by endpoint, event and state (in the address bar). */
import { useState } from 'react';
import type { WebhookDeliveryView, WebhookEndpointView } from '@unified-api-gateway/sdk';
import { ResourceList } from '../../../components/ResourceList';
import { EmptyState, SelectField, StatusBadge } from '../../../components/ui';
import { useUrlFilters } from '../../../components/use-url-filters';
import { formatDateTime, shortId } from '../../../lib/format';
import { WEBHOOK_EVENTS } from '../events';
import { useDeliveries, type DeliveryFilters } from '../queries';
import { DeliveryDialog } from './DeliveryDialog';

const ALL = { value: '', label: 'All' };
const STATES = [
  ALL,
  { value: 'pending', label: 'Pending' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
];

export function DeliveryLog({ endpoints, writable }: { endpoints: WebhookEndpointView[]; writable: boolean }) {
  const url = useUrlFilters();
  const filters = {
    endpoint_id: url.get('endpoint'),
    event: url.get('event'),
    state: url.get('state'),
  } as DeliveryFilters;
  const deliveries = useDeliveries(filters);
  const [openId, setOpenId] = useState<string | null>(null);
  const urlOf = new Map(endpoints.map((e) => [e.id, e.url]));
  const filter = (label: string, name: string, value: string, options: Array<{ value: string; label: string }>) => (
    <SelectField label={label} value={value} onChange={(e) => url.set(name, e.target.value)} options={[...options]} />
  );

  return (
    <>
      <ResourceList<WebhookDeliveryView>
        title="Delivery log"
        description="Every event sent to your endpoints, with its attempts. Kept 30 days."
        filters={
          <div className="filters">
            {filter('Endpoint', 'endpoint', filters.endpoint_id, [ALL, ...endpoints.map((e) => ({ value: e.id, label: e.url }))])}
            {filter('Event', 'event', filters.event, [
              ALL,
              ...[...WEBHOOK_EVENTS.map((e) => e.value), 'test' as const].map((value) => ({ value, label: value })),
            ])}
            {filter('State', 'state', filters.state, STATES)}
          </div>
        }
        list={deliveries}
        noun="deliveries"
        caption="Webhook deliveries"
        rowKey={(d) => d.id}
        empty={<EmptyState title="No deliveries">Events show up here when they happen.</EmptyState>}
        columns={[
          {
            header: 'Event',
            primary: true,
            cell: (d) => (
              <>
                <span className="cell-title mono">{d.event}</span>
                <span className="cell-sub">{formatDateTime(d.created_at)}</span>
              </>
            ),
          },
          { header: 'Endpoint', cell: (d) => <span className="mono">{urlOf.get(d.endpoint_id) ?? shortId(d.endpoint_id)}</span> },
          { header: 'State', cell: (d) => <StatusBadge status={d.state} /> },
          { header: 'Attempts', numeric: true, cell: (d) => d.attempt_count },
          { header: 'Last answer', cell: (d) => (d.last_status ? `HTTP ${d.last_status}` : (d.last_error ?? '—')) },
          {
            header: 'Actions',
            actions: true,
            cell: (d) => (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => setOpenId(d.id)}
                aria-label={`Details of delivery ${shortId(d.id)}`}
              >
                Details
              </button>
            ),
          },
        ]}
      />
      <DeliveryDialog id={openId} onClose={() => setOpenId(null)} writable={writable} />
    </>
  );
}
