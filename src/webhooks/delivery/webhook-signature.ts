import { createHmac } from 'node:crypto';

/**
 * The signature of a delivery, as Standard Webhooks 1.0 defines it (so a receiver can check it with
 * that standard's verifier library in any language): `webhook-signature: v1,<base64>`, the base64
 * HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes (see
 * signingKey). While a rotated-out secret is still valid the header carries one entry per secret,
 * space-separated (`v1,<new> v1,<old>`): a receiver accepts the delivery when any entry matches.
 */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  const signed = `${id}.${timestamp}.${body}`;
  return secrets.map((secret) => `v1,${createHmac('sha256', signingKey(secret)).update(signed).digest('base64')}`).join(' ');
}

/**
 * The HMAC key of a secret: the bytes its `whsec_` part encodes. Secrets are issued as `whsec_` and
 * standard base64; those issued before Standard Webhooks were `whsec_` and base64url of 32 random
 * bytes, and Node's base64 decoder reads both alphabets, so such a secret keeps its very bytes as
 * its key (a receiver holding one converts it to the standard spelling: see docs/concepts/webhooks.md).
 */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}
