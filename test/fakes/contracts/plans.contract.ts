import { randomUUID } from 'node:crypto';
import { anyDate, anyId, cursorAt, describeContract, newestFirst, unique } from './contract';

/** PlansRepository and PlanAssignmentsRepository, and their fakes. */

const ALL_TIME = { from: new Date(0), to: new Date('2999-01-01T00:00:00.000Z') };

export function plansRepositoryContracts(): void {
  describeContract('PlansRepository', (run) => {
    it('creates a plan with what it was given, reads it back, and refuses a second plan of the same name (P2002)', () =>
      run(async (subject) => {
        const { repos } = subject;
        const definition = {
          name: unique('plan'),
          description: 'for tests',
          monthlyFeePicoUsd: 30_000_000_000_000n,
          resaleDiscountBps: 1000,
          requestLimitPerWindow: 500,
          defaultMonthlySpendCapPicoUsd: 5n,
          allowedCategories: ['text' as const],
          public: false,
          defaultForSignups: false,
        };
        const plan = await repos.plans.create(definition);
        expect(plan).toEqual({
          id: anyId,
          ...definition,
          createdAt: anyDate,
          updatedAt: anyDate,
        });
        expect(await repos.plans.findById(plan.id)).toEqual(plan);
        expect(await repos.plans.findById(randomUUID())).toBeNull();
        expect((await subject.refusal(() => repos.plans.create({ ...definition, description: 'again' }))).code).toBe('P2002');
      }));

    it('lists the public plans among all, and pages every plan newest first', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const shown = await seed.plan({ public: true });
        const hidden = await seed.plan({ public: false });
        const ids = (await repos.plans.listPublic()).map((p) => p.id);
        expect(ids).toContain(shown.id);
        expect(ids).not.toContain(hidden.id);
        subject.tick();
        const newest = await seed.plan();
        // Other suites add plans meanwhile (on Postgres): the order is checked on what the list holds.
        const page = await repos.plans.list(1000);
        expect(page).toEqual([...page].sort(newestFirst));
        expect(page.map((p) => p.id)).toEqual(expect.arrayContaining([shown.id, hidden.id, newest.id]));
        const after = await repos.plans.list(1000, cursorAt(newest));
        expect(after).toEqual(page.slice(page.findIndex((p) => p.id === newest.id) + 1));
      }));

    it('keeps one plan flagged as the sign-ups default: flagging another, by create or update, takes the flag', () =>
      run(async ({ repos, seed }) => {
        const first = await seed.plan({ defaultForSignups: true });
        expect((await repos.plans.findDefaultForSignups())?.id).toBe(first.id);
        const second = await seed.plan({ defaultForSignups: true });
        expect((await repos.plans.findDefaultForSignups())?.id).toBe(second.id);
        expect((await repos.plans.findById(first.id))?.defaultForSignups).toBe(false);
        await repos.plans.update(first.id, { defaultForSignups: true });
        expect((await repos.plans.findDefaultForSignups())?.id).toBe(first.id);
        expect((await repos.plans.findById(second.id))?.defaultForSignups).toBe(false);
        // Flagging the flagged plan again keeps it; unflagging leaves none.
        await repos.plans.update(first.id, { defaultForSignups: true });
        expect((await repos.plans.findDefaultForSignups())?.id).toBe(first.id);
        await repos.plans.update(first.id, { defaultForSignups: false });
        expect(await repos.plans.findDefaultForSignups()).toBeNull();
      }));

    it('updates what it is given; a new fee is recorded in the history of every tenant on the plan, and only then', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const plan = await seed.plan({ monthlyFeePicoUsd: 30n });
        const other = await seed.plan({ monthlyFeePicoUsd: 1n });
        const a = await seed.tenant({ planId: plan.id });
        const b = await seed.tenant({ planId: plan.id });
        const elsewhere = await seed.tenant({ planId: other.id });
        subject.tick();
        const renamed = await repos.plans.update(plan.id, { description: 'renamed', name: undefined });
        expect(renamed).toMatchObject({ id: plan.id, name: plan.name, description: 'renamed', monthlyFeePicoUsd: 30n });
        const raised = await repos.plans.update(plan.id, { monthlyFeePicoUsd: 40n });
        const fees = async (tenantId: string) =>
          (await repos.planAssignments.history(ALL_TIME, tenantId)).map((r) => [r.monthlyFeePicoUsd, r.effectiveFrom]);
        expect(await fees(a.id)).toEqual([
          [30n, a.createdAt],
          [40n, raised.updatedAt],
        ]);
        expect(await fees(b.id)).toEqual([
          [30n, b.createdAt],
          [40n, raised.updatedAt],
        ]);
        expect(await fees(elsewhere.id)).toEqual([[1n, elsewhere.createdAt]]);
        // The same fee again writes nothing.
        await repos.plans.update(plan.id, { monthlyFeePicoUsd: 40n });
        expect(await fees(a.id)).toHaveLength(2);
        expect((await subject.refusal(() => repos.plans.update(plan.id, { name: other.name }))).code).toBe('P2002');
        expect((await subject.refusal(() => repos.plans.update(randomUUID(), { description: 'x' }))).code).toBe('P2025');
      }));

    it('deletes a plan no tenant is on; false while one is', () =>
      run(async ({ repos, seed, surviving }) => {
        const used = await seed.plan();
        const free = await seed.plan();
        await seed.tenant({ planId: used.id });
        expect(await surviving(() => repos.plans.delete(used.id))).toBe(false);
        expect(await repos.plans.findById(used.id)).not.toBeNull();
        expect(await repos.plans.delete(free.id)).toBe(true);
        expect(await repos.plans.findById(free.id)).toBeNull();
      }));
  });

  describeContract('PlanAssignmentsRepository', (run) => {
    it("gives each tenant's last row before the period and its rows within it, in order; of one tenant or of all", () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const plan = await seed.plan({ monthlyFeePicoUsd: 10n });
        const pricier = await seed.plan({ monthlyFeePicoUsd: 20n });
        const a = await seed.tenant({ planId: plan.id });
        const b = await seed.tenant();
        subject.tick(10);
        await repos.tenants.update(a.id, { planId: pricier.id });
        subject.tick(10);
        await repos.tenants.update(b.id, { planId: plan.id });
        const rows = async (period: { from: Date; to: Date }, tenantId?: string) =>
          (await repos.planAssignments.history(period, tenantId))
            .filter((r) => r.tenantId === a.id || r.tenantId === b.id)
            .map((r) => [r.tenantId === a.id ? 'a' : 'b', r.planId === plan.id ? 'plan' : 'pricier', r.monthlyFeePicoUsd, r.planName]);
        const full = await repos.planAssignments.history(ALL_TIME, a.id);
        expect(full.map((r) => r.planId)).toEqual([plan.id, pricier.id]);
        const switched = full[1].effectiveFrom;
        // A period starting after both of a's rows: its last row only.
        const later = { from: new Date(switched.getTime() + 1), to: new Date('2999-01-01T00:00:00.000Z') };
        expect(await rows(later, a.id)).toEqual([['a', 'pricier', 20n, pricier.name]]);
        // A period that starts at the switch: the row before it and the switch.
        const fromSwitch = { from: switched, to: new Date('2999-01-01T00:00:00.000Z') };
        expect(await rows(fromSwitch, a.id)).toEqual([
          ['a', 'plan', 10n, plan.name],
          ['a', 'pricier', 20n, pricier.name],
        ]);
        // A period that ends before anything: nothing.
        expect(await rows({ from: new Date(0), to: new Date(a.createdAt.getTime() - 1) })).toEqual([]);
        // Every tenant: both, by tenant id, then time.
        const both = await rows(ALL_TIME);
        const order = a.id < b.id ? ['a', 'a', 'b'] : ['b', 'a', 'a'];
        expect(both.map((r) => r[0])).toEqual(order);
        expect(both.filter((r) => r[0] === 'b')).toEqual([['b', 'plan', 10n, plan.name]]);
        expect(await repos.planAssignments.history(ALL_TIME, randomUUID())).toEqual([]);
      }));
  });
}
