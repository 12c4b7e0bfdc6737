import { GatewayHarness } from '../support/gateway-harness';

/**
 * Limits a reseller sets on its keys and customers: each its own bucket in the one atomic check,
 * the operator's limit of a slug the ceiling of a key's, and allowed endpoints.
 */
describe('reseller API: limits and allowed endpoints', () => {
  let gw: GatewayHarness;
  let api: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    const { managementKey } = await gw.createReseller();
    api = (method, path, body) => gw.reseller(managementKey, method, path, body);
  });

  afterAll(async () => {
    await gw.close();
  });

  const customerWithKeys = async (count: number) => {
    const customer = (await api('POST', '/customers', { name: `c ${Math.random()}` })).body;
    const keys: Array<{ id: string; key: string }> = [];
    for (let i = 0; i < count; i++) keys.push((await api('POST', `/customers/${customer.id}/keys`, {})).body);
    return { customerId: customer.id as string, keys };
  };
  const call = (key: string, slug = 'text.generate') =>
    gw.call(slug, { key, body: slug === 'text.generate' ? { input: 'hi' } : { domain: 'example.com' } });

  it('stores a document per key and customer, and validates it', async () => {
    const { customerId, keys } = await customerWithKeys(1);
    const document = { requests_per_window: 100, per_slug: { 'text.generate': 5 }, allowed_endpoints: ['text.*', 'infra.dns'] };
    expect((await api('PUT', `/keys/${keys[0].id}/limits`, document)).body).toEqual(document);
    expect((await api('GET', `/keys/${keys[0].id}/limits`)).body).toEqual(document);
    expect((await api('PUT', `/customers/${customerId}/limits`, { per_slug: { 'infra.dns': 7 } })).body).toEqual({
      requests_per_window: null,
      per_slug: { 'infra.dns': 7 },
      allowed_endpoints: [],
    });
    for (const bad of [
      { per_slug: { 'not a slug': 1 } },
      { per_slug: { 'text.generate': 0 } },
      { allowed_endpoints: ['text'] },
      { requests_per_window: -1 },
    ]) {
      expect([bad, (await api('PUT', `/keys/${keys[0].id}/limits`, bad)).status]).toEqual([bad, 400]);
    }
  });

  it("a key's per-slug limit lowers the operator's, never raises it; its overall limit spans slugs", async () => {
    const { slug } = await gw.createEndpoint({ defaultRateLimit: 3, upstreams: [{ kind: 'simulator', name: 'sim' }] });
    const { keys } = await customerWithKeys(1);
    const [{ id, key }] = keys;

    await api('PUT', `/keys/${id}/limits`, { per_slug: { 'text.generate': 2, [slug]: 1000 } });
    expect((await call(key)).headers.get('x-ratelimit-limit')).toBe('2');
    expect((await call(key)).status).toBe(200);
    const third = await call(key);
    expect(third.status).toBe(429);
    // 1000 asked on the test slug, the operator's 3 applies.
    expect((await call(key, slug)).headers.get('ratelimit-policy')).toContain('"endpoint";q=3');

    await api('PUT', `/keys/${id}/limits`, { requests_per_window: 3 });
    const across = await call(key, 'infra.dns');
    expect(across.headers.get('ratelimit-policy')).toContain('"key";q=3');
  });

  it("a customer's limits count all its keys together, and a refused call charges no other bucket", async () => {
    const { customerId, keys } = await customerWithKeys(2);
    await api('PUT', `/customers/${customerId}/limits`, { requests_per_window: 10, per_slug: { 'text.generate': 2 } });
    expect((await call(keys[0].key)).status).toBe(200);
    expect((await call(keys[1].key)).status).toBe(200);
    const refused = await call(keys[0].key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit')).toContain('"customer_endpoint";r=0');

    // Two calls counted on the customer's overall bucket, not three: the refused one charged nothing.
    const other = await call(keys[1].key, 'infra.dns');
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit')).toContain('"customer";r=7');
  });

  it('allowed endpoints: every list that is set must allow the endpoint, by slug or category', async () => {
    const { customerId, keys } = await customerWithKeys(1);
    const [{ id, key }] = keys;
    await api('PUT', `/keys/${id}/limits`, { allowed_endpoints: ['text.*'] });
    expect((await call(key)).status).toBe(200);
    const refused = await call(key, 'infra.dns');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).error).toMatchObject({ code: 'endpoint_not_allowed', details: { slug: 'infra.dns' } });

    await api('PUT', `/customers/${customerId}/limits`, { allowed_endpoints: ['infra.dns'] });
    expect((await call(key)).status).toBe(403);
    expect((await call(key, 'infra.dns')).status).toBe(403);
    await api('PUT', `/keys/${id}/limits`, {});
    expect((await call(key, 'infra.dns')).status).toBe(200);
  });
});
