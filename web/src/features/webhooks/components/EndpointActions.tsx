/** An endpoint's actions: send a test event (active only), disable (asks first) or enable, rotate its secret (asks first; the new one shown once), delete (asks first). */
import type { WebhookEndpointView } from '@unified-api-gateway/sdk';
import { ActionButton } from '../../../components/ActionButton';
import type { OneTimeSecret } from '../../../components/SecretOnce';
import { SECRET_HOW } from '../events';
import { useDeleteEndpoint, useRotateSecret, useSendTestEvent, useSetEndpointStatus } from '../queries';

export function EndpointActions({ endpoint, onSecret }: { endpoint: WebhookEndpointView; onSecret: (secret: OneTimeSecret) => void }) {
  const { url } = endpoint;
  const setStatus = useSetEndpointStatus(endpoint.id);
  const sendTest = useSendTestEvent(endpoint.id);
  return (
    <span className="row">
      {endpoint.status === 'active' && (
        <ActionButton action={sendTest} className="btn btn-sm" label={`Send a test event to ${url}`}>
          Test
        </ActionButton>
      )}
      {endpoint.status === 'active' ? (
        <ActionButton
          action={setStatus}
          variables="disabled"
          className="btn btn-sm"
          label={`Disable ${url}`}
          confirm={{
            title: 'Disable this endpoint?',
            body: `${url} gets no deliveries until you enable it again.`,
            confirmLabel: 'Disable endpoint',
          }}
        >
          Disable
        </ActionButton>
      ) : (
        <ActionButton action={setStatus} variables="active" className="btn btn-sm" label={`Enable ${url}`}>
          Enable
        </ActionButton>
      )}
      <RotateSecretButton endpoint={endpoint} onSecret={onSecret} />
      <ActionButton
        action={useDeleteEndpoint(endpoint.id)}
        className="btn btn-sm btn-danger-outline"
        label={`Delete ${url}`}
        confirm={{ title: 'Delete this endpoint?', body: `${url} and its delivery log are deleted.`, confirmLabel: 'Delete endpoint' }}
      >
        Delete
      </ActionButton>
    </span>
  );
}

function RotateSecretButton({ endpoint, onSecret }: { endpoint: WebhookEndpointView; onSecret: (secret: OneTimeSecret) => void }) {
  const rotate = useRotateSecret(endpoint.id);
  return (
    <ActionButton
      action={rotate}
      className="btn btn-sm"
      label={`Rotate secret of ${endpoint.url}`}
      confirm={{
        title: 'Rotate the signing secret?',
        body: 'Deliveries are signed with the new secret from now on, and also with the old one for 24 hours so your receiver can switch.',
        confirmLabel: 'Rotate secret',
      }}
      // The new secret goes to the page at once, and out of this mutation's state.
      onSuccess={(rotated) => {
        onSecret({ label: `New signing secret of ${rotated.url}`, value: rotated.secret, how: SECRET_HOW });
        rotate.reset();
      }}
    >
      Rotate secret
    </ActionButton>
  );
}
