import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { picoUsdToDecimalString } from '../../src/common/money/money';
import { GatewayHarness } from '../support/gateway-harness';
import { startUpstream, type TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';

/** One call on the test endpoint (no discount on these plans): 1,500,000,000 pico-USD, at most one call per call. */
const PRICE = 1_500_000_000n;
/** The plan's default monthly cap: two and a half calls, $0.00375. */
const DEFAULT_CAP = (PRICE * 5n) / 2n;

/**
 * A plan's default monthly spend cap becomes the tenant budget of a tenant that joins the plan,
 * created on it or moved onto it, unless the tenant already has one (the operator's, or one from
 * an earlier plan). It is a budget like any other: in GET /tenants/{id}/budget, in the tenant's
 * GET /me, and enforced on the tenant's keys at once.
 */
describe("a plan's default monthly spend cap", () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let slug: string;
  let withCap: string;
  let withoutCap: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
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
    await gw.close();
    await upstream.close();
    // This gateway's own Redis keys (the server is shared: only its prefix).
    const client = new Redis(gw.config.REDIS_URL!);
    const keys = await client.keys(`${gw.config.REDIS_KEY_PREFIX}*`);
    if (keys.length) await client.del(...keys);
    await client.quit();
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

  it('leaves a budget the operator set before the tenant joined the plan, whether it was created on it or moved onto it', async () => {
    const t = await tenant();
    const own = await gw.admin('PUT', `/tenants/${t.id}/budget`, { period: 'daily', cap_usd: '3' });
    expect(own.status).toBe(200);
    expect((await gw.admin('PATCH', `/tenants/${t.id}`, { plan_id: withCap })).status).toBe(200);
    const after = (await gw.admin('GET', `/tenants/${t.id}/budget`)).body;
    expect(after).toMatchObject({ subject: 'tenant', period: 'daily', cap_usd: '3', updated_at: own.body.updated_at });
    expect((await gw.reseller(t.managementKey, 'GET', '/me')).body.budget).toMatchObject({ period: 'daily', cap_usd: '3' });

    // Joining the same plan again (a PATCH that names it) changes nothing either.
    expect((await gw.admin('PATCH', `/tenants/${t.id}`, { plan_id: withCap })).status).toBe(200);
    expect((await gw.admin('GET', `/tenants/${t.id}/budget`)).body).toMatchObject({ period: 'daily', cap_usd: '3' });

    // Created on the plan, then given the operator's own budget: a later PATCH onto the plan keeps the operator's.
    const u = await tenant(withCap);
    expect((await gw.admin('PUT', `/tenants/${u.id}/budget`, { period: 'weekly', cap_usd: '7' })).status).toBe(200);
    expect((await gw.admin('PATCH', `/tenants/${u.id}`, { plan_id: withCap })).status).toBe(200);
    expect((await gw.admin('GET', `/tenants/${u.id}/budget`)).body).toMatchObject({ period: 'weekly', cap_usd: '7' });
  });

  it('gives no budget with a plan that has no default cap', async () => {
    const t = await tenant(withoutCap);
    expect((await gw.admin('GET', `/tenants/${t.id}/budget`)).status).toBe(404);
    expect((await gw.reseller(t.managementKey, 'GET', '/me')).body.budget).toBeNull();
    const u = await tenant();
    expect((await gw.admin('PATCH', `/tenants/${u.id}`, { plan_id: withoutCap })).status).toBe(200);
    expect((await gw.admin('GET', `/tenants/${u.id}/budget`)).status).toBe(404);
  });
});
