/** One delivery: its event, state, attempts and body; redelivered at once on demand (not while it is pending). */
import type { WebhookDeliveryDetailView } from '@unified-api-gateway/sdk';
import { Modal } from '../../../components/Modal';
import { Details, ErrorNotice, FormError, Loading, StatusBadge } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useDelivery, useRedeliver } from '../queries';

export function DeliveryDialog({ id, onClose, writable }: { id: string | null; onClose: () => void; writable: boolean }) {
  const delivery = useDelivery(id);
  const redeliver = useRedeliver(id ?? '');
  const current = delivery.data;
  return (
    <Modal
      open={id !== null}
      title="Delivery"
      onClose={onClose}
      wide
      actions={
        <>
          {writable && current && current.state !== 'pending' && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => redeliver.mutate(undefined, { onSuccess: onClose })}
              disabled={redeliver.isPending}
            >
              Redeliver now
            </button>
          )}
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {delivery.isPending ? (
        <Loading />
      ) : delivery.isError ? (
        <ErrorNotice error={delivery.error} />
      ) : current ? (
        <div className="stack-sm">
          <DeliveryDetails delivery={current} />
          <FormError error={redeliver.error} />
        </div>
      ) : null}
    </Modal>
  );
}

function DeliveryDetails({ delivery }: { delivery: WebhookDeliveryDetailView }) {
  return (
    <>
      <Details
        items={[
          ['Event', delivery.event, 'mono'],
          ['State', <StatusBadge status={delivery.state} />],
          ['Retried until', formatDateTime(delivery.retry_until)],
        ]}
      />
      <h3>Attempts</h3>
      {delivery.attempts.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <ol>
          {delivery.attempts.map((attempt) => (
            <li key={attempt.number}>
              {formatDateTime(attempt.started_at)}: {attempt.status ? `HTTP ${attempt.status}` : (attempt.error ?? 'no answer')} in{' '}
              {attempt.duration_ms} ms
            </li>
          ))}
        </ol>
      )}
      <h3>Body</h3>
      <pre className="code-block" tabIndex={0}>
        <code>{JSON.stringify(delivery.payload, null, 2)}</code>
      </pre>
    </>
  );
}
