/** The actions on an active key: revoke and expire (each asks first), and rotate (RotateKeyButton). */
import type { ApiKeyView } from '@unified-api-gateway/sdk';
import { ActionButton } from '../../../components/ActionButton';
import { useExpireKey, useRevokeKey } from '../queries';

const labelOf = (key: ApiKeyView) => key.name || key.prefix;

export function RevokeKeyButton({ apiKey }: { apiKey: ApiKeyView }) {
  return (
    <ActionButton
      action={useRevokeKey(apiKey.id)}
      className="btn btn-danger"
      confirm={{
        title: `Revoke “${labelOf(apiKey)}”?`,
        body: 'Every gateway process refuses it at once (401 revoked_api_key). This cannot be undone: callers need a new key.',
        confirmLabel: 'Revoke key',
      }}
    >
      Revoke
    </ActionButton>
  );
}

export function ExpireKeyButton({ apiKey }: { apiKey: ApiKeyView }) {
  return (
    <ActionButton
      action={useExpireKey(apiKey.id)}
      className="btn btn-danger-outline"
      confirm={{
        title: `Expire “${labelOf(apiKey)}” now?`,
        body: 'Calls with it are refused from now on (401 expired_api_key).',
        confirmLabel: 'Expire key',
      }}
    >
      Expire now
    </ActionButton>
  );
}
