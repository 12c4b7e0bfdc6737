import { EVENT_BUS, type EventBus } from '../../src/redis/event-bus';
import type { RedisClient } from '../../src/redis/redis-client';
import { REDIS } from '../../src/redis/redis.module';
import { StreamSlots } from '../../src/streaming/stream-slots';
import { deferred } from '../support/deferred';
import { GatewayHarness } from '../support/gateway-harness';
import { startOpenAiUpstream, type OpenAiUpstream } from '../support/openai-upstream';
import { RedisClusterProcesses } from '../support/redis-cluster';
import { parseEvents } from '../support/sse';
import { sendJson, startUpstream, type TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';

/** The price of one call on the test endpoint ('call' unit, one call at most). */
const PRICE = 1_500_000_000n;
const usd = (pico: bigint) => (Number(pico) / 1e12).toString();

/**
 * The gateway on a real Redis Cluster (three masters, three replicas: Debian's redis-server on
 * loopback ports 7100-7105, started and stopped by this file): limits, budgets, the key cache's
 * invalidations, stream slots and the probes work as on one Redis, two gateways share
 * them, and a master killed under load fails over while the gateway goes on answering.
 */
describe('Redis Cluster', () => {
  let cluster: RedisClusterProcesses;
  let gw: GatewayHarness;
  /** A second gateway on the same cluster and key prefix, with Redis connections and caches of its own. */
  let other: GatewayHarness;
  let upstream: TestUpstream;
  let openAi: OpenAiUpstream;
  let slug: string;
  let limitedSlug: string;
  let streamingSlug: string;
  /**
   * The master the failover test kills, and the node both gateways subscribe on (listed first). Not
   * the master of the loopback client's invalid-request bucket (`{ip:127.0.0.1}`): a key-cache miss
   * peeks at it, so its master's failover touches every caller of that address whose key is not
   * cached (docs/operate/scaling.md), which would blur what this test tells apart.
   */
  let victim: number;

  beforeAll(async () => {
    cluster = await RedisClusterProcesses.start();
    const ipMaster = await cluster.masterOf('{ip:127.0.0.1}');
    victim = (await cluster.masters()).find((port) => port !== ipMaster)!;
    const settings = {
      REDIS_URL: '', // the test run's own Redis must not be what answers
      REDIS_CLUSTER_NODES: cluster.nodesSetting(victim),
      STREAM_MAX_CONCURRENT_PER_KEY: '1',
      // Audit records are written when the test flushes them: one batch then holds the budget
      // settlements of tenants on different masters (not one pipeline on a cluster).
      AUDIT_FLUSH_INTERVAL_MS: '3600000',
      KEY_CACHE_TTL_MS: '60000', // the cap: only a broadcast makes a gateway forget a key within the test
    };
    gw = await GatewayHarness.start(settings);
    upstream = await startUpstream((_req, res) => sendJson(res, 200, { ok: true }));
    openAi = await startOpenAiUpstream();
    ({ slug } = await gw.createEndpoint({ maxQuantityPerCall: 1n, defaultRateLimit: 100_000, upstreams: [{ baseUrl: upstream.url }] }));
    ({ slug: limitedSlug } = await gw.createEndpoint({ defaultRateLimit: 4, upstreams: [{ baseUrl: upstream.url }] }));
    ({ slug: streamingSlug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      streamable: true,
      upstreams: [{ kind: 'openai', baseUrl: openAi.url, timeoutMs: 5000 }],
    }));
    // Started once the catalog is complete (it loads it at boot). In this process: a second OS
    // process would add its start-up (transpiling the app) and prove nothing more about Redis.
    other = await GatewayHarness.start({ ...settings, REDIS_KEY_PREFIX: gw.config.REDIS_KEY_PREFIX });
    await waitFor('both gateways to be connected to the cluster and listening', () =>
      [gw, other].every((g) => g.app.get<RedisClient>(REDIS).status === 'ready' && g.app.get<EventBus>(EVENT_BUS).listening),
    );
  }, 90_000);

  afterAll(async () => {
    await other?.close();
    await gw?.close();
    await upstream?.close();
    await openAi?.close();
    await cluster?.stop();
  }, 30_000);

  const probe = async (base: string, path: string) => (await fetch(`${base}${path}`)).status;

  const callOn = (base: string, key: string, target = slug) =>
    fetch(`${base}/api/public/v1/${target}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(10_000),
    });

  /** A tenant with one key whose hash tag (`{t:<tenant>}`) lands on the master on `port` (at most 30 tries: each lands there with p = 1/3). */
  async function tenantOnMaster(port: number, options: Parameters<GatewayHarness['createTenantWithKey']>[0] = {}) {
    for (let i = 0; i < 30; i++) {
      const tenant = await gw.createTenantWithKey(options);
      if ((await cluster.masterOf(`{t:${tenant.tenantId}}`)) === port) return tenant;
    }
    throw new Error(`no tenant landed on the master on ${port}`);
  }

  it('limits are exact across two gateways, with the usual headers; one caller’s buckets live on its slot’s master', async () => {
    // Two buckets in one script (the endpoint's and the tenant's): they share the tenant's slot.
    const t = await gw.createTenantWithKey({ tenantRateLimit: 100 });
    const answers: Response[] = [];
    for (const base of [gw.url, other.url, gw.url, other.url, gw.url]) answers.push(await callOn(base, t.key, limitedSlug));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
    expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['3', '2', '1', '0', '0']);
    const refused = answers[4];
    expect(refused.headers.get('x-ratelimit-limit')).toBe('4');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-policy')).toBe('"endpoint";q=4;w=60, "tenant";q=100;w=60');
    expect(refused.headers.get('ratelimit')).toMatch(/^"endpoint";r=0;t=\d+, "tenant";r=96;t=\d+$/);
    expect(((await refused.json()) as any).error.code).toBe('rate_limited');

    const tag = `{t:${t.tenantId}}`;
    const master = await cluster.masterOf(tag);
    const prefix = `${gw.config.REDIS_KEY_PREFIX}rl:${tag}`;
    expect(await cluster.command(master, 'GET', `${prefix}:tenant`)).toBe('4');
    expect(await cluster.command(master, 'GET', `${prefix}:k:${t.keyId}:s:${limitedSlug}`)).toBe('4');
  });

  it('budgets are exact for tenants on different masters, and their settlements (one audit batch) release every hold', async () => {
    const customers = [];
    const masters = new Set<number>();
    // Two resellers whose hash tags land on different masters (each new one does with p = 2/3).
    for (let i = 0; i < 30 && customers.length < 2; i++) {
      const reseller = await gw.createReseller();
      const master = await cluster.masterOf(`{t:${reseller.tenantId}}`);
      if (masters.has(master)) continue;
      masters.add(master);
      const customer = (await gw.reseller(reseller.managementKey, 'POST', '/customers', { name: 'Ada' })).body;
      const key = (await gw.reseller(reseller.managementKey, 'POST', `/customers/${customer.id}/keys`, {})).body;
      // A customer budget and a key budget: two budgets (four keys) of one call in one script.
      await gw.reseller(reseller.managementKey, 'PUT', `/customers/${customer.id}/budget`, {
        period: 'monthly',
        cap_usd: usd((PRICE * 21n) / 2n),
      });
      await gw.reseller(reseller.managementKey, 'PUT', `/keys/${key.id}/budget`, { period: 'daily', cap_usd: usd(PRICE * 100n) });
      customers.push({ ...reseller, customerId: customer.id as string, key: key.key as string });
    }
    expect(customers).toHaveLength(2);

    // 25 calls of each customer at once, half through each gateway: 10.5 calls' worth admit 11.
    const statuses = await Promise.all(
      customers.map((c) =>
        Promise.all(Array.from({ length: 25 }, (_, i) => callOn(i % 2 ? other.url : gw.url, c.key).then((res) => res.status))),
      ),
    );
    for (const of of statuses) {
      expect(of.filter((s) => s === 200)).toHaveLength(11);
      expect(of.filter((s) => s === 402)).toHaveLength(14);
    }

    // Each gateway's records in one batch, both tenants' settlements with it.
    await gw.flushAudit();
    await other.flushAudit();
    for (const c of customers) {
      const state = (await gw.reseller(c.managementKey, 'GET', `/customers/${c.customerId}/budget`)).body;
      expect(state).toMatchObject({ spent_usd: usd(PRICE * 11n), held_usd: '0' });
    }
  });

  it('a key revoked through one gateway stops working in the other gateway at once (the invalidation crosses the cluster)', async () => {
    const { key, keyId } = await gw.createTenantWithKey();
    expect((await callOn(other.url, key)).status).toBe(200); // cached there for 60 s
    expect((await gw.admin('POST', `/keys/${keyId}/revoke`)).status).toBe(200);
    await waitFor('the other gateway to refuse the revoked key', async () => (await callOn(other.url, key)).status === 401, 5_000);
  });

  it('stream slots: one open stream per key, the next refused, the slot back once it closes', async () => {
    const { key, keyId } = await gw.createTenantWithKey();
    const stream = (input: string, signal?: AbortSignal) =>
      fetch(`${gw.url}/api/public/v1/${streamingSlug}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ input, stream: true }),
        signal,
      });
    const open = new AbortController();
    expect((await stream('chunks=2000 interval=50', open.signal)).status).toBe(200);
    const refused = await stream('chunks=2');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as any).error).toMatchObject({ code: 'too_many_streams', details: { limit: 'key', max_streams: 1 } });
    open.abort();
    await waitFor('the slot back', () => gw.app.get(StreamSlots).openFor(keyId) === 0, 10_000);
    const whole = await stream('chunks=3');
    expect(whole.status).toBe(200);
    expect(parseEvents(await whole.text()).done).toBe(true);
  });

  it('the probes and metrics see the cluster', async () => {
    const ready = await fetch(`${gw.url}/readyz`, { headers: { authorization: `Bearer ${gw.adminToken}` } });
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as any).checks.redis).toBe('up');
    expect(await probe(gw.url, '/healthz')).toBe(200);
    const metrics = await (await fetch(`${gw.url}/metrics`, { headers: { authorization: `Bearer ${gw.adminToken}` } })).text();
    expect(metrics).toMatch(/^gateway_redis_up 1$/m);
    expect(metrics).toMatch(/^gateway_event_bus_listening 1$/m);
  });

  it('a master killed under load fails over: its tenants get 200 or 503 service_unavailable until the promotion and 200 after it, other tenants 200 throughout; every answer audited; invalidations flow again', async () => {
    // The gateways' event subscriptions are on the first listed node (the victim): the tenant
    // under load is on that master too, so one kill takes both away.
    const loaded = await tenantOnMaster(victim);
    const elsewhere = await tenantOnMaster((await cluster.masters()).find((port) => port !== victim)!); // on a master that stays up
    const revokedLater = await gw.createTenantWithKey();
    expect((await callOn(other.url, revokedLater.key)).status).toBe(200); // cached in the other gateway
    const heard: string[] = [];
    await other.app.get<EventBus>(EVENT_BUS).subscribe('keys.invalidate', (message) => heard.push(message));
    let lostSubscription = false;
    other.app.get<EventBus>(EVENT_BUS).onListeningChange((up) => (lostSubscription ||= !up));
    // A call's window: answered before the kill, started after the failover was over, or in between.
    type Answer = { status: number; code: string | null; requestId: string | null; window: 'before' | 'failover' | 'after' };
    const answers = new Map<string, Answer[]>([
      [loaded.keyId, []],
      [elsewhere.keyId, []],
    ]);
    const total = () => [...answers.values()].reduce((n, list) => n + list.length, 0);
    let phase: Answer['window'] = 'before';
    // Calls started after the failover, per tenant, and how many each tenant makes. Counted per
    // tenant: the workers of one tenant may run slower than the other's after a failover (their
    // client is still refreshing the slot map), and a shared count would leave it fewer calls.
    const afterCount = new Map([
      [loaded.keyId, 0],
      [elsewhere.keyId, 0],
    ]);
    const afterTarget = (keyId: string) => (keyId === loaded.keyId ? 90 : 30);
    const failoverOver = deferred<void>();
    const worker = async (tenant: { key: string; keyId: string }) => {
      // Bounded (loopback only), whatever happens: at most 2,000 calls before the failover is over
      // (a slow promotion answers fast 503s; past the bound the workers wait for it to end), then
      // each tenant's target after it.
      while (afterCount.get(tenant.keyId)! < afterTarget(tenant.keyId)) {
        if (phase !== 'after' && total() >= 2000) {
          await failoverOver.promise;
          continue;
        }
        const startedIn = phase;
        const res = await callOn(gw.url, tenant.key);
        const body = res.status === 200 ? null : ((await res.json()) as any);
        if (res.status === 200) await res.arrayBuffer();
        const window = startedIn === 'after' ? 'after' : phase === 'before' ? 'before' : 'failover';
        answers
          .get(tenant.keyId)!
          .push({ status: res.status, code: body?.error?.code ?? null, requestId: res.headers.get('x-service-request-id'), window });
        if (startedIn === 'after') afterCount.set(tenant.keyId, afterCount.get(tenant.keyId)! + 1);
      }
    };
    const workers = [worker(loaded), worker(loaded), worker(loaded), worker(elsewhere)];
    await waitFor('60 calls before the kill', () => total() >= 60, 20_000);

    phase = 'failover';
    await cluster.kill(victim);
    const promoted = await cluster.waitForFailover(victim, `{t:${loaded.tenantId}}`);
    expect(promoted).not.toBe(victim);
    phase = 'after';
    failoverOver.resolve();
    await Promise.all(workers);
    // The other gateway's subscription was on the victim: it knows it went.
    await waitFor('the other gateway to report its subscription lost', () => lostSubscription, 10_000);

    const statuses = (keyId: string, window: Answer['window']) =>
      answers
        .get(keyId)!
        .filter((a) => a.window === window)
        .map((a) => (a.status === 200 ? '200' : `${a.status} ${a.code}`));
    const only200 = (list: string[]) => list.filter((s) => s !== '200');
    // The tenant on the failed master: 503 service_unavailable at worst while no node serves its slot.
    expect(only200(statuses(loaded.keyId, 'before'))).toEqual([]);
    expect(statuses(loaded.keyId, 'failover').filter((s) => s !== '200' && s !== '503 service_unavailable')).toEqual([]);
    expect(only200(statuses(loaded.keyId, 'after'))).toEqual([]);
    expect(statuses(loaded.keyId, 'after').length).toBeGreaterThanOrEqual(90);
    // The tenant on a master that stayed up never noticed.
    for (const window of ['before', 'failover', 'after'] as const) expect(only200(statuses(elsewhere.keyId, window))).toEqual([]);

    // Every answer, 503s included, has its audit record.
    await gw.flushAudit();
    for (const [keyId, list] of answers) {
      const ids = list.map((a) => a.requestId!);
      expect(ids.every(Boolean)).toBe(true);
      expect(await gw.prisma.auditRecord.count({ where: { apiKeyId: keyId } })).toBe(list.length);
      expect(await gw.prisma.auditRecord.count({ where: { id: { in: ids } } })).toBe(list.length);
    }

    // Both gateways lost their subscription with the victim and subscribed on the next listed
    // node: a revocation is heard by the other one (its message, not a cache that stopped being trusted).
    await waitFor('both event buses to listen again', () => [gw, other].every((g) => g.app.get<EventBus>(EVENT_BUS).listening), 10_000);
    expect((await gw.admin('POST', `/keys/${revokedLater.keyId}/revoke`)).status).toBe(200);
    await waitFor(
      'the revocation message at the other gateway',
      () => heard.some((message) => revokedLater.key.startsWith((JSON.parse(message) as { prefix?: string }).prefix ?? '\0')),
      10_000,
    );
    expect((await callOn(other.url, revokedLater.key)).status).toBe(401);
  }, 60_000);
});
