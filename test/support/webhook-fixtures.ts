import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import type { GatewayHarness } from './gateway-harness';
import { startUpstream, type ReceivedRequest, type TestUpstream } from './upstream-server';
import { waitFor } from './wait-for';

/**
 * The settings of a gateway that delivers webhooks in a test: job workers on, queues of its own
 * (suites share the database, not their jobs), receivers on http://127.0.0.1, a short timeout and
 * backoff, no sweep unless asked. `env` adds or overrides.
 */
export function webhookEnv(env: Record<string, string> = {}): Record<string, string> {
  return {
    JOB_WORKER: 'true',
    JOB_QUEUE_PREFIX: `t${randomBytes(5).toString('hex')}.`,
    JOB_POLL_INTERVAL_MS: '500',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_RETRY_BASE_MS: '100',
    WEBHOOK_SWEEP_INTERVAL_MS: '0',
    ...env,
  };
}

/** A receiver: answers each request with what `respond` does (200 `{}` when it returns nothing). */
export function startReceiver(respond: (req: ReceivedRequest, res: ServerResponse, index: number) => void | Promise<void> = () => {}) {
  let index = 0;
  return startUpstream(async (req, res) => {
    await respond(req, res, index++);
    if (!res.headersSent && !res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
}

export interface RegisteredEndpoint {
  id: string;
  secret: string;
}

/** Registers an endpoint for `events` on `url` (a receiver's URL plus /hook by default); returns its id and secret. */
export async function registerEndpoint(
  gw: GatewayHarness,
  managementKey: string,
  target: TestUpstream | string,
  events: string[],
): Promise<RegisteredEndpoint> {
  const url = typeof target === 'string' ? target : `${target.url}/hook`;
  const res = await gw.reseller<{ id: string; secret: string }>(managementKey, 'POST', '/webhook-endpoints', { url, events });
  if (res.status !== 201) throw new Error(`endpoint registration failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.id, secret: res.body.secret };
}

/** A delivery as the log lists it (GET /webhook-deliveries). */
export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event: string;
  state: 'pending' | 'delivered' | 'failed';
  attempt_count: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  retry_until: string;
  delivered_at: string | null;
  created_at: string;
}

/** One attempt of a delivery. */
export interface AttemptRow {
  number: number;
  started_at: string;
  duration_ms: number;
  status: number | null;
  error: string | null;
  next_attempt_at: string | null;
}

/** A delivery with its body and attempts (GET /webhook-deliveries/{id}). */
export interface DeliveryDetail extends DeliveryRow {
  payload: { id: string; type: string; created_at: string; data: unknown };
  attempts: AttemptRow[];
}

/** The delivery log of a tenant, filtered by a query string (`endpoint_id=…&state=…`). */
export async function deliveries(gw: GatewayHarness, managementKey: string, query = ''): Promise<DeliveryRow[]> {
  const res = await gw.reseller<{ data: DeliveryRow[] }>(managementKey, 'GET', `/webhook-deliveries${query ? `?${query}` : ''}`);
  if (res.status !== 200) throw new Error(`delivery log failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** One delivery with its attempts, once `until` holds for it. */
export function waitForDelivery(
  gw: GatewayHarness,
  managementKey: string,
  id: string,
  until: (d: DeliveryDetail) => boolean,
  ms = 15_000,
): Promise<DeliveryDetail> {
  return waitFor(
    `delivery ${id} to reach the expected state`,
    async () => {
      const res = await gw.reseller<DeliveryDetail>(managementKey, 'GET', `/webhook-deliveries/${id}`);
      return res.status === 200 && until(res.body) ? res.body : null;
    },
    ms,
  );
}

export type VerifyWebhook = (
  secret: string,
  headers: Record<string, unknown>,
  rawBody: string | Buffer,
  toleranceSeconds?: number,
) => boolean;

/** The docs' verification snippet (docs/concepts/webhooks.md: the ```js block that starts with `// verify-webhook.js`), run as written. */
export function docsVerifier(): VerifyWebhook {
  const page = readFileSync(join(__dirname, '..', '..', 'docs', 'concepts', 'webhooks.md'), 'utf8');
  const code = /```js\n(\/\/ verify-webhook\.js\n[\s\S]*?)```/.exec(page)?.[1];
  if (!code) throw new Error('docs/concepts/webhooks.md has no ```js block starting with // verify-webhook.js');
  return runInNewContext(`${code}\nverifyWebhook;`, { require, Buffer }) as VerifyWebhook;
}
