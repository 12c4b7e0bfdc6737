import type { ApiKeyView } from '@unified-api-gateway/sdk';

/** A key's state as a person reads it: revoked, expired (by time), or active. */
export function keyState(key: ApiKeyView, now = Date.now()): 'active' | 'revoked' | 'expired' {
  if (key.status === 'revoked') return 'revoked';
  if (key.expires_at && Date.parse(key.expires_at) <= now) return 'expired';
  return 'active';
}
