import { createHmac } from 'node:crypto';
import { GatewayError } from '../../src/common/errors/error-catalog';
import { CustomersService } from '../../src/customers/customers.service';
import { WebhookDeliveryWorker } from '../../src/webhooks/delivery/webhook-delivery.worker';
import { WEBHOOK_DELIVERY_QUEUE, type DeliveryJob } from '../../src/webhooks/webhook-events.publisher';
import { WebhooksService } from '../../src/webhooks/webhooks.service';
import { newTestService, type TestWorld } from '../fakes/new-test-service';
import type { ReceivedRequest, TestUpstream } from '../support/upstream-server';
import { startReceiver } from '../support/webhook-fixtures';

/**
 * The delivery worker's rules on the fakes, with the clock: what an attempt records, the retry
 * schedule (backoff within the retry window, then giving up), 410 disabling the endpoint, a job
 * run twice attempting once, a disabled endpoint's delivery failing unattempted, the signing
 * secrets of a rotation's grace period. Each attempt is a real POST to a receiver the test starts;
 * the jobs are the fake queue's, run when the clock says they are due. The job queue itself (due
 * times, restarts, workers) and the signature as receivers verify it are webhook-*.e2e-spec.ts.
 */

const BASE_MS = 100;

/** The Standard Webhooks signature of a request with `secret`, computed here from the spec. */
function signs(secret: string, req: ReceivedRequest): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = [req.headers['webhook-id'], req.headers['webhook-timestamp'], req.body].map(String).join('.');
  const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  return String(req.headers['webhook-signature']).split(' ').includes(expected);
}

describe('WebhookDeliveryWorker', () => {
  const receivers: TestUpstream[] = [];
  let world: TestWorld;
  let webhooks: WebhooksService;
  let customers: CustomersService;

  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
  });

  async function start(env: Record<string, string> = {}) {
    world = await newTestService(WebhookDeliveryWorker, {
      env: {
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_RETRY_BASE_MS: String(BASE_MS),
        ...env,
      },
    });
    webhooks = await world.get(WebhooksService);
    customers = await world.get(CustomersService);
  }

  /** A reseller with one endpoint for customer.suspended on a receiver answering with `respond`. */
  async function tenantWithReceiver(respond?: Parameters<typeof startReceiver>[0]) {
    const receiver = await startReceiver(respond);
    receivers.push(receiver);
    const tenant = await world.repos.tenants.create({ name: 'reseller', kind: 'reseller', rateLimitPerWindow: null, planId: null });
    const { endpoint, secret } = await webhooks.create(tenant.id, { url: `${receiver.url}/hook`, events: ['customer.suspended'] });
    return { tenantId: tenant.id, receiver, endpoint, secret };
  }

  /** Suspends a new customer of the tenant: one customer.suspended event; returns the endpoint's newest delivery id. */
  async function suspendNewCustomer(tenantId: string, endpointId?: string): Promise<string | undefined> {
    const customer = await customers.create(tenantId, { name: 'Ada Ltd', externalId: null, metadata: {} });
    await customers.suspend(tenantId, customer.id);
    return (await webhooks.listDeliveries(tenantId, 1, undefined, { endpointId }))[0]?.id;
  }

  /** The delivery jobs waiting, due or not. */
  const waiting = () => world.jobs.waiting(WEBHOOK_DELIVERY_QUEUE).map((j) => ({ ...(j.data as DeliveryJob), due: j.startAfter }));

  /** Runs every delivery job as it falls due, moving the clock to each, until none is left. */
  async function runAllAttempts(): Promise<void> {
    for (let jobs = waiting(); jobs.length > 0; jobs = waiting()) {
      const next = Math.min(...jobs.map((j) => j.due.getTime()));
      if (next > world.clock.nowMs()) world.clock.set(next);
      await world.jobs.runDue(WEBHOOK_DELIVERY_QUEUE);
    }
  }

  it('gives a delivery up when its retry window ends', async () => {
    await start({ WEBHOOK_RETRY_WINDOW_MS: '1000' });
    const { tenantId, receiver, endpoint } = await tenantWithReceiver((_req, res) => void res.writeHead(500).end());
    const id = (await suspendNewCustomer(tenantId, endpoint.id))!;
    await runAllAttempts();
    const failed = await webhooks.getDelivery(tenantId, id);
    expect(failed.state).toBe('failed');
    // 100, 200, 400 ms of backoff (±20 %) fit in the second; the next (800 ms) would not. No time passes
    // during an attempt here, so it is exactly four attempts.
    expect(failed.attemptCount).toBeGreaterThanOrEqual(2);
    expect(failed.attemptCount).toBe(4);
    expect(failed.lastError).toBe('HTTP 500; gave up: no retry left in the retry window');
    expect(failed.nextAttemptAt).toBeNull();
    expect(failed.attempts.at(-1)?.nextAttemptAt).toBeNull();
    for (const attempt of failed.attempts.slice(0, -1))
      expect(attempt.nextAttemptAt!.getTime()).toBeLessThanOrEqual(failed.retryUntil.getTime());
    expect(receiver.received).toHaveLength(failed.attemptCount);
    expect(waiting()).toEqual([]);
  });

  it('schedules each retry after the base × 2^(attempt − 1), ±20 %, as a job due then; the receiver gets the same id and body each time', async () => {
    await start();
    const { tenantId, receiver, endpoint, secret } = await tenantWithReceiver((_req, res, index) => {
      if (index < 3) res.writeHead(index === 0 ? 500 : 503).end('not now');
    });
    const id = (await suspendNewCustomer(tenantId, endpoint.id))!;
    await runAllAttempts();
    const delivery = await webhooks.getDelivery(tenantId, id);
    expect(delivery).toMatchObject({ state: 'delivered', attemptCount: 4, lastStatus: 200, lastError: null, nextAttemptAt: null });
    const backoff = delivery.attempts.slice(0, 3).map((a) => a.nextAttemptAt!.getTime() - (a.startedAt.getTime() + a.durationMs));
    backoff.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(BASE_MS * 2 ** i * 0.8);
      expect(ms).toBeLessThanOrEqual(BASE_MS * 2 ** i * 1.2);
    });
    // Each attempt ran when its job fell due, not before.
    for (let i = 1; i < 4; i++) expect(delivery.attempts[i].startedAt).toEqual(delivery.attempts[i - 1].nextAttemptAt);
    expect(receiver.received.map((r) => [r.headers['webhook-id'], r.headers['webhook-attempt']])).toEqual([
      [id, '1'],
      [id, '2'],
      [id, '3'],
      [id, '4'],
    ]);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(receiver.received.every((r) => signs(secret, r))).toBe(true);
  });

  it('410 Gone fails the delivery without retry and disables the endpoint; enabled again, the delivery is redelivered', async () => {
    await start();
    const { tenantId, receiver, endpoint } = await tenantWithReceiver((_req, res, index) => {
      if (index === 0) res.writeHead(410).end();
    });
    const id = (await suspendNewCustomer(tenantId, endpoint.id))!;
    await world.jobs.runDue(WEBHOOK_DELIVERY_QUEUE);
    const failed = await webhooks.getDelivery(tenantId, id);
    expect(failed).toMatchObject({
      state: 'failed',
      attemptCount: 1,
      lastStatus: 410,
      lastError: 'HTTP 410: the receiver is gone; the endpoint was disabled',
      nextAttemptAt: null,
      attempts: [{ number: 1, httpStatus: 410, nextAttemptAt: null }],
    });
    expect(await webhooks.get(tenantId, endpoint.id)).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    // No retry is queued for it.
    expect(waiting().filter((j) => j.deliveryId === id)).toEqual([]);

    // A new event skips the disabled endpoint; a redeliver is refused while it is disabled.
    await suspendNewCustomer(tenantId);
    expect(await webhooks.listDeliveries(tenantId, 10, undefined, { endpointId: endpoint.id })).toHaveLength(1);
    const refused = await webhooks.redeliver(tenantId, id).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).code).toBe('conflict');

    expect(await webhooks.update(tenantId, endpoint.id, { status: 'active' })).toMatchObject({ status: 'active', disabledReason: null });
    expect(await webhooks.redeliver(tenantId, id)).toMatchObject({ id, state: 'pending', attemptCount: 1 });
    await runAllAttempts();
    expect(await webhooks.getDelivery(tenantId, id)).toMatchObject({
      state: 'delivered',
      attemptCount: 2,
      lastStatus: 200,
      lastError: null,
    });
    expect(receiver.received.map((r) => [r.headers['webhook-id'], r.headers['webhook-attempt']])).toEqual([
      [id, '1'],
      [id, '2'],
    ]);
  });

  it('attempts once when the same job runs twice (its process died after the attempt)', async () => {
    await start();
    const { tenantId, receiver, endpoint } = await tenantWithReceiver();
    const id = (await suspendNewCustomer(tenantId, endpoint.id))!;
    const worker = await world.get(WebhookDeliveryWorker);
    await worker.attempt({ deliveryId: id, attempt: 1 });
    await worker.attempt({ deliveryId: id, attempt: 1 });
    await worker.attempt({ deliveryId: id, attempt: 3 });
    expect(receiver.received).toHaveLength(1);
    expect(await webhooks.getDelivery(tenantId, id)).toMatchObject({ state: 'delivered', attemptCount: 1 });
  });

  it('fails a pending delivery of an endpoint disabled meanwhile when its turn comes, without an attempt', async () => {
    await start();
    const { tenantId, receiver, endpoint } = await tenantWithReceiver();
    const id = (await suspendNewCustomer(tenantId, endpoint.id))!;
    await webhooks.update(tenantId, endpoint.id, { status: 'disabled' });
    await world.jobs.runDue(WEBHOOK_DELIVERY_QUEUE);
    expect(await webhooks.getDelivery(tenantId, id)).toMatchObject({
      state: 'failed',
      attemptCount: 0,
      lastError: 'endpoint disabled: not attempted',
      attempts: [],
    });
    expect(receiver.received).toHaveLength(0);
  });

  it("signs with both secrets during a rotation's grace period, and with the new one alone once it ends", async () => {
    await start();
    const { tenantId, receiver, endpoint, secret } = await tenantWithReceiver();
    const { secret: rotated } = await webhooks.rotateSecret(tenantId, endpoint.id, 3_600_000);
    await suspendNewCustomer(tenantId, endpoint.id);
    await world.jobs.runDue(WEBHOOK_DELIVERY_QUEUE);
    const [during] = receiver.received;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect([signs(rotated, during), signs(secret, during)]).toEqual([true, true]);

    world.clock.advance(3_600_000);
    await suspendNewCustomer(tenantId, endpoint.id);
    await world.jobs.runDue(WEBHOOK_DELIVERY_QUEUE);
    const after = receiver.received[1];
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect([signs(rotated, after), signs(secret, after)]).toEqual([true, false]);
    expect(Number(after.headers['webhook-timestamp'])).toBe(Math.floor(world.clock.nowMs() / 1000));
  });
});
