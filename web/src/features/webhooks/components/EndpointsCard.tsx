/** The webhook endpoints: URL, events, state, and (for who may change them) their actions. */
import type { WebhookEndpointView } from '@unified-api-gateway/sdk';
import type { CursorList } from '../../../components/Paging';
import { ResourceList } from '../../../components/ResourceList';
import type { OneTimeSecret } from '../../../components/SecretOnce';
import { Badge, EmptyState, StatusBadge } from '../../../components/ui';
import { EndpointActions } from './EndpointActions';

export function EndpointsCard({
  endpoints,
  writable,
  onSecret,
}: {
  endpoints: CursorList<WebhookEndpointView>;
  writable: boolean;
  onSecret: (secret: OneTimeSecret) => void;
}) {
  return (
    <ResourceList<WebhookEndpointView>
      title="Endpoints"
      list={endpoints}
      noun="endpoints"
      caption="Webhook endpoints"
      rowKey={(e) => e.id}
      empty={<EmptyState title="No endpoints">Add an HTTPS endpoint to hear about budgets, keys, customers and statements.</EmptyState>}
      columns={[
        {
          header: 'Endpoint',
          primary: true,
          cell: (e) => (
            <>
              <span className="cell-title mono">{e.url}</span>
              {e.description && <span className="cell-sub">{e.description}</span>}
            </>
          ),
        },
        {
          header: 'Events',
          cell: (e) => (
            <span className="row">
              {e.events.map((event) => (
                <Badge key={event}>{event}</Badge>
              ))}
            </span>
          ),
        },
        {
          header: 'Status',
          cell: (e) => (
            <span>
              <StatusBadge status={e.status} />
              {e.disabled_reason === 'gone' && <span className="cell-sub">Your receiver answered 410</span>}
            </span>
          ),
        },
        {
          header: 'Actions',
          actions: true,
          cell: (e) => (writable ? <EndpointActions endpoint={e} onSecret={onSecret} /> : null),
        },
      ]}
    />
  );
}
