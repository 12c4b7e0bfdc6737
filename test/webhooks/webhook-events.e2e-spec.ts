import { randomUUID } from 'node:crypto';
import { GatewayHarness } from '../support/gateway-harness';
import { backendPid, sessionsBlockedBy } from '../support/lock-waits';
import { startUpstream, type TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';
import {
  deliveries,
  docsVerifier,
  registerEndpoint,
  startReceiver,
  webhookEnv,
  type RegisteredEndpoint,
} from '../support/webhook-fixtures';
import { WebhookEvents } from '../../src/webhooks/webhook-events.publisher';
import { WebhooksRepository } from '../../src/webhooks/webhooks.repository';

/** The price of one call on the test endpoint ('call' unit, one call at most): $0.0015. */
const PRICE_USD = 0.0015;

interface ReceivedEvent {
  id: string;
  type: string;
  created_at: string;
  data: any;
}

/**
 * The events found by the sweep and by the audit writer fire where they should, once, and reach a
 * receiver: key.expired (a key's own expiry, POST /keys/{id}/expire, the end of a rotation's grace
 * period; not for a revoked key), budget.threshold (50, 80 and 100 % once per period over many
 * audit batches) and statement.closed (published by the statements module). The events a change
 * publishes in its own transaction (key.rotated, customer.suspended) are webhook-events.spec.ts,
 * on the fakes.
 */
describe('webhook events', () => {
  let gw: GatewayHarness;
  let receiver: TestUpstream;
  let upstream: TestUpstream;
  let slug: string;
  let tenant: { tenantId: string; managementKey: string };
  let endpoint: RegisteredEndpoint;
  const verify = docsVerifier();

  beforeAll(async () => {
    // The sweep every 200 ms (key expiries); audit batches only when the test flushes them.
    gw = await GatewayHarness.start(webhookEnv({ WEBHOOK_SWEEP_INTERVAL_MS: '200', AUDIT_FLUSH_INTERVAL_MS: '600000' }));
    receiver = await startReceiver();
    upstream = await startUpstream((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    ({ slug } = await gw.createEndpoint({ maxQuantityPerCall: 1n, defaultRateLimit: 1000, upstreams: [{ baseUrl: upstream.url }] }));
    tenant = await gw.createReseller();
    endpoint = await registerEndpoint(gw, tenant.managementKey, receiver, [
      'budget.threshold',
      'key.expired',
      'key.rotated',
      'customer.suspended',
      'statement.closed',
    ]);
  });

  afterAll(async () => {
    await gw.close();
    await receiver.close();
    await upstream.close();
  });

  /** What the receiver got (each one verified with the docs' snippet), optionally only those matching. */
  function received(match: (e: ReceivedEvent) => boolean = () => true): ReceivedEvent[] {
    return receiver.received
      .filter((r) => verify(endpoint.secret, r.headers, r.body))
      .map((r) => JSON.parse(r.body) as ReceivedEvent)
      .filter(match);
  }

  const waitForEvents = (what: string, match: (e: ReceivedEvent) => boolean, count = 1) =>
    waitFor(what, () => (received(match).length >= count ? received(match) : null), 15_000);

  /** Resolves once a whole sweep has run after this moment (it would have found anything due by now). */
  async function aSweepLater(): Promise<void> {
    const since = new Date();
    await waitFor('a sweep after now', async () => {
      const [{ n }] = await gw.prisma.$queryRaw<Array<{ n: number }>>`
        SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = ${`${gw.config.JOB_QUEUE_PREFIX}webhooks.sweep`} AND state = 'completed' AND started_on > ${since}`;
      return n > 0;
    });
  }

  const newKey = async (body: object = {}) => (await gw.reseller(tenant.managementKey, 'POST', '/keys', { name: 'k', ...body })).body;

  it('key.expired: once for a key reaching its expiry, for POST /keys/{id}/expire and for the end of a grace period; never for a revoked key', async () => {
    const soon = new Date(Date.now() + 1000).toISOString();
    const expiring = await newKey({ name: 'expiring', expires_at: soon });
    const revoked = await newKey({ name: 'revoked first', expires_at: soon });
    expect((await gw.reseller(tenant.managementKey, 'POST', `/keys/${revoked.id}/revoke`)).status).toBe(200);
    const expired = await newKey({ name: 'expired now' });
    expect((await gw.reseller(tenant.managementKey, 'POST', `/keys/${expired.id}/expire`)).status).toBe(200);
    const rotatedAway = await newKey({ name: 'rotated away' });
    const rotation = (await gw.reseller(tenant.managementKey, 'POST', `/keys/${rotatedAway.id}/rotate`, { grace_seconds: 0 })).body;

    const ofKey = (id: string) => (e: ReceivedEvent) => e.type === 'key.expired' && e.data.key.id === id;
    const [own] = await waitForEvents('the expiry of a key', ofKey(expiring.id));
    expect(own.data).toEqual({
      key: { id: expiring.id, prefix: expiring.prefix, name: 'expiring', customer_id: null, expires_at: soon, replaced_by_id: null },
    });
    // The event's time is the expiry.
    expect(own.created_at).toBe(soon);
    const [now] = await waitForEvents('POST /keys/{id}/expire', ofKey(expired.id));
    expect(now.data.key).toMatchObject({ id: expired.id, replaced_by_id: null });
    const [grace] = await waitForEvents('the end of a grace period', ofKey(rotatedAway.id));
    expect(grace.data.key).toMatchObject({
      id: rotatedAway.id,
      expires_at: rotation.previous.expires_at,
      replaced_by_id: rotation.key.id,
    });

    // Later sweeps announce none of them again, and never the key revoked before it expired.
    await aSweepLater();
    await aSweepLater();
    for (const key of [expiring, expired, rotatedAway]) expect(received(ofKey(key.id))).toHaveLength(1);
    expect(received(ofKey(revoked.id))).toHaveLength(0);
    expect(received(ofKey(rotation.key.id))).toHaveLength(0);

    // A new expiry (PATCH) is announced again when it is reached.
    expect((await gw.reseller(tenant.managementKey, 'PATCH', `/keys/${expired.id}`, { expires_at: new Date().toISOString() })).status).toBe(
      200,
    );
    await waitForEvents('the new expiry', ofKey(expired.id), 2);
  });

  it('budget.threshold: 50, 80 and 100 % each once per period, though the spend lands in one audit batch per call', async () => {
    const customer = (await gw.reseller(tenant.managementKey, 'POST', '/customers', { name: 'Budgeted' })).body;
    const key = (await gw.reseller(tenant.managementKey, 'POST', `/customers/${customer.id}/keys`, {})).body;
    expect((await gw.reseller(tenant.managementKey, 'PUT', `/keys/${key.id}/budget`, { period: 'monthly', cap_usd: '0.015' })).status).toBe(
      200,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await gw.call(slug, { key: key.key, body: {} });
      statuses.push(res.status);
      // Each call's record in a batch of its own.
      await gw.auditRecord(res.headers.get('x-service-request-id')!);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 402, 402]);

    const ofBudget = (e: ReceivedEvent) => e.type === 'budget.threshold' && e.data.budget.subject_id === key.id;
    const events = await waitForEvents('three thresholds', ofBudget, 3);
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
    expect(events.map((e) => e.data).sort((a, b) => a.threshold_percent - b.threshold_percent)).toEqual(
      [
        [50, 5],
        [80, 8],
        [100, 10],
      ].map(([threshold, calls]) => ({
        budget: { subject: 'key', subject_id: key.id, period: 'monthly', cap_usd: '0.015' },
        threshold_percent: threshold,
        spent_usd: String(+(calls * PRICE_USD).toFixed(6)),
        period_start: monthStart.toISOString(),
        resets_at: nextMonth.toISOString(),
      })),
    );
    // No more, though every later batch of the period is over all three.
    const [{ n }] = await gw.prisma.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM budget_alerts a JOIN budgets b ON b.id = a.budget_id WHERE b.subject_id = ${key.id}::uuid`;
    expect(n).toBe(3);
    expect(await deliveries(gw, tenant.managementKey, 'event=budget.threshold')).toHaveLength(3);
  });

  it('budget.threshold: one batch that crosses two thresholds sends both; a threshold of another period does not count for this one', async () => {
    const customer = (await gw.reseller(tenant.managementKey, 'POST', '/customers', { name: 'Two at once' })).body;
    const key = (await gw.reseller(tenant.managementKey, 'POST', `/customers/${customer.id}/keys`, {})).body;
    const budget = (
      await gw.reseller(tenant.managementKey, 'PUT', `/customers/${customer.id}/budget`, { period: 'daily', cap_usd: '0.0075' })
    ).body;
    // Yesterday's period already crossed 50 %: that says nothing about today's.
    const { id: budgetId } = await gw.prisma.budget.findUniqueOrThrow({
      where: { subject_subjectId: { subject: 'customer', subjectId: customer.id } },
    });
    await gw.prisma.budgetAlert.create({
      data: {
        budgetId,
        periodStart: new Date(Date.parse(budget.period_start) - 86_400_000),
        thresholdPercent: 50,
        spentPicoUsd: 1n,
        capPicoUsd: 1n,
        publishedAt: new Date(),
      },
    });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await gw.call(slug, { key: key.key, body: {} })).headers.get('x-service-request-id')!);
    await gw.auditRecord(ids[3]); // one batch with all four: 80 % of five calls
    const events = await waitForEvents(
      'two thresholds',
      (e) => e.type === 'budget.threshold' && e.data.budget.subject_id === customer.id,
      2,
    );
    expect(events.map((e) => [e.data.threshold_percent, e.data.spent_usd, e.data.budget.subject]).sort()).toEqual([
      [50, '0.006', 'customer'],
      [80, '0.006', 'customer'],
    ]);
    expect(events[0].data.period_start).toBe(budget.period_start);
  });

  it('an endpoint removed while an event is being published to it: the removal waits for the publication, whose deliveries go with the endpoint (once a foreign-key 500 for the publishing change)', async () => {
    const other = await gw.createReseller();
    const doomed = await registerEndpoint(gw, other.managementKey, receiver, ['key.rotated']);
    const repository = gw.app.get(WebhooksRepository);
    let removal!: ReturnType<typeof gw.reseller>;
    // What WebhookEvents.publishMany does in a change's transaction (a key's rotation), with the
    // removal let in between its read of the subscribed endpoints and its deliveries.
    await repository.transaction(async (tx) => {
      const endpoints = await repository.subscribedEndpoints(tx, [other.tenantId], ['key.rotated']);
      expect(endpoints.map((e) => e.id)).toEqual([doomed.id]);
      const publisher = await backendPid(tx);
      removal = gw.reseller(other.managementKey, 'DELETE', `/webhook-endpoints/${doomed.id}`);
      await sessionsBlockedBy(gw.prisma.pool, [publisher], 1, 'the removal to wait for the publication');
      const now = new Date();
      await repository.createDeliveries(tx, [
        {
          id: randomUUID(),
          tenantId: other.tenantId,
          endpointId: doomed.id,
          event: 'key.rotated',
          data: {},
          createdAt: now,
          nextAttemptAt: now,
          retryUntil: new Date(now.getTime() + 60_000),
        },
      ]);
    });
    expect((await removal).status).toBe(204);
    expect(await gw.prisma.webhookDelivery.count({ where: { endpointId: doomed.id } })).toBe(0);
  });

  it('statement.closed: what the statements module publishes is delivered', async () => {
    // The real closing path, with its totals, is test/statements/statements.e2e-spec.ts.
    const statement = {
      id: '6f1c3a52-8d53-4a8e-9d8a-3f8e2a1b7c10',
      month: '2026-10',
      closed_at: new Date().toISOString(),
      totals: { calls: 3, errors: 1, customer_price_usd: '0.004', resale_usd: '0.003', reseller_margin_usd: '0.001' },
      plan_fee_usd: '49',
      total_usd: '49.003',
      customer_statements: 1,
      url: '/api/reseller/v1/statements/2026-10',
    };
    expect(await gw.app.get(WebhookEvents).publish(tenant.tenantId, 'statement.closed', { statement })).toBe(1);
    const [event] = await waitForEvents('statement.closed', (e) => e.type === 'statement.closed');
    expect(event.data).toEqual({ statement });
  });
});
