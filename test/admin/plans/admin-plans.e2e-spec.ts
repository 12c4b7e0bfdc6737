import { GatewayHarness } from '../../support/gateway-harness';

/** Plans through the operator API, and the bounds they put on their tenants' keys at the gateway. */
describe('operator API: plans', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  const planBody = (name: string, extra: object = {}) => ({ name, monthly_fee_usd: '49', ...extra });

  it('creates, reads, lists, updates and deletes plans; names are unique; a plan in use is not deleted', async () => {
    const name = `Starter ${Date.now()}`;
    const created = await gw.admin('POST', '/plans', planBody(name, { resale_discount_bps: 1000, allowed_categories: ['text', 'data'] }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name,
      monthly_fee_usd: '49',
      resale_discount_bps: 1000,
      request_limit_per_window: null,
      allowed_categories: ['text', 'data'],
      public: true,
    });
    expect((await gw.admin('POST', '/plans', planBody(name))).status).toBe(409);
    expect((await gw.admin('POST', '/plans', planBody('x', { allowed_categories: ['robots'] }))).status).toBe(400);
    expect((await gw.admin('POST', '/plans', planBody('x', { resale_discount_bps: 10_001 }))).status).toBe(400);

    const id = created.body.id as string;
    expect((await gw.admin('GET', `/plans/${id}`)).body.name).toBe(name);
    expect((await gw.admin('PATCH', `/plans/${id}`, { request_limit_per_window: 10, public: false })).body).toMatchObject({
      request_limit_per_window: 10,
      public: false,
    });
    const page = await gw.admin('GET', '/plans?limit=500');
    expect(page.body.data.map((p: { id: string }) => p.id)).toContain(id);

    const tenant = await gw.admin('POST', '/tenants', { name: 'on a plan', plan_id: id });
    expect(tenant.body.plan_id).toBe(id);
    expect((await gw.admin('DELETE', `/plans/${id}`)).status).toBe(409);
    await gw.admin('PATCH', `/tenants/${tenant.body.id}`, { plan_id: null });
    expect((await gw.admin('DELETE', `/plans/${id}`)).status).toBe(204);
    expect((await gw.admin('GET', `/plans/${id}`)).status).toBe(404);
    expect((await gw.admin('POST', '/tenants', { name: 'no such plan', plan_id: id })).status).toBe(400);
  });

  it("bounds its tenants' keys at the gateway: categories outside the plan are 403, its limit caps the tenant's, changes apply at once", async () => {
    const plan = (await gw.admin('POST', '/plans', planBody(`Text only ${Date.now()}`, { allowed_categories: ['text'] }))).body;
    const { tenantId, key } = await gw.createTenantWithKey({ tenantRateLimit: 1000 });
    await gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: plan.id });

    expect((await gw.call('text.generate', { key, body: { input: 'hi' } })).status).toBe(200);
    const refused = await gw.call('infra.dns', { key, body: { domain: 'example.com' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).error).toMatchObject({
      code: 'endpoint_not_allowed',
      details: { category: 'infra', allowed_categories: ['text'] },
    });

    // The plan's limit (2 per window) is below the tenant's own (1000): the smaller one applies.
    await gw.admin('PATCH', `/plans/${plan.id}`, { request_limit_per_window: 2, allowed_categories: [] });
    const second = await gw.call('infra.dns', { key, body: { domain: 'example.com' } });
    expect(second.status).toBe(200);
    expect(second.headers.get('ratelimit-policy')).toContain('"tenant";q=2');
    const third = await gw.call('infra.dns', { key, body: { domain: 'example.com' } });
    expect(third.status).toBe(429);
  });
});
