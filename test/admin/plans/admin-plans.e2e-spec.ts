import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { picoUsdToDecimalString, usdToPicoUsd } from '../../../src/common/money/money';
import { GatewayHarness } from '../../support/gateway-harness';
import { backendPid, sessionsBlockedBy } from '../../support/lock-waits';
import { testDatabaseUrl } from '../../support/test-env';
import { startUpstream, type TestUpstream } from '../../support/upstream-server';
import { waitFor } from '../../support/wait-for';

/** Plans through the operator API, and the bounds they put on their tenants' keys at the gateway. */
describe('operator API: plans', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
    // This gateway's own Redis keys (the budgets' state; the server is shared: only its prefix).
    const client = new Redis(gw.config.REDIS_URL!);
    const keys = await client.keys(`${gw.config.REDIS_KEY_PREFIX}*`);
    if (keys.length) await client.del(...keys);
    await client.quit();
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

  it("a tenant moved onto a plan while the plan's fee changes holds the plan at the new fee in its history (once the old one: billed it until the next change)", async () => {
    const plan = (await gw.admin('POST', '/plans', planBody(`Fee race ${randomUUID()}`, { monthly_fee_usd: '49' }))).body;
    const { tenantId } = await gw.createTenantWithKey();
    // The fee's change, held open: it has changed the plan, and (no tenant on the plan yet) no history.
    const feeChange = new Client({ connectionString: testDatabaseUrl() });
    await feeChange.connect();
    try {
      const feeChangePid = await backendPid(feeChange);
      await feeChange.query('BEGIN');
      await feeChange.query('UPDATE plans SET monthly_fee_pico_usd = $1, updated_at = now() WHERE id = $2', [
        usdToPicoUsd('99').toString(),
        plan.id,
      ]);
      const move = gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: plan.id });
      await sessionsBlockedBy(gw.prisma.pool, [feeChangePid], 1, 'the move to wait for the fee change');
      await feeChange.query('COMMIT');
      expect((await move).status).toBe(200);
    } finally {
      await feeChange.query('ROLLBACK').catch(() => undefined);
      await feeChange.end();
    }
    const history = await gw.prisma.$queryRaw<Array<{ plan_id: string; fee: string }>>`
      SELECT plan_id::text, monthly_fee_pico_usd::text AS fee FROM plan_assignments WHERE tenant_id = ${tenantId}::uuid ORDER BY effective_from, id`;
    expect(history).toEqual([{ plan_id: plan.id, fee: usdToPicoUsd('99').toString() }]);
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

  /**
   * A plan's default monthly spend cap becomes the tenant budget of a tenant that joins the plan: in
   * GET /tenants/{id}/budget, in the tenant's GET /me, and enforced on the tenant's keys at once.
   * Which budget a tenant keeps when it joins a plan (the operator's, an earlier plan's; none
   * without a default cap) is test/plans/plan-default-budget.spec.ts, on the fakes.
   */
  describe("a plan's default monthly spend cap", () => {
    /** One call on the test endpoint (no discount on these plans): 1,500,000,000 pico-USD, at most one call per call. */
    const PRICE = 1_500_000_000n;
    /** The plan's default monthly cap: two and a half calls, $0.00375. */
    const DEFAULT_CAP = (PRICE * 5n) / 2n;
    let upstream: TestUpstream;
    let slug: string;
    let withCap: string;
    let withoutCap: string;

    beforeAll(async () => {
      upstream = await startUpstream((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
      ({ slug } = await gw.createEndpoint({ maxQuantityPerCall: 1n, upstreams: [{ baseUrl: upstream.url }] }));
      const plan = async (cap: bigint | null) => {
        const res = await gw.admin('POST', '/plans', {
          name: `plan ${randomUUID()}`,
          monthly_fee_usd: '0',
          default_monthly_spend_cap_usd: cap === null ? null : picoUsdToDecimalString(cap),
        });
        expect(res.status).toBe(201);
        expect(res.body.default_monthly_spend_cap_usd).toBe(cap === null ? null : picoUsdToDecimalString(cap));
        return res.body.id as string;
      };
      withCap = await plan(DEFAULT_CAP);
      withoutCap = await plan(null);
    });

    afterAll(async () => {
      await upstream.close();
    });

    /** A reseller tenant (on `planId` from its creation, if given) and a management key. */
    const tenant = async (planId?: string) => {
      const created = await gw.admin('POST', '/tenants', { name: `reseller ${randomUUID()}`, kind: 'reseller', plan_id: planId });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const managementKey = (await gw.admin('POST', `/tenants/${id}/management-keys`, { name: 'test' })).body.key as string;
      return { id, managementKey };
    };
    const startOfMonth = () => {
      const now = new Date();
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    };
    const monthlyDefault = (tenantId: string) => ({
      subject: 'tenant',
      subject_id: tenantId,
      period: 'monthly',
      cap_usd: '0.00375',
      period_start: startOfMonth(),
    });

    it('is the monthly budget of a tenant created on the plan: operator view and GET /me', async () => {
      const t = await tenant(withCap);
      const budget = await gw.admin('GET', `/tenants/${t.id}/budget`);
      expect(budget.status).toBe(200);
      expect(budget.body).toMatchObject({ ...monthlyDefault(t.id), spent_usd: '0', held_usd: '0' });
      const me = await gw.reseller(t.managementKey, 'GET', '/me');
      expect(me.body.plan).toMatchObject({ id: withCap });
      expect(me.body.budget).toMatchObject({ ...monthlyDefault(t.id), spent_usd: '0' });

      // Enforced on the tenant's keys: 0, 1 and 2 calls' worth are under 2.5.
      const key = (await gw.reseller(t.managementKey, 'POST', '/keys', {})).body.key as string;
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await gw.call(slug, { key, body: {} })).status);
      expect(statuses).toEqual([200, 200, 200, 402]);
    });

    it('is the budget of a tenant moved onto the plan (PATCH), from its spend this month, at once on its cached keys; a later plan leaves it', async () => {
      const t = await tenant();
      expect((await gw.admin('GET', `/tenants/${t.id}/budget`)).status).toBe(404);
      expect((await gw.reseller(t.managementKey, 'GET', '/me')).body.budget).toBeNull();
      const key = (await gw.reseller(t.managementKey, 'POST', '/keys', {})).body.key as string;
      // One call before the plan: the key is cached without a budget, and the month's spend is one call.
      expect((await gw.call(slug, { key, body: {} })).status).toBe(200);
      await waitFor('the first call’s audit record', async () => {
        await gw.flushAudit();
        return (await gw.prisma.auditRecord.count({ where: { tenantId: t.id } })) === 1;
      });

      expect((await gw.admin('PATCH', `/tenants/${t.id}`, { plan_id: withCap })).status).toBe(200);
      const budget = (await gw.admin('GET', `/tenants/${t.id}/budget`)).body;
      expect(budget).toMatchObject({ ...monthlyDefault(t.id), spent_usd: '0.0015' });
      expect((await gw.reseller(t.managementKey, 'GET', '/me')).body.budget).toMatchObject(monthlyDefault(t.id));
      // 1 and 2 calls' worth are under 2.5: two more pass.
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await gw.call(slug, { key, body: {} })).status);
      expect(statuses).toEqual([200, 200, 402]);

      // Moved on to a plan without a default: the budget from the earlier plan stays as it was.
      expect((await gw.admin('PATCH', `/tenants/${t.id}`, { plan_id: withoutCap })).status).toBe(200);
      const kept = (await gw.admin('GET', `/tenants/${t.id}/budget`)).body;
      expect(kept).toMatchObject({ ...monthlyDefault(t.id), updated_at: budget.updated_at });
    });
  });
});
