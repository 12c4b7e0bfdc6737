import { randomBytes } from 'node:crypto';
import type { ChildGateway } from '../support/child-gateway';
import { GatewayHarness } from '../support/gateway-harness';
import { sendJson, startUpstream, TestUpstream } from '../support/upstream-server';

describe('rate limits', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    upstream = await startUpstream((_req, res) => sendJson(res, 200, { ok: true }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  async function statuses(slug: string, key: string, count: number): Promise<Response[]> {
    const out: Response[] = [];
    for (let i = 0; i < count; i++) out.push(await gw.call(slug, { key, body: {} }));
    return out;
  }

  it('counts per key per slug with the catalog default; 429 with Retry-After is neither forwarded nor billed', async () => {
    const { slug } = await gw.createEndpoint({ defaultRateLimit: 3, upstreams: [{ baseUrl: upstream.url }] });
    const { key } = await gw.createTenantWithKey();
    const before = upstream.received.length;
    const responses = await statuses(slug, key, 4);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(responses.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    expect(upstream.received.length - before).toBe(3);

    const rejected = responses[3];
    const retryAfter = Number(rejected.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(rejected.headers.get('x-ratelimit-limit')).toBe('3');
    expect(new Date(rejected.headers.get('x-ratelimit-reset')!).getTime()).toBeGreaterThan(Date.now());
    expect(rejected.headers.get('ratelimit-policy')).toBe('"endpoint";q=3;w=60');
    expect(rejected.headers.get('ratelimit')).toMatch(/^"endpoint";r=0;t=\d+$/);
    const body = (await rejected.json()) as any;
    expect(body.error.code).toBe('rate_limited');
    const record = await gw.auditRecord(rejected.headers.get('x-service-request-id')!);
    expect(record).toMatchObject({ httpStatus: 429, errorCode: 'rate_limited', resalePicoUsd: 0n, providersTried: 0 });

    // Another slug, and another key, have their own windows.
    const other = await gw.createEndpoint({ defaultRateLimit: 3, upstreams: [{ baseUrl: upstream.url }] });
    expect((await gw.call(other.slug, { key, body: {} })).status).toBe(200);
    const second = await gw.createTenantWithKey();
    expect((await gw.call(slug, { key: second.key, body: {} })).status).toBe(200);
  });

  it('effective limit: key override, else the operator per-endpoint limit, else the catalog default', async () => {
    const { slug } = await gw.createEndpoint({ defaultRateLimit: 5, upstreams: [{ baseUrl: upstream.url }] });
    const plain = await gw.createTenantWithKey();
    expect((await gw.call(slug, { key: plain.key, body: {} })).headers.get('x-ratelimit-limit')).toBe('5');

    const set = await gw.admin('PUT', `/catalog/${slug}/limit`, { requests_per_window: 2 });
    expect(set.status).toBe(200);
    expect(set.body.endpoint_rate_limit).toBe(2);
    const afterOperator = await statuses(slug, plain.key, 2);
    expect(afterOperator.map((r) => [r.status, r.headers.get('x-ratelimit-limit')])).toEqual([
      [200, '2'],
      [429, '2'],
    ]);

    const vip = await gw.createTenantWithKey({ keyRateLimit: 7 });
    expect((await gw.call(slug, { key: vip.key, body: {} })).headers.get('x-ratelimit-limit')).toBe('7');

    expect((await gw.admin('PUT', `/catalog/${slug}/limit`, { requests_per_window: null })).body.endpoint_rate_limit).toBeNull();
    const fresh = await gw.createTenantWithKey();
    expect((await gw.call(slug, { key: fresh.key, body: {} })).headers.get('x-ratelimit-limit')).toBe('5');
  });

  it('a call rejected by one limit consumes none of the others (tenant cap + endpoint limit in one script)', async () => {
    const a = await gw.createEndpoint({ defaultRateLimit: 10, upstreams: [{ baseUrl: upstream.url }] });
    const b = await gw.createEndpoint({ defaultRateLimit: 10, upstreams: [{ baseUrl: upstream.url }] });
    const t = await gw.createTenantWithKey({ tenantRateLimit: 2 });
    const first = await gw.call(a.slug, { key: t.key, body: {} });
    expect(first.headers.get('ratelimit-policy')).toBe('"endpoint";q=10;w=60, "tenant";q=2;w=60');
    // The tenant bucket has less room, so it is the one X-RateLimit-* shows.
    expect([first.headers.get('x-ratelimit-limit'), first.headers.get('x-ratelimit-remaining')]).toEqual(['2', '1']);
    expect((await gw.call(b.slug, { key: t.key, body: {} })).status).toBe(200);
    // The tenant cap is reached: these are rejected and must not eat into slug A's own limit.
    for (let i = 0; i < 3; i++) {
      const rejected = await gw.call(a.slug, { key: t.key, body: {} });
      expect(rejected.status).toBe(429);
      expect(rejected.headers.get('x-ratelimit-limit')).toBe('2');
    }
    // Lifting the tenant cap shows slug A's bucket untouched by the rejections: 1 used of 10.
    await gw.admin('PATCH', `/tenants/${t.tenantId}`, { rate_limit_per_window: null });
    const after = await gw.call(a.slug, { key: t.key, body: {} });
    expect(after.status).toBe(200);
    expect(after.headers.get('x-ratelimit-remaining')).toBe('8');
  });

  it('bad keys are limited per client IP too, and those answers carry the limit headers', async () => {
    const strict = await GatewayHarness.start({ INVALID_REQUEST_RATE_LIMIT: '2' });
    try {
      const codes: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await strict.call('text.generate', { key: `bad-key-${randomBytes(4).toString('hex')}`, body: {} });
        codes.push(`${res.status} ${((await res.json()) as any).error.code} ${res.headers.get('x-ratelimit-remaining')}`);
      }
      expect(codes).toEqual(['401 malformed_api_key 1', '401 malformed_api_key 0', '429 rate_limited 0']);
    } finally {
      await strict.close();
    }
  });

  it('two gateway processes sharing one Redis together admit exactly the limit', async () => {
    const limit = 40;
    const { slug } = await gw.createEndpoint({ defaultRateLimit: limit, upstreams: [{ baseUrl: upstream.url }] });
    const { key } = await gw.createTenantWithKey();
    let child: ChildGateway | undefined;
    try {
      child = await gw.startSecondProcess();
      const childUrl = child.url;
      const fire = (base: string) =>
        fetch(`${base}/api/public/v1/${slug}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: '{}',
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        });
      const calls: Promise<number>[] = [];
      for (let i = 0; i < 50; i++) calls.push(fire(gw.url), fire(childUrl));
      const results = await Promise.all(calls);
      expect(results.filter((s) => s === 200)).toHaveLength(limit);
      expect(results.filter((s) => s === 429)).toHaveLength(100 - limit);
    } finally {
      expect(await child?.terminate()).toBe(0);
    }
  }, 60_000);
});
