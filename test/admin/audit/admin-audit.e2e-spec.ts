import { GatewayHarness } from '../../support/gateway-harness';
import { sendJson, startUpstream, TestUpstream } from '../../support/upstream-server';

describe('operator API: audit trail', () => {
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
    expect(first.body.data[0]).toMatchObject({
      endpoint: slug,
      tenant_id: a.tenantId,
      status: 200,
      wholesale_usd: '0.001',
      resale_usd: '0.0015',
      customer_price_usd: '0.0015',
      usage_source: 'estimated',
    });
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
    const future = await gw.admin(
      'GET',
      `/audit?tenant_id=${a.tenantId}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(future.body.data).toHaveLength(0);
    expect((await gw.admin('GET', '/audit?cursor=garbage')).status).toBe(400);
    expect((await gw.admin('GET', '/audit?status=abc')).status).toBe(400);
  });
});
