import { AdminTenantsService } from '../../src/admin/tenants/admin-tenants.service';
import { picoUsdToDecimalString } from '../../src/common/money/money';
import { GatewayError } from '../../src/common/errors/error-catalog';
import { KeysService } from '../../src/keys/keys.service';
import { PlansService } from '../../src/plans/plans.service';
import { MAX_BUDGET_PICO_USD } from '../../src/rate-limit/redis-rate-limit.store';
import { ResellerMeService } from '../../src/reseller/me/reseller-me.service';
import { FAKE_CLOCK_START } from '../fakes/fake-clock';
import { newTestService, type TestWorld } from '../fakes/new-test-service';
import { ADMIN_TOKEN_ACTOR } from '../support/actors';

/**
 * A plan's default monthly spend cap becomes the tenant budget of a tenant that joins the plan,
 * created on it or moved onto it, unless the tenant already has one (the operator's, or one from an
 * earlier plan): the operator's tenant use cases and the reseller's /me on the fakes. The routes,
 * and the budget refusing calls on the tenant's keys, are in test/admin/plans/admin-plans.e2e-spec.ts.
 */

/** One call on the test endpoint: 1,500,000,000 pico-USD. */
const PRICE = 1_500_000_000n;
/** The plan's default monthly cap: two and a half calls, $0.00375. */
const DEFAULT_CAP = (PRICE * 5n) / 2n;
/** The month of the fake clock. */
const MONTH_START = new Date(
  Date.UTC(new Date(FAKE_CLOCK_START).getUTCFullYear(), new Date(FAKE_CLOCK_START).getUTCMonth(), 1),
).toISOString();

describe("a plan's default monthly spend cap", () => {
  let tenants: AdminTenantsService;
  let world: TestWorld;
  let me: ResellerMeService;
  let withCap: string;
  let withoutCap: string;

  const plan = async (cap: bigint | null) =>
    (
      await (
        await world.get(PlansService)
      ).create(
        {
          name: `plan ${world.db.id()}`,
          description: '',
          monthlyFeePicoUsd: 0n,
          resaleDiscountBps: 0,
          requestLimitPerWindow: null,
          defaultMonthlySpendCapPicoUsd: cap,
          allowedCategories: [],
          public: true,
          defaultForSignups: false,
        },
        ADMIN_TOKEN_ACTOR,
      )
    ).id;

  beforeEach(async () => {
    ({ sut: tenants, ...world } = await newTestService(AdminTenantsService));
    me = await world.get(ResellerMeService);
    withCap = await plan(DEFAULT_CAP);
    withoutCap = await plan(null);
  });

  /** A reseller tenant, on `planId` from its creation if given. */
  const tenant = async (planId?: string) =>
    (await tenants.create(ADMIN_TOKEN_ACTOR, { name: `reseller ${world.db.id()}`, kind: 'reseller', plan_id: planId })).id;
  const budgetOf = (id: string) => tenants.budget(id);
  const monthlyDefault = (tenantId: string) => ({
    subject: 'tenant',
    subject_id: tenantId,
    period: 'monthly',
    cap_usd: '0.00375',
    period_start: MONTH_START,
  });
  const noBudget = async (id: string) => {
    const error = await budgetOf(id).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).code).toBe('resource_not_found');
    expect((await me.me(id)).budget).toBeNull();
  };

  it('is the monthly budget of a tenant created on the plan, in the operator view and /me, on its keys at once', async () => {
    const id = await tenant(withCap);
    expect(await budgetOf(id)).toMatchObject({ ...monthlyDefault(id), spent_usd: '0', held_usd: '0' });
    const view = await me.me(id);
    expect(view.plan).toMatchObject({ id: withCap });
    expect(view.budget).toMatchObject({ ...monthlyDefault(id), spent_usd: '0' });
    const keys = await world.get(KeysService);
    const { key } = await keys.create(id);
    expect((await keys.verify(key)).budgets).toEqual([
      expect.objectContaining({ subject: 'tenant', subjectId: id, period: 'monthly', capPicoUsd: DEFAULT_CAP }),
    ]);
  });

  it('is the budget of a tenant moved onto the plan, from its spend this month, at once on its cached keys; a later plan leaves it', async () => {
    const id = await tenant();
    await noBudget(id);
    const keys = await world.get(KeysService);
    const { key, record } = await keys.create(id);
    // One call before the plan: the key is cached without a budget, and the month's spend is one call.
    expect((await keys.verify(key)).budgets).toBeNull();
    world.db.tables.auditRecords.push({
      id: world.db.id(),
      createdAt: world.clock.now(),
      tenantId: id,
      customerId: null,
      apiKeyId: record.id,
      endpointId: null,
      resalePicoUsd: PRICE,
      customerPricePicoUsd: PRICE,
    });

    await tenants.update(ADMIN_TOKEN_ACTOR, id, { plan_id: withCap });
    const budget = await budgetOf(id);
    expect(budget).toMatchObject({ ...monthlyDefault(id), spent_usd: '0.0015' });
    expect((await me.me(id)).budget).toMatchObject(monthlyDefault(id));
    expect((await keys.verify(key)).budgets).toEqual([expect.objectContaining({ subject: 'tenant', capPicoUsd: DEFAULT_CAP })]);

    // Moved on to a plan without a default: the budget from the earlier plan stays as it was.
    world.clock.advance(1000);
    await tenants.update(ADMIN_TOKEN_ACTOR, id, { plan_id: withoutCap });
    expect(await budgetOf(id)).toMatchObject({ ...monthlyDefault(id), updated_at: budget.updated_at });
  });

  it('leaves a budget the operator set before the tenant joined the plan, whether it was created on it or moved onto it', async () => {
    const t = await tenant();
    const own = await tenants.putBudget(ADMIN_TOKEN_ACTOR, t, { period: 'daily', cap_usd: '3' });
    world.clock.advance(1000);
    await tenants.update(ADMIN_TOKEN_ACTOR, t, { plan_id: withCap });
    expect(await budgetOf(t)).toMatchObject({ subject: 'tenant', period: 'daily', cap_usd: '3', updated_at: own.updated_at });
    expect((await me.me(t)).budget).toMatchObject({ period: 'daily', cap_usd: '3' });

    // Joining the same plan again (a change that names it) changes nothing either.
    await tenants.update(ADMIN_TOKEN_ACTOR, t, { plan_id: withCap });
    expect(await budgetOf(t)).toMatchObject({ period: 'daily', cap_usd: '3' });

    // Created on the plan, then given the operator's own budget: a later change onto the plan keeps the operator's.
    const u = await tenant(withCap);
    await tenants.putBudget(ADMIN_TOKEN_ACTOR, u, { period: 'weekly', cap_usd: '7' });
    await tenants.update(ADMIN_TOKEN_ACTOR, u, { plan_id: withCap });
    expect(await budgetOf(u)).toMatchObject({ period: 'weekly', cap_usd: '7' });
  });

  it('gives no budget with a plan that has no default cap, or a cap of 0; a cap above the largest budget is that', async () => {
    await noBudget(await tenant(withoutCap));
    const u = await tenant();
    await tenants.update(ADMIN_TOKEN_ACTOR, u, { plan_id: withoutCap });
    await noBudget(u);
    await noBudget(await tenant(await plan(0n)));
    const huge = await tenant(await plan(MAX_BUDGET_PICO_USD * 2n));
    expect(await budgetOf(huge)).toMatchObject({ period: 'monthly', cap_usd: picoUsdToDecimalString(MAX_BUDGET_PICO_USD) });
  });
});
