import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GatewayHarness } from '../support/gateway-harness';
import type { TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';
import { deliveries, docsVerifier, registerEndpoint, startReceiver, waitForDelivery, webhookEnv } from '../support/webhook-fixtures';

/**
 * Deliveries are pg-boss jobs in Postgres: a retry pending when every gateway stops is delivered by
 * the next gateway on the same database, and an attempt running at shutdown is finished (or failed
 * back to the queue) before the process lets go of it.
 */
describe('webhook deliveries across restarts', () => {
  const receivers: TestUpstream[] = [];
  const harnesses: GatewayHarness[] = [];
  const verify = docsVerifier();

  afterAll(async () => {
    for (const gw of harnesses) await gw.close().catch(() => undefined);
    await Promise.all(receivers.map((r) => r.close()));
  });

  async function start(env: Record<string, string>): Promise<GatewayHarness> {
    const gw = await GatewayHarness.start(env);
    harnesses.push(gw);
    return gw;
  }

  async function stop(gw: GatewayHarness): Promise<void> {
    harnesses.splice(harnesses.indexOf(gw), 1);
    await gw.close();
  }

  /** A reseller whose endpoint receives customer.suspended, and one event for it. */
  async function oneEvent(gw: GatewayHarness, receiver: TestUpstream) {
    const { managementKey } = await gw.createReseller();
    const endpoint = await registerEndpoint(gw, managementKey, receiver, ['customer.suspended']);
    const customer = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'Ada' })).body;
    await gw.reseller(managementKey, 'POST', `/customers/${customer.id}/suspend`);
    const [{ id }] = await waitFor('the delivery', async () => {
      const rows = await deliveries(gw, managementKey, `endpoint_id=${endpoint.id}`);
      return rows.length ? rows : null;
    });
    return { managementKey, endpoint, id };
  }

  it('a retry pending when the gateway stops is delivered by the next gateway on the same database', async () => {
    // The first attempt fails; its retry is due about 2 s later, long after the first gateway is gone.
    const env = webhookEnv({ WEBHOOK_RETRY_BASE_MS: '2000' });
    const receiver = await startReceiver((_req, res, index) => {
      if (index === 0) res.writeHead(500).end();
    });
    receivers.push(receiver);
    const first = await start(env);
    const { managementKey, endpoint, id } = await oneEvent(first, receiver);
    const pending = await waitForDelivery(first, managementKey, id, (d) => d.attempt_count === 1);
    expect(pending).toMatchObject({ state: 'pending', last_status: 500, next_attempt_at: expect.any(String) });
    const queued = await first.prisma.$queryRaw<Array<{ state: string; attempt: string; due: Date }>>`
      SELECT state::text, data->>'attempt' AS attempt, start_after AS due FROM pgboss.job
      WHERE name = ${`${env.JOB_QUEUE_PREFIX}webhooks.delivery`} AND data->>'deliveryId' = ${id} AND state = 'created'`;
    expect(queued).toEqual([{ state: 'created', attempt: '2', due: new Date(pending.next_attempt_at!) }]);
    await stop(first);
    expect(receiver.received).toHaveLength(1);

    // A new gateway: same database, queues and DATA_DIR (the key its secrets are sealed with).
    const second = await start({ ...env, DATA_DIR: first.config.DATA_DIR });
    const delivered = await waitForDelivery(second, managementKey, id, (d) => d.state === 'delivered');
    expect(delivered.attempts).toMatchObject([
      { number: 1, status: 500 },
      { number: 2, status: 200 },
    ]);
    expect(Date.parse(delivered.attempts[1].started_at)).toBeGreaterThanOrEqual(Date.parse(pending.next_attempt_at!));
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([id, id]);
    expect(verify(endpoint.secret, receiver.received[1].headers, receiver.received[1].body)).toBe(true);
    await stop(second);
  });

  it('an attempt running at shutdown is finished before the gateway stops, and its retry goes out from the next one', async () => {
    const env = webhookEnv({ WEBHOOK_TIMEOUT_MS: '1500', WEBHOOK_RETRY_BASE_MS: '100' });
    const receiver = await startReceiver(async (_req, res, index) => {
      if (index === 0) await new Promise((resolve) => res.once('close', resolve)); // never answered
    });
    receivers.push(receiver);
    const first = await start(env);
    const { managementKey, id } = await oneEvent(first, receiver);
    await receiver.waitForRequests(1);
    // Stopping while the attempt waits for its answer: shutdown lets it run to its timeout and record it.
    await stop(first);
    const second = await start({ ...env, DATA_DIR: first.config.DATA_DIR });
    const delivered = await waitForDelivery(second, managementKey, id, (d) => d.state === 'delivered');
    expect(delivered.attempts).toMatchObject([
      { number: 1, status: null, error: 'timeout: no answer within 1500 ms' },
      { number: 2, status: 200 },
    ]);
    await stop(second);
  });

  it('a gateway whose secrets key differs does not sign: the attempt says so, and the delivery stays pending for one that can', async () => {
    const env = webhookEnv({ WEBHOOK_RETRY_BASE_MS: '60000' });
    const receiver = await startReceiver();
    receivers.push(receiver);
    // The first gateway only records the event (no workers); the second has another DATA_DIR, so another key.
    const first = await start({ ...env, JOB_WORKER: 'false' });
    const { managementKey, id } = await oneEvent(first, receiver);
    const other = await start({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'gateway-test-')) });
    const refused = await waitForDelivery(other, managementKey, id, (d) => d.attempt_count === 1);
    expect(refused).toMatchObject({ state: 'pending', last_status: null });
    expect(refused.last_error).toMatch(
      /^not sent: the webhook secret was encrypted under key [0-9a-f]{8}, this process has key [0-9a-f]{8}: give every process the same WEBHOOK_SECRETS_KEY$/,
    );
    expect(receiver.received).toHaveLength(0);
    await stop(other);
    await stop(first);
  });
});
