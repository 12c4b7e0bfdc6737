/** Webhook endpoints (create with the secret shown once, disable, rotate, delete) and their delivery log. */
import { useState } from 'react';
import { can, useSignedIn } from '../../../auth/session';
import { ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { SecretOnce, type OneTimeSecret } from '../../../components/SecretOnce';
import { PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AddEndpointDialog } from '../components/AddEndpointDialog';
import { DeliveryLog } from '../components/DeliveryLog';
import { EndpointsCard } from '../components/EndpointsCard';
import { useWebhookEndpoints } from '../queries';

export function WebhooksPage() {
  useDocumentTitle('Webhooks');
  const session = useSignedIn();
  const writable = can.write(session.user.role);
  const endpoints = useWebhookEndpoints();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<OneTimeSecret | null>(null);

  return (
    <ActionErrorScope>
      <PageHeader
        title="Webhooks"
        description="The gateway POSTs events to your endpoints, signed as Standard Webhooks 1.0 defines (webhook-id, webhook-timestamp, webhook-signature) with a secret of each endpoint, and retries for 24 hours."
        actions={
          writable ? (
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              Add endpoint
            </button>
          ) : undefined
        }
      />
      <div className="stack">
        {secret && (
          <SecretOnce label={secret.label} secret={secret.value} how={secret.how} onDone={() => setSecret(null)} headingLevel={2} />
        )}
        <ActionError />
        <EndpointsCard endpoints={endpoints} writable={writable} onSecret={setSecret} />
        <DeliveryLog endpoints={endpoints.rows} writable={writable} />
      </div>
      <AddEndpointDialog open={creating} onClose={() => setCreating(false)} onSecret={setSecret} />
    </ActionErrorScope>
  );
}
