import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { addMonths, monthOf } from '../../src/common/time/utc-month';
import { PlanChangeSchedule } from '../../src/plans/plan-change-schedule';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { backendPid, sessionsBlockedBy } from '../support/lock-waits';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';
import { waitFor } from '../support/wait-for';

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

  /**
   * In a database of this describe's own, with the job queue's workers on: the plan changes job makes
   * every due change of its database, and another suite's gateway (another Redis key prefix) would
   * make it without reaching this gateway's key cache.
   */
  describe('a move to a smaller monthly fee waits: a plan is held for a whole month', () => {
    let db: SuiteDatabase;
    let gw: GatewayHarness;

    beforeAll(async () => {
      db = await createSuiteDatabase('plan_changes');
      // The plan changes job runs every 200 ms: a change made due by the test is made without waiting for a month.
      gw = await GatewayHarness.start({
        DATABASE_URL: db.url,
        SIGN_IN_RATE_LIMIT: '1000',
        JOB_WORKER: 'true',
        PLAN_CHANGE_JOB_INTERVAL_MS: '200',
      });
    });

    afterAll(async () => {
      await gw?.close();
      await db?.drop();
    });

    const usd = 1_000_000_000_000n;
    /** A tenant on `cheap` (text only, no discount) that can move to `dear` (every category, 30 % off, a bigger fee). */
    async function ownerWithTwoPlans() {
      const cheap = await plan(gw, { monthly_fee_usd: '10', allowed_categories: ['text'] });
      const dear = await plan(gw, { monthly_fee_usd: '1000', resale_discount_bps: 3000 });
      const owner = await ConsoleBrowser.signUp(gw, { plan_id: cheap.id });
      const { key } = (await owner.reseller('POST', '/keys', { name: 'k' })).body;
      return { cheap, dear, owner, key: key as string };
    }
    /** The month after next: a plan chosen now is held through the whole next month. */
    const afterNextMonths = () => [addMonths(monthOf(new Date()), 2).toISOString()];
    const history = (tenantId: string) =>
      gw.prisma.planAssignment.findMany({ where: { tenantId }, orderBy: [{ effectiveFrom: 'asc' }, { id: 'asc' }] });
    const activity = (tenantId: string) =>
      gw.prisma.activityEntry.findMany({ where: { tenantId, action: { startsWith: 'tenant.plan' } }, orderBy: { createdAt: 'asc' } });

    it('a bigger fee applies at once; a smaller one is scheduled for the month’s start, the plan held (its bounds, its fee) until the job makes the move', async () => {
      const { cheap, dear, owner, key } = await ownerWithTwoPlans();
      const before = afterNextMonths();
      const up = await owner.reseller('PUT', '/me/plan', { plan_id: dear.id });
      expect([up.status, up.body.tenant.plan_id, up.body.scheduled_plan_change]).toEqual([200, dear.id, null]);
      expect(await callDns(gw, key)).toEqual({ status: 200, code: null });

      const down = await owner.reseller('PUT', '/me/plan', { plan_id: cheap.id });
      expect(down.status).toBe(200);
      expect(down.body.tenant.plan_id).toBe(dear.id);
      expect(down.body.plan.id).toBe(dear.id);
      expect(down.body.scheduled_plan_change.plan.id).toBe(cheap.id);
      // Dear was chosen this month: it is held through the whole of the next one (an hour of it would cost an hour's fee).
      expect([...before, ...afterNextMonths()]).toContain(down.body.scheduled_plan_change.effective_from);
      expect((await owner.reseller('GET', '/me')).body.scheduled_plan_change.plan.id).toBe(cheap.id);
      // Still on the dear plan: its bounds hold, and its fee runs on (no row of history for the scheduled move).
      expect(await callDns(gw, key)).toEqual({ status: 200, code: null });
      expect((await history(owner.tenantId)).map((a) => [a.planId, a.monthlyFeePicoUsd])).toEqual([
        [cheap.id, 10n * usd],
        [dear.id, 1000n * usd],
      ]);

      // The month starts (the change is made due): the job makes the move, in the owner's name, from then on.
      const due = new Date();
      await gw.prisma.scheduledPlanChange.update({ where: { tenantId: owner.tenantId }, data: { effectiveFrom: due } });
      await waitFor(
        'the scheduled move',
        async () => (await gw.prisma.tenant.findUniqueOrThrow({ where: { id: owner.tenantId } })).planId === cheap.id,
        15_000,
      );
      expect((await owner.reseller('GET', '/me')).body.scheduled_plan_change).toBeNull();
      expect(await callDns(gw, key)).toEqual({ status: 403, code: 'endpoint_not_allowed' });
      const rows = await history(owner.tenantId);
      expect(rows.map((a) => a.planId)).toEqual([cheap.id, dear.id, cheap.id]);
      expect(rows[2].effectiveFrom.getTime()).toBeGreaterThanOrEqual(due.getTime());
      const entries = await activity(owner.tenantId);
      expect(entries.map((e) => [e.action, e.actorKind, e.actorId])).toEqual([
        ['tenant.plan_change', 'tenant_user', owner.userId],
        ['tenant.plan_change_scheduled', 'tenant_user', owner.userId],
        ['tenant.plan_change', 'tenant_user', owner.userId],
      ]);
      expect(entries[2].after).toMatchObject({ plan_id: cheap.id, scheduled_plan_id: null });
      expect(await gw.prisma.scheduledPlanChange.count({ where: { tenantId: owner.tenantId } })).toBe(0);
    });

    it('choosing again replaces the scheduled move, choosing the current plan or DELETE cancels it (then 404), a bigger fee or the operator’s change replaces it', async () => {
      const { cheap, dear, owner } = await ownerWithTwoPlans();
      const middle = await plan(gw, { monthly_fee_usd: '100' });
      await owner.reseller('PUT', '/me/plan', { plan_id: dear.id });
      const scheduled = async () => (await owner.reseller('GET', '/me')).body.scheduled_plan_change?.plan.id ?? null;

      await owner.reseller('PUT', '/me/plan', { plan_id: cheap.id });
      expect((await owner.reseller('PUT', '/me/plan', { plan_id: middle.id })).body.scheduled_plan_change.plan.id).toBe(middle.id);
      const stay = await owner.reseller('PUT', '/me/plan', { plan_id: dear.id });
      expect([stay.status, stay.body.tenant.plan_id, stay.body.scheduled_plan_change]).toEqual([200, dear.id, null]);

      await owner.reseller('PUT', '/me/plan', { plan_id: cheap.id });
      const cancelled = await owner.reseller('DELETE', '/me/scheduled-plan-change');
      expect([cancelled.status, cancelled.body.tenant.plan_id, cancelled.body.scheduled_plan_change]).toEqual([200, dear.id, null]);
      const none = await owner.reseller('DELETE', '/me/scheduled-plan-change');
      expect([none.status, none.body.error?.code]).toEqual([404, 'resource_not_found']);

      // From the middle plan, the cheap one is scheduled; the dear one (a bigger fee) is made at once and replaces it.
      expect((await gw.admin('PATCH', `/tenants/${owner.tenantId}`, { plan_id: middle.id })).status).toBe(200);
      await owner.reseller('PUT', '/me/plan', { plan_id: cheap.id });
      expect(await scheduled()).toBe(cheap.id);
      const upAgain = await owner.reseller('PUT', '/me/plan', { plan_id: dear.id });
      expect([upAgain.body.tenant.plan_id, upAgain.body.scheduled_plan_change]).toEqual([dear.id, null]);

      // The operator's change of the plan replaces the owner's scheduled move too.
      await owner.reseller('PUT', '/me/plan', { plan_id: cheap.id });
      expect(await scheduled()).toBe(cheap.id);
      expect((await gw.admin('PATCH', `/tenants/${owner.tenantId}`, { plan_id: middle.id })).status).toBe(200);
      expect(await scheduled()).toBeNull();
      expect((await owner.reseller('GET', '/me')).body.tenant.plan_id).toBe(middle.id);

      // An operator's edit that leaves the plan as it is (a form sends it with the name) keeps the move.
      await owner.reseller('PUT', '/me/plan', { plan_id: cheap.id });
      expect((await gw.admin('PATCH', `/tenants/${owner.tenantId}`, { name: 'Renamed', plan_id: middle.id })).status).toBe(200);
      expect(await scheduled()).toBe(cheap.id);

      const actions = (await activity(owner.tenantId)).map((e) => e.action);
      expect(actions.filter((a) => a === 'tenant.plan_change_scheduled')).toHaveLength(6);
      expect(actions.filter((a) => a === 'tenant.plan_change_cancelled')).toHaveLength(2);
    });

    it('the same fee: a bigger discount waits, none bigger is made at once', async () => {
      const { dear, owner } = await ownerWithTwoPlans();
      const richer = await plan(gw, { monthly_fee_usd: '1000', resale_discount_bps: 3500 });
      const plainer = await plan(gw, { monthly_fee_usd: '1000', resale_discount_bps: 0 });
      await owner.reseller('PUT', '/me/plan', { plan_id: dear.id });
      const toRicher = await owner.reseller('PUT', '/me/plan', { plan_id: richer.id });
      expect([toRicher.body.plan.id, toRicher.body.scheduled_plan_change?.plan.id]).toEqual([dear.id, richer.id]);
      const toPlainer = await owner.reseller('PUT', '/me/plan', { plan_id: plainer.id });
      expect([toPlainer.body.plan.id, toPlainer.body.scheduled_plan_change]).toEqual([plainer.id, null]);
    });

    it('a plan taken off the website cancels the moves scheduled onto it, in the operator’s name; one that raced it is dropped when due', async () => {
      const { cheap, dear, owner } = await ownerWithTwoPlans();
      await owner.reseller('PUT', '/me/plan', { plan_id: dear.id });
      await owner.reseller('PUT', '/me/plan', { plan_id: cheap.id });
      expect((await gw.admin('PATCH', `/plans/${cheap.id}`, { public: false })).status).toBe(200);
      expect((await owner.reseller('GET', '/me')).body).toMatchObject({ plan: { id: dear.id }, scheduled_plan_change: null });
      const cancelled = (await activity(owner.tenantId)).filter((e) => e.action === 'tenant.plan_change_cancelled');
      expect(cancelled.map((e) => [e.actorKind, e.before])).toEqual([
        ['admin_token', expect.objectContaining({ scheduled_plan_id: cheap.id })],
      ]);

      // A move scheduled as the plan left the website (the plan's change did not see it): not made when due.
      const other = await ownerWithTwoPlans();
      await other.owner.reseller('PUT', '/me/plan', { plan_id: other.dear.id });
      await other.owner.reseller('PUT', '/me/plan', { plan_id: other.cheap.id });
      await gw.prisma.plan.update({ where: { id: other.cheap.id }, data: { public: false } });
      await gw.prisma.scheduledPlanChange.update({ where: { tenantId: other.owner.tenantId }, data: { effectiveFrom: new Date() } });
      await waitFor(
        'the due move dropped',
        async () => (await gw.prisma.scheduledPlanChange.count({ where: { tenantId: other.owner.tenantId } })) === 0,
        15_000,
      );
      expect((await gw.prisma.tenant.findUniqueOrThrow({ where: { id: other.owner.tenantId } })).planId).toBe(other.dear.id);
    });

    it('choosing again keeps a scheduled move’s time when it is sooner (one due is not put off by a month)', async () => {
      const { cheap, dear, owner } = await ownerWithTwoPlans();
      const middle = await plan(gw, { monthly_fee_usd: '100' });
      await owner.reseller('PUT', '/me/plan', { plan_id: dear.id });
      await owner.reseller('PUT', '/me/plan', { plan_id: cheap.id });
      const sooner = addMonths(monthOf(new Date()), 1);
      await gw.prisma.scheduledPlanChange.update({ where: { tenantId: owner.tenantId }, data: { effectiveFrom: sooner } });
      const again = await owner.reseller('PUT', '/me/plan', { plan_id: middle.id });
      expect(again.body.scheduled_plan_change).toMatchObject({ plan: { id: middle.id }, effective_from: sooner.toISOString() });
    });

    it('a plan some tenant is scheduled to move to cannot be deleted (409)', async () => {
      const { cheap, dear, owner } = await ownerWithTwoPlans();
      await owner.reseller('PUT', '/me/plan', { plan_id: dear.id });
      await owner.reseller('PUT', '/me/plan', { plan_id: cheap.id });
      // The cheap plan still has the tenant's history but no tenant on it: only the schedule holds it.
      const refused = await gw.admin('DELETE', `/plans/${cheap.id}`);
      expect([refused.status, refused.body.error?.code]).toEqual([409, 'conflict']);
      await owner.reseller('DELETE', '/me/scheduled-plan-change');
      expect((await gw.admin('DELETE', `/plans/${cheap.id}`)).status).toBe(204);
    });

    it('a move made at once, decided against a plan the operator changed meanwhile, is refused (409) and keeps the operator’s plan', async () => {
      const { dear, owner } = await ownerWithTwoPlans();
      const negotiated = await plan(gw, { public: false, monthly_fee_usd: '500' });
      const operator = new Client({ connectionString: db.url });
      await operator.connect();
      try {
        const operatorPid = await backendPid(operator);
        await operator.query('BEGIN');
        await operator.query('SELECT 1 FROM tenants WHERE id = $1 FOR NO KEY UPDATE', [owner.tenantId]);
        // The owner's upgrade read the cheap plan, and now waits for the operator's transaction.
        const choosing = owner.reseller('PUT', '/me/plan', { plan_id: dear.id });
        await sessionsBlockedBy(gw.prisma.pool, [operatorPid], 1, 'the owner’s move to wait for the operator');
        await operator.query('UPDATE tenants SET plan_id = $1 WHERE id = $2', [negotiated.id, owner.tenantId]);
        await operator.query('COMMIT');
        const answer = await choosing;
        expect([answer.status, answer.body.error?.code]).toEqual([409, 'conflict']);
      } finally {
        await operator.end();
      }
      expect((await gw.prisma.tenant.findUniqueOrThrow({ where: { id: owner.tenantId } })).planId).toBe(negotiated.id);
    });

    it('a move decided against a plan that changed meanwhile is refused (409), scheduling nothing', async () => {
      const { cheap, dear, owner } = await ownerWithTwoPlans();
      const refused = gw.app
        .get(PlanChangeSchedule)
        .schedule(
          { kind: 'tenant_user', id: owner.userId, email: owner.email },
          owner.tenantId,
          dear.id,
          cheap.id,
          addMonths(monthOf(new Date()), 1),
        );
      await expect(refused).rejects.toMatchObject({ code: 'conflict' });
      expect(await gw.prisma.scheduledPlanChange.count({ where: { tenantId: owner.tenantId } })).toBe(0);
    });
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
