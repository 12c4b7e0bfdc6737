import { SEED_ENDPOINTS } from '../../../src/catalog/catalog.seed-data';
import { GatewayHarness } from '../../support/gateway-harness';
import { watchOverlappingQueries } from '../../support/pg-overlap';
import { sendJson, startUpstream, TestUpstream } from '../../support/upstream-server';

describe('operator API: catalog', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;

  beforeAll(async () => {
    // The secret of the upstream the tests point at (an upstream whose variable is unset is skipped).
    process.env.UPSTREAM_SECRET_DNS_API_KEY = 'dns-secret';
    gw = await GatewayHarness.start();
    upstream = await startUpstream((_req, res) => sendJson(res, 200, { ok: true }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('reads the seeded catalog: 16 slugs in 8 categories', async () => {
    const list = await gw.admin('GET', '/catalog');
    // Other suites add endpoints to the shared catalog meanwhile: the seed's 16 are all there.
    const seedSlugs = new Set(SEED_ENDPOINTS.map((e) => e.slug));
    const seeded = list.body.data.filter((e: { slug: string }) => seedSlugs.has(e.slug));
    expect(seeded).toHaveLength(16);
    expect(new Set(seeded.map((e: { category: string }) => e.category)).size).toBe(8);
    const entry = (await gw.admin('GET', '/catalog/text.generate')).body;
    expect(entry).toMatchObject({ slug: 'text.generate', category: 'text', billing_unit: 'tokens_1k', streamable: true });
    expect(entry.upstreams[0]).toMatchObject({ kind: 'simulator' });
    expect((await gw.admin('GET', '/catalog/text.nothing')).status).toBe(404);
  });

  it('updates prices and upstreams; the gateway uses them at once', async () => {
    const { slug } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator' }] });
    const patched = await gw.admin('PATCH', `/catalog/${slug}`, {
      resale_usd_per_unit: '0.0025',
      wholesale_usd_per_unit: '0.002',
    });
    expect(patched.body).toMatchObject({ resale_usd_per_unit: '0.0025' });
    const replaced = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [
        {
          name: 'primary',
          kind: 'http',
          base_url: upstream.url,
          path: '/dns',
          timeout_ms: 1000,
          auth_secret_env: 'UPSTREAM_SECRET_DNS_API_KEY',
        },
      ],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.upstreams).toEqual([
      expect.objectContaining({
        name: 'primary',
        kind: 'http',
        base_url: upstream.url,
        path: '/dns',
        auth_secret_env: 'UPSTREAM_SECRET_DNS_API_KEY',
      }),
    ]);
    const { key } = await gw.createTenantWithKey();
    const res = await gw.call(slug, { key, body: { domain: 'example.com' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).billed_usd).toBe(0.0025);
    expect(upstream.received.at(-1)!.url).toBe('/dns');
    expect(upstream.received.at(-1)!.headers.authorization).toBe('dns-secret');

    const invalid = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [{ name: 'x', kind: 'http', auth_secret_env: 'lower' }],
    });
    expect(invalid.status).toBe(400);
    // Only UPSTREAM_SECRET_… variables: the operator API can never send another variable of the process upstream.
    for (const name of ['DATABASE_URL', 'ADMIN_TOKEN', 'REDIS_URL', 'UPSTREAM_SECRET_', 'XUPSTREAM_SECRET_A']) {
      const refused = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
        upstreams: [{ name: 'x', kind: 'http', base_url: upstream.url, auth_secret_env: name }],
      });
      expect({ name, status: refused.status, code: refused.body.error?.code }).toEqual({ name, status: 400, code: 'invalid_request' });
    }
  });

  it('a catalog change sends its queries one at a time on its transaction’s connection (pg 9 refuses one sent while another runs)', async () => {
    const watch = watchOverlappingQueries();
    let overlapping: string[] = [];
    try {
      const { slug } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator' }] });
      expect((await gw.admin('PATCH', `/catalog/${slug}`, { resale_usd_per_unit: '0.003' })).status).toBe(200);
      expect((await gw.admin('PUT', `/catalog/${slug}/limit`, { requests_per_window: 77 })).status).toBe(200);
      const models = await gw.admin('PUT', `/catalog/${slug}/models`, {
        models: [{ name: 'small', wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.002' }],
      });
      expect(models.status).toBe(200);
    } finally {
      overlapping = watch.stop();
    }
    expect(watch.sent()).toBeGreaterThan(10);
    expect(overlapping).toEqual([]);
  });

  it('an upstream whose secret variable is not set is skipped (usable: false), the next one serves', async () => {
    const { slug } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator' }] });
    const replaced = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [
        { name: 'waiting', kind: 'http', base_url: upstream.url, path: '/never', auth_secret_env: 'UPSTREAM_SECRET_NOT_SET_IN_TESTS' },
        { name: 'fallback', kind: 'http', base_url: upstream.url, path: '/served' },
      ],
    });
    expect(replaced.body.upstreams.map((u: { name: string; enabled: boolean; usable: boolean }) => [u.name, u.enabled, u.usable])).toEqual([
      ['waiting', true, false],
      ['fallback', true, true],
    ]);
    const { key } = await gw.createTenantWithKey();
    const res = await gw.call(slug, { key, body: { domain: 'example.com' } });
    expect(res.status).toBe(200);
    expect(upstream.received.at(-1)!.url).toBe('/served');
    expect(upstream.received.some((r) => r.url === '/never')).toBe(false);
  });

  it('creates catalog endpoints: slug validated, billing unit from the category, 409 on a taken slug', async () => {
    const slug = `voice.t_${Date.now().toString(36)}`;
    const body = {
      slug,
      description: 'Speech translation',
      wholesale_usd_per_unit: '0.006',
      resale_usd_per_unit: '0.009',
      default_rate_limit: 30,
      upstreams: [{ name: 'primary', kind: 'http', base_url: upstream.url, path: '/translate' }],
    };
    const created = await gw.admin('POST', '/catalog', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug, category: 'voice', billing_unit: 'minute', default_rate_limit: 30, streamable: false });
    expect((await gw.admin('POST', '/catalog', body)).status).toBe(409);
    for (const bad of ['robots.walk', 'voice', 'Voice.x', 'voice.x.y']) {
      const res = await gw.admin('POST', '/catalog', { ...body, slug: bad });
      expect([bad, res.status]).toEqual([bad, 400]);
    }
    const { key } = await gw.createTenantWithKey();
    const call = await gw.call(slug, { key, body: { text: 'hola' } });
    expect(call.status).toBe(200);
    expect(((await call.json()) as any).usage.billing_unit).toBe('minute');
  });

  it('reports declared against measured latency per slug (p50, p95 of the last answered calls)', async () => {
    const slow = await startUpstream(async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      sendJson(res, 200, { ok: true });
    });
    try {
      const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: slow.url }] });
      const { key } = await gw.createTenantWithKey();
      for (let i = 0; i < 5; i++) expect((await gw.call(slug, { key, body: {} })).status).toBe(200);
      await gw.flushAudit();

      const report = await gw.admin('GET', '/reports/latency');
      expect(report.status).toBe(200);
      const row = report.body.data.find((r: { slug: string }) => r.slug === slug);
      expect(row).toMatchObject({ declared_latency_ms: 50, sample_calls: 5 });
      // The upstream waits 30 ms on every call: no answered call was faster than that.
      expect(row.measured_p50_ms).toBeGreaterThanOrEqual(30);
      expect(row.measured_p95_ms).toBeGreaterThanOrEqual(row.measured_p50_ms);
      const unused = report.body.data.find((r: { sample_calls: number }) => r.sample_calls === 0);
      if (unused) expect(unused).toMatchObject({ measured_p50_ms: null, measured_p95_ms: null });
    } finally {
      await slow.close();
    }
  });
});
