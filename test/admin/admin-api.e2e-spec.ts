import { GatewayHarness } from '../support/gateway-harness';
import { sendJson, startUpstream, TestUpstream } from '../support/upstream-server';

describe('operator API /api/admin/v1', () => {
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

  it('rejects a missing or wrong admin token; a public key is not an admin token', async () => {
    const none = await fetch(`${gw.url}/api/admin/v1/catalog`);
    expect(none.status).toBe(401);
    expect((((await none.json()) as any)).error.code).toBe('invalid_admin_token');
    const wrong = await fetch(`${gw.url}/api/admin/v1/catalog`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const { key } = await gw.createTenantWithKey();
    const publicKey = await fetch(`${gw.url}/api/admin/v1/catalog`, { headers: { authorization: `Bearer ${key}` } });
    expect(publicKey.status).toBe(401);
  });

  it('creates, reads, lists and updates tenants; validates input', async () => {
    const created = await gw.admin('POST', '/tenants', { name: 'Globex', rate_limit_per_window: 100 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Globex', status: 'active', rate_limit_per_window: 100, parent_id: null });
    expect((await gw.admin('GET', `/tenants/${created.body.id}`)).body.name).toBe('Globex');
    const updated = await gw.admin('PATCH', `/tenants/${created.body.id}`, { status: 'suspended', rate_limit_per_window: null });
    expect(updated.body).toMatchObject({ status: 'suspended', rate_limit_per_window: null });

    const bad = await gw.admin('POST', '/tenants', { name: '', extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
    expect(bad.body.error.details.problems.length).toBeGreaterThanOrEqual(2);
    expect((await gw.admin('GET', '/tenants/not-a-uuid')).status).toBe(400);
    expect((await gw.admin('GET', '/tenants/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const page = await gw.admin('GET', '/tenants?limit=1');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.next_cursor).toEqual(expect.any(String));
  });

  it('answers invalid JSON bodies with the error shape', async () => {
    const res = await fetch(`${gw.url}/api/admin/v1/tenants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.adminToken}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect((((await res.json()) as any)).error.code).toBe('invalid_json');
  });

  it('reads the seeded catalog: 16 slugs in 8 categories', async () => {
    const list = await gw.admin('GET', '/catalog');
    const seeded = list.body.data.filter((e: { slug: string }) => !e.slug.includes('.t_'));
    expect(seeded).toHaveLength(16);
    expect(new Set(seeded.map((e: { category: string }) => e.category)).size).toBe(8);
    const entry = (await gw.admin('GET', '/catalog/text.generate')).body;
    expect(entry).toMatchObject({ slug: 'text.generate', category: 'text', billing_unit: 'tokens_1k', streamable: true });
    expect(entry.upstreams[0]).toMatchObject({ kind: 'simulator' });
    expect((await gw.admin('GET', '/catalog/text.nothing')).status).toBe(404);
  });

  it('updates prices and upstreams; the gateway uses them at once', async () => {
    const { slug } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator' }] });
    const patched = await gw.admin('PATCH', `/catalog/${slug}`, { resale_pico_usd_per_unit: 2_500_000_000, wholesale_pico_usd_per_unit: 2_000_000_000 });
    expect(patched.body).toMatchObject({ resale_pico_usd_per_unit: 2_500_000_000, resale_usd_per_unit: '0.0025' });
    const replaced = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [{ name: 'primary', kind: 'http', base_url: upstream.url, path: '/dns', timeout_ms: 1000, auth_secret_env: 'UPSTREAM_SECRET_DNS_API_KEY' }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.upstreams).toEqual([
      expect.objectContaining({ name: 'primary', kind: 'http', base_url: upstream.url, path: '/dns', auth_secret_env: 'UPSTREAM_SECRET_DNS_API_KEY' }),
    ]);
    const { key } = await gw.createTenantWithKey();
    const res = await gw.call(slug, { key, body: { domain: 'example.com' } });
    expect(res.status).toBe(200);
    expect((((await res.json()) as any)).billed_usd).toBe(0.0025);
    expect(upstream.received.at(-1)!.url).toBe('/dns');

    const invalid = await gw.admin('PUT', `/catalog/${slug}/upstreams`, { upstreams: [{ name: 'x', kind: 'http', auth_secret_env: 'lower' }] });
    expect(invalid.status).toBe(400);
    // Only UPSTREAM_SECRET_… variables: the operator API can never send another variable of the process upstream.
    for (const name of ['DATABASE_URL', 'ADMIN_TOKEN', 'REDIS_URL', 'UPSTREAM_SECRET_', 'XUPSTREAM_SECRET_A']) {
      const refused = await gw.admin('PUT', `/catalog/${slug}/upstreams`, { upstreams: [{ name: 'x', kind: 'http', base_url: upstream.url, auth_secret_env: name }] });
      expect({ name, status: refused.status, code: refused.body.error?.code }).toEqual({ name, status: 400, code: 'invalid_request' });
    }
  });

  it('creates catalog endpoints: slug validated, billing unit from the category, 409 on a taken slug', async () => {
    const slug = `voice.t_${Date.now().toString(36)}`;
    const body = {
      slug,
      description: 'Speech translation',
      wholesale_pico_usd_per_unit: 6_000_000_000,
      resale_pico_usd_per_unit: 9_000_000_000,
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

  it('lists audit records with filters and cursor pagination', async () => {
    const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: upstream.url }] });
    const a = await gw.createTenantWithKey();
    const b = await gw.createTenantWithKey();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await gw.call(slug, { key: a.key, body: {} })).headers.get('x-service-request-id')!);
    await gw.call(slug, { key: b.key, body: {} });
    await gw.call('text.missing', { key: a.key, body: {} });
    await gw.flushAudit();

    const first = await gw.admin('GET', `/audit?tenant_id=${a.tenantId}&slug=${slug}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((r: { request_id: string }) => r.request_id)).toEqual([ids[4], ids[3]]);
    expect(first.body.data[0]).toMatchObject({ endpoint: slug, tenant_id: a.tenantId, status: 200, resale_pico_usd: '1500000000', resale_usd: '0.0015', usage_source: 'estimated' });
    const second = await gw.admin('GET', `/audit?tenant_id=${a.tenantId}&slug=${slug}&limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((r: { request_id: string }) => r.request_id)).toEqual([ids[2], ids[1]]);
    const third = await gw.admin('GET', `/audit?tenant_id=${a.tenantId}&slug=${slug}&limit=2&cursor=${second.body.next_cursor}`);
    expect(third.body.data.map((r: { request_id: string }) => r.request_id)).toEqual([ids[0]]);
    expect(third.body.next_cursor).toBeNull();

    const notFound = await gw.admin('GET', `/audit?tenant_id=${a.tenantId}&status=404`);
    expect(notFound.body.data).toHaveLength(1);
    expect(notFound.body.data[0]).toMatchObject({ error_code: 'endpoint_not_found', endpoint: null });
    const byKey = await gw.admin('GET', `/audit?api_key_id=${b.keyId}`);
    expect(byKey.body.data).toHaveLength(1);
    const future = await gw.admin('GET', `/audit?tenant_id=${a.tenantId}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.body.data).toHaveLength(0);
    expect((await gw.admin('GET', '/audit?cursor=garbage')).status).toBe(400);
    expect((await gw.admin('GET', '/audit?status=abc')).status).toBe(400);
  });
});
