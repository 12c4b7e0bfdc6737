import { randomUUID } from 'node:crypto';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';

/**
 * Plans bind: an owner moves only between public plans; leaving a private plan (one the operator
 * set), or having none, is the operator's decision. A self-service sign-up that names no plan starts
 * on the operator's default plan for sign-ups.
 */
describe('plans bind', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ SIGN_IN_RATE_LIMIT: '1000' });
  });

  afterAll(async () => {
    await gw.close();
  });

  const plan = async (harness: GatewayHarness, fields: Record<string, unknown> = {}) => {
    const created = await harness.admin('POST', '/plans', { name: `plan ${randomUUID()}`, monthly_fee_usd: '0', ...fields });
    expect(created.status).toBe(201);
    return created.body as { id: string; default_for_signups: boolean };
  };
  const callDns = (harness: GatewayHarness, key: string) =>
    harness.call('infra.dns', { key, body: { domain: 'example.com' } }).then(async (res) => ({
      status: res.status,
      code: res.status === 200 ? null : ((await res.json()) as { error: { code: string } }).error.code,
    }));

  it('an owner on a private plan cannot leave it, to none or to a public plan (403 plan_change_not_allowed); its bounds stay', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const privatePlan = await plan(gw, { public: false, allowed_categories: ['text'], request_limit_per_window: 50 });
    const publicPlan = await plan(gw);
    expect((await gw.admin('PATCH', `/tenants/${owner.tenantId}`, { plan_id: privatePlan.id })).status).toBe(200);
    const { key } = (await owner.reseller('POST', '/keys', { name: 'k' })).body;
    expect(await callDns(gw, key)).toEqual({ status: 403, code: 'endpoint_not_allowed' });

    const toNone = await owner.reseller('PUT', '/me/plan', { plan_id: null });
    expect([toNone.status, toNone.body.error?.code]).toEqual([403, 'plan_change_not_allowed']);
    const toPublic = await owner.reseller('PUT', '/me/plan', { plan_id: publicPlan.id });
    expect([toPublic.status, toPublic.body.error?.code]).toEqual([403, 'plan_change_not_allowed']);
    // A management key acts as the owner: refused alike.
    const managementKey = (await owner.reseller('POST', '/management-keys', {})).body.key;
    expect((await gw.reseller(managementKey, 'PUT', '/me/plan', { plan_id: null })).body.error?.code).toBe('plan_change_not_allowed');

    expect((await owner.reseller('GET', '/me')).body.tenant.plan_id).toBe(privatePlan.id);
    expect(await callDns(gw, key)).toEqual({ status: 403, code: 'endpoint_not_allowed' });
    // The operator still moves it wherever they like.
    expect((await gw.admin('PATCH', `/tenants/${owner.tenantId}`, { plan_id: null })).status).toBe(200);
    expect(await callDns(gw, key)).toEqual({ status: 200, code: null });
  });

  it('an owner moves between public plans; not onto none, not onto a private plan, not off none', async () => {
    const first = await plan(gw);
    const second = await plan(gw);
    const hidden = await plan(gw, { public: false });
    const owner = await ConsoleBrowser.signUp(gw, { plan_id: first.id });
    expect((await owner.reseller('PUT', '/me/plan', { plan_id: second.id })).body.tenant.plan_id).toBe(second.id);

    const toNone = await owner.reseller('PUT', '/me/plan', { plan_id: null });
    expect([toNone.status, toNone.body.error?.code]).toEqual([403, 'plan_change_not_allowed']);
    const toHidden = await owner.reseller('PUT', '/me/plan', { plan_id: hidden.id });
    expect([toHidden.status, toHidden.body.error?.code, toHidden.body.error?.message]).toEqual([
      400,
      'invalid_request',
      'plan_id names no public plan.',
    ]);
    expect((await owner.reseller('GET', '/me')).body.tenant.plan_id).toBe(second.id);

    // A tenant the operator left on no plan: choosing one is the operator's too.
    const planless = await ConsoleBrowser.signUp(gw);
    expect((await planless.reseller('GET', '/me')).body.tenant.plan_id).toBeNull();
    const fromNone = await planless.reseller('PUT', '/me/plan', { plan_id: first.id });
    expect([fromNone.status, fromNone.body.error?.code]).toEqual([403, 'plan_change_not_allowed']);
  });

  /** Which plan is the sign-ups' default is the database's: tested in a database of this describe's own. */
  describe("the operator's default plan for sign-ups", () => {
    let db: SuiteDatabase;
    let own: GatewayHarness;

    beforeAll(async () => {
      db = await createSuiteDatabase('signup_default_plan');
      own = await GatewayHarness.start({ DATABASE_URL: db.url, SIGN_IN_RATE_LIMIT: '1000' });
    });

    afterAll(async () => {
      await own?.close();
      await db?.drop();
    });

    it('a sign-up that names no plan starts on it, bounded from its first call; at most one plan is the default', async () => {
      const earlier = await plan(own, { default_for_signups: true });
      expect(earlier.default_for_signups).toBe(true);
      const starter = await plan(own, {
        public: false,
        allowed_categories: ['text'],
        default_monthly_spend_cap_usd: '1',
      });
      expect(starter.default_for_signups).toBe(false);
      const flagged = await own.admin('PATCH', `/plans/${starter.id}`, { default_for_signups: true });
      expect([flagged.status, flagged.body.default_for_signups]).toEqual([200, true]);
      // The flag moved: the earlier default lost it.
      expect((await own.admin('GET', `/plans/${earlier.id}`)).body.default_for_signups).toBe(false);
      expect(await own.prisma.plan.count({ where: { defaultForSignups: true } })).toBe(1);

      const owner = await ConsoleBrowser.signUp(own);
      const me = (await owner.reseller('GET', '/me')).body;
      expect(me.tenant.plan_id).toBe(starter.id);
      expect(me.budget).toMatchObject({ cap_usd: '1' });
      const { key } = (await owner.reseller('POST', '/keys', { name: 'k' })).body;
      expect(await callDns(own, key)).toEqual({ status: 403, code: 'endpoint_not_allowed' });
      // The default is private here: the owner cannot leave it.
      expect((await owner.reseller('PUT', '/me/plan', { plan_id: earlier.id })).body.error?.code).toBe('plan_change_not_allowed');

      // A sign-up that chooses a public plan gets that one.
      const chooser = await ConsoleBrowser.signUp(own, { plan_id: earlier.id });
      expect((await chooser.reseller('GET', '/me')).body.tenant.plan_id).toBe(earlier.id);

      // Unflagged: sign-ups start on no plan again.
      expect((await own.admin('PATCH', `/plans/${starter.id}`, { default_for_signups: false })).body.default_for_signups).toBe(false);
      expect((await (await ConsoleBrowser.signUp(own)).reseller('GET', '/me')).body.tenant.plan_id).toBeNull();
    });

    it('two plans flagged at the same moment: exactly one is the default', async () => {
      const [a, b] = [await plan(own), await plan(own)];
      const answers = await Promise.all([
        own.admin('PATCH', `/plans/${a.id}`, { default_for_signups: true }),
        own.admin('PATCH', `/plans/${b.id}`, { default_for_signups: true }),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(await own.prisma.plan.count({ where: { defaultForSignups: true } })).toBe(1);
    });
  });
});
