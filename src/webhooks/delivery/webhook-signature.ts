import { createHmac } from 'node:crypto';

/**
 * The signature of a delivery: `Webhook-Signature: v1=<hex>`, the hex HMAC-SHA256 of
 * `<Webhook-Timestamp>.<body>` under the endpoint's secret (the whole `whsec_…` string as the key).
 * While a rotated-out secret is still valid the header carries one entry per secret, space-separated
 * (`v1=<new> v1=<old>`): a receiver accepts the delivery when any entry matches a secret it holds.
 * The body holds the delivery id, so the id a receiver drops duplicates on is signed too.
 */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`).join(' ');
}
