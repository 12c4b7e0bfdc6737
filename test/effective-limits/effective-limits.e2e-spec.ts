import { randomUUID } from 'node:crypto';
import { GatewayHarness } from '../support/gateway-harness';
import { startUpstream, type TestUpstream } from '../support/upstream-server';

/** The price of one call on the test endpoint ('call' unit, one call at most): every hold is exactly it. */
const PRICE = 1_500_000_000n;
const usd = (pico: bigint) => (Number(pico) / 1e12).toString();

interface LimitRow {
  name: string;
  limit: number;
  used: number;
  remaining: number;
  binding: boolean;
  set_by: Array<{ source: string; limit: number; applies: boolean }>;
}
interface Report {
  window_seconds: number;
  endpoints: Array<{ slug: string; binding: string; limits: LimitRow[] }>;
  budgets: Array<{ budget_id: string; subject: string; cap_usd: string; remaining_usd: string; binding: boolean }>;
}

/**
 * The effective-limits report against the gateway itself: for each configuration, the limit the
 * report marks binding is the one the next call's X-RateLimit-Limit reports, and the budget it
 * marks binding is the one a 402 names when spending goes past it.
 */
describe('effective limits of a key', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let slug: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    ({ slug } = await gw.createEndpoint({ maxQuantityPerCall: 1n, defaultRateLimit: 50, upstreams: [{ baseUrl: upstream.url }] }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  async function customerWithKeys(keys = 1) {
    const reseller = await gw.createReseller();
    const customer = (await gw.reseller(reseller.managementKey, 'POST', '/customers', { name: 'Ada' })).body;
    const created: Array<{ id: string; key: string }> = [];
    for (let i = 0; i < keys; i++)
      created.push((await gw.reseller(reseller.managementKey, 'POST', `/customers/${customer.id}/keys`, {})).body);
    return { ...reseller, customerId: customer.id as string, keys: created };
  }

  /** The report for one slug, through the reseller API and the operator API (which must agree). */
  async function report(managementKey: string, keyId: string): Promise<Report> {
    const reseller = await gw.reseller<Report>(managementKey, 'GET', `/keys/${keyId}/effective-limits?slug=${slug}`);
    expect(reseller.status).toBe(200);
    const admin = await gw.admin<Report>('GET', `/keys/${keyId}/effective-limits?slug=${slug}`);
    // The same report; a window's end is computed from the store's TTL at each read, so it moves by milliseconds.
    const withoutResets = (r: Report) => JSON.stringify(r, (k, v: unknown) => (k === 'resets_at' ? undefined : v));
    expect(withoutResets(admin.body)).toEqual(withoutResets(reseller.body));
    return reseller.body;
  }

  const bindingOf = (r: Report) => r.endpoints[0].limits.find((l) => l.binding)!;

  /** The binding limit, then one call: its X-RateLimit-Limit is that limit. Returns the binding row. */
  async function expectBindingIsReported(managementKey: string, key: { id: string; key: string }): Promise<LimitRow> {
    const before = await report(managementKey, key.id);
    const binding = bindingOf(before);
    expect(before.endpoints[0].limits.filter((l) => l.binding)).toHaveLength(1);
    expect(before.endpoints[0].binding).toBe(binding.name);
    const res = await gw.call(slug, { key: key.key, body: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe(String(binding.limit));
    expect(res.headers.get('x-ratelimit-remaining')).toBe(String(binding.remaining - 1));
    return binding;
  }

  it('the catalog default, the operator override on the endpoint, the key limit and the customer limit: the binding one is what X-RateLimit-Limit reports', async () => {
    const c = await customerWithKeys(2);
    const [key, sibling] = c.keys;
    const m = c.managementKey;

    // Nothing set but the catalog's default.
    let binding = await expectBindingIsReported(m, key);
    expect(binding).toMatchObject({ name: 'endpoint', limit: 50, set_by: [{ source: 'catalog_default', limit: 50, applies: true }] });

    // The operator's per-endpoint override replaces it.
    expect((await gw.admin('PUT', `/catalog/${slug}/limit`, { requests_per_window: 40 })).status).toBe(200);
    try {
      binding = await expectBindingIsReported(m, key);
      expect(binding).toMatchObject({
        name: 'endpoint',
        limit: 40,
        set_by: [
          { source: 'catalog_default', limit: 50, applies: false },
          { source: 'endpoint_override', limit: 40, applies: true },
        ],
      });
    } finally {
      await gw.admin('PUT', `/catalog/${slug}/limit`, { requests_per_window: null });
    }

    // The customer's key with a 5-per-window limit of its own.
    expect((await gw.reseller(m, 'PUT', `/keys/${key.id}/limits`, { requests_per_window: 5 })).status).toBe(200);
    binding = await expectBindingIsReported(m, key);
    expect(binding).toMatchObject({ name: 'key', limit: 5 });

    // A customer limit of 8 with the key's 5: the sibling's calls fill the customer's window, so the
    // customer's (the larger limit) has the least room and binds.
    expect((await gw.reseller(m, 'PUT', `/customers/${c.customerId}/limits`, { requests_per_window: 8 })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await gw.call(slug, { key: sibling.key, body: {} })).status).toBe(200);
    const r = await report(m, key.id);
    expect(r.endpoints[0].limits.map((l) => [l.name, l.limit, l.remaining])).toEqual([
      ['endpoint', 50, 47],
      ['key', 5, 4],
      ['customer', 8, 3],
    ]);
    binding = await expectBindingIsReported(m, key);
    expect(binding).toMatchObject({ name: 'customer', limit: 8, used: 5 });
  });

  it("the tenant's and the plan's limits: the smaller counts, and binds when it has the least room", async () => {
    const plan = await gw.admin('POST', '/plans', { name: `plan ${randomUUID()}`, monthly_fee_usd: '0', request_limit_per_window: 7 });
    expect(plan.status).toBe(201);
    const c = await customerWithKeys();
    const [key] = c.keys;
    expect((await gw.admin('PATCH', `/tenants/${c.tenantId}`, { plan_id: plan.body.id, rate_limit_per_window: 9 })).status).toBe(200);
    const binding = await expectBindingIsReported(c.managementKey, key);
    expect(binding).toMatchObject({
      name: 'tenant',
      limit: 7,
      set_by: [
        { source: 'tenant', limit: 9, applies: false },
        { source: 'plan', limit: 7, applies: true },
      ],
    });
  });

  it('the budget marked binding is the one the 402 names: the smaller cap, then the one with less room left', async () => {
    const c = await customerWithKeys(2);
    const [key, sibling] = c.keys;
    const m = c.managementKey;
    // A key budget of 3.5 calls and a customer budget of 4.5 calls: the key's binds.
    await gw.reseller(m, 'PUT', `/keys/${key.id}/budget`, { period: 'daily', cap_usd: usd((PRICE * 7n) / 2n) });
    await gw.reseller(m, 'PUT', `/customers/${c.customerId}/budget`, { period: 'monthly', cap_usd: usd((PRICE * 9n) / 2n) });
    let r = await report(m, key.id);
    expect(r.budgets.map((b) => [b.subject, b.binding])).toEqual([
      ['key', true],
      ['customer', false],
    ]);

    // The sibling spends two calls of the customer's: its room (2.5 calls) is now below the key's (3.5).
    for (let i = 0; i < 2; i++) expect((await gw.call(slug, { key: sibling.key, body: {} })).status).toBe(200);
    await gw.flushAudit();
    r = await report(m, key.id);
    const binding = r.budgets.find((b) => b.binding)!;
    expect(binding.subject).toBe('customer');
    expect(binding.remaining_usd).toBe(usd((PRICE * 5n) / 2n));

    let refused: Response | null = null;
    for (let i = 0; i < 5 && !refused; i++) {
      const res = await gw.call(slug, { key: key.key, body: {} });
      if (res.status === 402) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused).not.toBeNull();
    const error = ((await refused!.json()) as { error: { code: string; details: { budget_id: string; limit_source: string } } }).error;
    expect(error.code).toBe('budget_exceeded');
    expect(error.details).toMatchObject({ budget_id: binding.budget_id, limit_source: 'customer' });
  });

  it('a key budget smaller than the customer budget binds and is named in the 402', async () => {
    const c = await customerWithKeys();
    const [key] = c.keys;
    await gw.reseller(c.managementKey, 'PUT', `/keys/${key.id}/budget`, { period: 'daily', cap_usd: usd((PRICE * 3n) / 2n) });
    await gw.reseller(c.managementKey, 'PUT', `/customers/${c.customerId}/budget`, { period: 'monthly', cap_usd: '25' });
    const binding = (await report(c.managementKey, key.id)).budgets.find((b) => b.binding)!;
    expect(binding).toMatchObject({ subject: 'key' });
    expect((await gw.call(slug, { key: key.key, body: {} })).status).toBe(200);
    expect((await gw.call(slug, { key: key.key, body: {} })).status).toBe(200);
    const refused = await gw.call(slug, { key: key.key, body: {} });
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: { details: { budget_id: string } } }).error.details.budget_id).toBe(binding.budget_id);
  });

  it("lists every endpoint the key may call; another tenant's key is 404; usage per day from the rollups", async () => {
    const c = await customerWithKeys();
    const [key] = c.keys;
    const all = await gw.reseller<Report>(c.managementKey, 'GET', `/keys/${key.id}/effective-limits`);
    expect(all.status).toBe(200);
    expect(all.body.window_seconds).toBeGreaterThan(0);
    expect(all.body.endpoints.map((e) => e.slug)).toContain(slug);
    expect(all.body.budgets).toEqual([]);

    const other = await gw.createReseller();
    expect((await gw.reseller(other.managementKey, 'GET', `/keys/${key.id}/effective-limits`)).status).toBe(404);
    expect((await gw.reseller(other.managementKey, 'GET', `/keys/${key.id}/usage`)).status).toBe(404);
    expect((await gw.reseller(c.managementKey, 'GET', `/keys/${key.id}/effective-limits?slug=infra.nope`)).status).toBe(404);
    expect((await gw.admin('GET', `/keys/${randomUUID()}/effective-limits`)).status).toBe(404);

    for (let i = 0; i < 3; i++) expect((await gw.call(slug, { key: key.key, body: {} })).status).toBe(200);
    await gw.flushAudit();
    const usage = await gw.reseller(c.managementKey, 'GET', `/keys/${key.id}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.body.days.at(-1)).toEqual({
      day: today,
      calls: 3,
      errors: 0,
      customer_price_usd: expect.any(String),
      resale_usd: usd(PRICE * 3n),
    });
    expect((await gw.admin('GET', `/keys/${key.id}/usage`)).body).toEqual(usage.body);
    expect(
      (await gw.reseller(c.managementKey, 'GET', `/keys/${key.id}/usage?from=2026-01-01T00:00:00Z&to=2025-01-01T00:00:00Z`)).status,
    ).toBe(400);
  });
});
