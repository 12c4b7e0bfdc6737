import { AdminPlansService } from '../../src/admin/plans/admin-plans.service';
import { AdminTenantsService } from '../../src/admin/tenants/admin-tenants.service';
import { newTestWorld, type TestWorld } from '../fakes/new-test-service';
import { ADMIN_TOKEN_ACTOR } from '../support/actors';

/**
 * The plan history plan fees are prorated from (plans/plan-fees.ts), as the operator's changes write
 * it, on the fakes (whose history is held to the SQL's by the contract tests): a tenant's change of
 * plan and a plan's change of fee are recorded from when they happen; choosing the plan a tenant is
 * on changes nothing; a fee change reaches only the tenants on that plan. The fees on a statement
 * are statements.e2e-spec.ts and plan-fees.spec.ts.
 */
describe('plan history', () => {
  let world: TestWorld;
  let tenants: AdminTenantsService;
  let plans: AdminPlansService;

  beforeEach(async () => {
    world = newTestWorld();
    tenants = await world.get(AdminTenantsService);
    plans = await world.get(AdminPlansService);
  });

  const history = async (tenantId: string) =>
    (await world.repos.planAssignments.history({ from: new Date(0), to: new Date('2999-01-01T00:00:00.000Z') }, tenantId)).map((h) => [
      h.planId,
      h.monthlyFeePicoUsd,
      h.effectiveFrom.toISOString(),
    ]);

  it('records a plan change and a plan fee change in the plan history, from when they happen', async () => {
    const basic = (await plans.create(ADMIN_TOKEN_ACTOR, { name: 'Basic', monthly_fee_usd: '30' })).id;
    const pro = (await plans.create(ADMIN_TOKEN_ACTOR, { name: 'Pro', monthly_fee_usd: '100' })).id;
    // P: Basic from its creation, then Pro.
    const p = (await tenants.create(ADMIN_TOKEN_ACTOR, { name: 'P', kind: 'reseller', plan_id: basic })).id;
    world.clock.advance(60_000);
    await tenants.update(ADMIN_TOKEN_ACTOR, p, { plan_id: pro });

    const tenant = (await tenants.create(ADMIN_TOKEN_ACTOR, { name: 'T', kind: 'reseller' })).id;
    world.clock.advance(60_000);
    const joined = world.clock.now().toISOString();
    await tenants.update(ADMIN_TOKEN_ACTOR, tenant, { plan_id: basic });
    world.clock.advance(60_000);
    const raised = world.clock.now().toISOString();
    await plans.update(ADMIN_TOKEN_ACTOR, basic, { monthly_fee_usd: '40' });
    // Choosing the plan it is on again changes nothing.
    world.clock.advance(60_000);
    await tenants.update(ADMIN_TOKEN_ACTOR, tenant, { plan_id: basic });
    expect(await history(tenant)).toEqual([
      [basic, 30_000_000_000_000n, joined],
      [basic, 40_000_000_000_000n, raised],
    ]);
    // P is on Pro: Basic's new fee does not touch its history.
    expect((await history(p)).map(([plan, fee]) => [plan, fee])).toEqual([
      [basic, 30_000_000_000_000n],
      [pro, 100_000_000_000_000n],
    ]);
    // Other changes of a plan (not its fee) and of a tenant (not its plan) write nothing.
    await plans.update(ADMIN_TOKEN_ACTOR, basic, { description: 'renamed' });
    await tenants.update(ADMIN_TOKEN_ACTOR, tenant, { name: 'T2', rate_limit_per_window: 5 });
    expect(await history(tenant)).toHaveLength(2);
  });
});
