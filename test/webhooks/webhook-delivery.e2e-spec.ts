import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { GatewayHarness } from '../support/gateway-harness';
import type { TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';
import {
  deliveries,
  docsVerifier,
  registerEndpoint,
  startReceiver,
  waitForDelivery,
  webhookEnv,
  type RegisteredEndpoint,
} from '../support/webhook-fixtures';

/**
 * Deliveries against receivers the test starts, through the gateway's job queue: the signature
 * (checked with the docs' own snippet), retries with backoff as queued jobs, a receiver that
 * times out, redeliver, secret rotation. Events come from suspending customers. The worker's rules
 * on their own (410 disabling the endpoint, the end of the retry window, a job run twice, the end
 * of a rotation's grace) are webhook-delivery.worker.spec.ts, on the fakes.
 */
describe('webhook deliveries', () => {
  let gw: GatewayHarness;
  const receivers: TestUpstream[] = [];
  const verify = docsVerifier();

  beforeAll(async () => {
    gw = await GatewayHarness.start(webhookEnv());
  });

  afterAll(async () => {
    await gw.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  /** A reseller with one endpoint for customer.suspended on a receiver answering with `respond`. */
  async function tenantWithReceiver(respond?: Parameters<typeof startReceiver>[0]) {
    const receiver = await startReceiver(respond);
    receivers.push(receiver);
    const { managementKey } = await gw.createReseller();
    const endpoint = await registerEndpoint(gw, managementKey, receiver, ['customer.suspended']);
    return { managementKey, receiver, endpoint };
  }

  /** Suspends a new customer of the tenant: one customer.suspended event. */
  async function suspendNewCustomer(managementKey: string): Promise<{ id: string; external_id: string; name: string }> {
    const customer = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'Ada Ltd', external_id: `crm-${randomUUID()}` })).body;
    expect((await gw.reseller(managementKey, 'POST', `/customers/${customer.id}/suspend`)).status).toBe(200);
    return customer;
  }

  /** The endpoint's newest delivery, once there is one. */
  const newestDelivery = (managementKey: string, endpoint: RegisteredEndpoint, count = 1) =>
    waitFor(`${count} deliveries`, async () => {
      const rows = await deliveries(gw, managementKey, `endpoint_id=${endpoint.id}`);
      return rows.length >= count ? rows[0] : null;
    });

  it("signs each delivery so that the docs' snippet verifies it; the headers, the body and the log", async () => {
    const { managementKey, receiver, endpoint } = await tenantWithReceiver();
    const customer = await suspendNewCustomer(managementKey);
    await receiver.waitForRequests(1);
    const [req] = receiver.received;
    const { id } = await newestDelivery(managementKey, endpoint);

    expect(req.method).toBe('POST');
    expect(req.url).toBe('/hook');
    expect(req.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-attempt': '1',
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(Math.abs(Number(req.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    const body = JSON.parse(req.body);
    expect(body).toEqual({
      id,
      type: 'customer.suspended',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { customer: { id: customer.id, external_id: customer.external_id, name: 'Ada Ltd' } },
    });
    expect(Object.keys(body)).toEqual(['id', 'type', 'created_at', 'data']);

    // The docs' snippet, run as written: the right secret verifies, anything else does not.
    expect(verify(endpoint.secret, req.headers, req.body)).toBe(true);
    expect(verify(endpoint.secret, req.headers, Buffer.from(req.body))).toBe(true);
    expect(verify(`whsec_${randomBytes(32).toString('base64')}`, req.headers, req.body)).toBe(false);
    expect(verify(endpoint.secret, req.headers, req.body.replace('Ada', 'Eve'))).toBe(false);
    expect(verify(endpoint.secret, { ...req.headers, 'webhook-signature': undefined }, req.body)).toBe(false);
    // A signature made now for a timestamp 10 minutes old is a replay: refused.
    const old = Math.floor(Date.now() / 1000) - 600;
    const key = Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64');
    const replayed = `v1,${createHmac('sha256', key).update(`${id}.${old}.${req.body}`).digest('base64')}`;
    const replayHeaders = { 'webhook-id': id, 'webhook-timestamp': String(old), 'webhook-signature': replayed };
    expect(verify(endpoint.secret, replayHeaders, req.body)).toBe(false);
    expect(verify(endpoint.secret, replayHeaders, req.body, 3600)).toBe(true);
    // The id is signed: the same signature under another id does not verify.
    expect(verify(endpoint.secret, { ...req.headers, 'webhook-id': randomUUID() }, req.body)).toBe(false);

    const logged = await waitForDelivery(gw, managementKey, id, (d) => d.state === 'delivered');
    expect(logged).toMatchObject({
      id,
      endpoint_id: endpoint.id,
      event: 'customer.suspended',
      state: 'delivered',
      attempt_count: 1,
      last_status: 200,
      last_error: null,
      next_attempt_at: null,
      delivered_at: expect.any(String),
      payload: body,
      attempts: [{ number: 1, status: 200, error: null, next_attempt_at: null, duration_ms: expect.any(Number) }],
    });
    // The endpoint never shows its secret again.
    const read = await gw.reseller(managementKey, 'GET', `/webhook-endpoints/${endpoint.id}`);
    expect(JSON.stringify(read.body)).not.toContain(endpoint.secret);
    expect(read.body).not.toHaveProperty('secret');
  });

  it('a receiver that fails the first two attempts gets the third: the same id, a growing backoff, every attempt logged', async () => {
    const { managementKey, receiver, endpoint } = await tenantWithReceiver((_req, res, index) => {
      if (index < 2) res.writeHead(index === 0 ? 500 : 503).end('not now');
    });
    await suspendNewCustomer(managementKey);
    const { id } = await newestDelivery(managementKey, endpoint);
    const delivery = await waitForDelivery(gw, managementKey, id, (d) => d.state === 'delivered');

    expect(receiver.received.map((r) => [r.headers['webhook-id'], r.headers['webhook-attempt']])).toEqual([
      [id, '1'],
      [id, '2'],
      [id, '3'],
    ]);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    for (const req of receiver.received) expect(verify(endpoint.secret, req.headers, req.body)).toBe(true);
    expect(delivery).toMatchObject({ attempt_count: 3, last_status: 200, last_error: null });
    const { attempts } = delivery;
    expect(delivery.attempts).toMatchObject([
      { number: 1, status: 500, error: 'HTTP 500', next_attempt_at: expect.any(String) },
      { number: 2, status: 503, error: 'HTTP 503', next_attempt_at: expect.any(String) },
      { number: 3, status: 200, error: null, next_attempt_at: null },
    ]);
    // The backoff each failure chose: 100 ms × 2^(n − 1), ±20 %; each attempt ran no earlier than scheduled.
    const backoff = attempts.slice(0, 2).map((a) => Date.parse(a.next_attempt_at!) - (Date.parse(a.started_at) + a.duration_ms));
    expect(backoff[0]).toBeGreaterThanOrEqual(80);
    expect(backoff[0]).toBeLessThanOrEqual(120);
    expect(backoff[1]).toBeGreaterThanOrEqual(160);
    expect(backoff[1]).toBeLessThanOrEqual(240);
    expect(Date.parse(attempts[1].started_at)).toBeGreaterThanOrEqual(Date.parse(attempts[0].next_attempt_at!));
    expect(Date.parse(attempts[2].started_at)).toBeGreaterThanOrEqual(Date.parse(attempts[1].next_attempt_at!));
  });

  it('a receiver that times out is retried', async () => {
    const { managementKey, receiver, endpoint } = await tenantWithReceiver(async (_req, res, index) => {
      // The first request is never answered: the gateway gives up after WEBHOOK_TIMEOUT_MS and closes it.
      if (index === 0) await new Promise((resolve) => res.once('close', resolve));
    });
    await suspendNewCustomer(managementKey);
    const { id } = await newestDelivery(managementKey, endpoint);
    const delivery = await waitForDelivery(gw, managementKey, id, (d) => d.state === 'delivered');

    expect(delivery.attempts).toMatchObject([
      { number: 1, status: null, error: 'timeout: no answer within 1000 ms', next_attempt_at: expect.any(String) },
      { number: 2, status: 200, error: null },
    ]);
    expect(delivery.attempts[0].duration_ms).toBeGreaterThanOrEqual(1000);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([id, id]);
  });

  it('redeliver sends a delivered delivery again with the same id and a new retry window; 409 while pending, 404 when unknown', async () => {
    const { managementKey, receiver, endpoint } = await tenantWithReceiver();
    await suspendNewCustomer(managementKey);
    const { id } = await newestDelivery(managementKey, endpoint);
    const first = await waitForDelivery(gw, managementKey, id, (d) => d.state === 'delivered');

    const res = await gw.reseller(managementKey, 'POST', `/webhook-deliveries/${id}/redeliver`);
    expect(res.status).toBe(202);
    expect(Date.parse(res.body.retry_until)).toBeGreaterThan(Date.parse(first.retry_until));
    const again = await waitForDelivery(gw, managementKey, id, (d) => d.state === 'delivered' && d.attempt_count === 2);
    expect(again.attempts.map((a) => a.status)).toEqual([200, 200]);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([id, id]);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);

    // A delivery being retried (its receiver always fails) is pending: redeliver has nothing to add.
    const failing = await tenantWithReceiver((_req, res) => void res.writeHead(500).end());
    await suspendNewCustomer(failing.managementKey);
    const pending = await newestDelivery(failing.managementKey, failing.endpoint);
    await waitForDelivery(gw, failing.managementKey, pending.id, (d) => d.attempt_count >= 1);
    const conflict = await gw.reseller(failing.managementKey, 'POST', `/webhook-deliveries/${pending.id}/redeliver`);
    expect(conflict).toMatchObject({ status: 409, body: { error: { code: 'conflict' } } });
    expect(
      (await gw.reseller(failing.managementKey, 'PATCH', `/webhook-endpoints/${failing.endpoint.id}`, { status: 'disabled' })).body,
    ).toMatchObject({
      status: 'disabled',
      disabled_reason: 'tenant',
    });
    // Its pending delivery then fails when its turn comes, without an attempt.
    const abandoned = await waitForDelivery(gw, failing.managementKey, pending.id, (d) => d.state === 'failed');
    expect(abandoned.last_error).toBe('endpoint disabled: not attempted');

    expect((await gw.reseller(managementKey, 'POST', `/webhook-deliveries/${randomUUID()}/redeliver`)).status).toBe(404);
    expect((await gw.reseller(managementKey, 'GET', `/webhook-deliveries/${randomUUID()}`)).status).toBe(404);
  });

  it('a rotated secret: both secrets sign during the grace period, only the new one after a rotation without grace', async () => {
    const { managementKey, receiver, endpoint } = await tenantWithReceiver();
    const rotated = await gw.reseller(managementKey, 'POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, { grace_seconds: 3600 });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.body.previous_secret_expires_at)).toBeGreaterThan(Date.now() + 3500_000);

    await suspendNewCustomer(managementKey);
    await receiver.waitForRequests(1);
    const [during] = receiver.received;
    expect(during.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(verify(rotated.body.secret, during.headers, during.body)).toBe(true);
    expect(verify(endpoint.secret, during.headers, during.body)).toBe(true);

    const again = await gw.reseller(managementKey, 'POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, { grace_seconds: 0 });
    expect(again.body.previous_secret_expires_at).toBeNull();
    await suspendNewCustomer(managementKey);
    await receiver.waitForRequests(2);
    const after = receiver.received[1];
    expect(after.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verify(again.body.secret, after.headers, after.body)).toBe(true);
    expect(verify(rotated.body.secret, after.headers, after.body)).toBe(false);
    expect(verify(endpoint.secret, after.headers, after.body)).toBe(false);
  });
});
