import { randomUUID } from 'node:crypto';
import { anyDate, anyId, cursorAt, describeContract, newestFirst, type Subject, unique } from './contract';

/** TenantsRepository and its fake; with the plan history both write (read through PlanAssignmentsRepository). */

/** The tenant's whole plan history, as [plan id, fee] in order. */
async function historyOf({ repos }: Subject, tenantId: string): Promise<Array<[string | null, bigint]>> {
  const rows = await repos.planAssignments.history({ from: new Date(0), to: new Date('2999-01-01T00:00:00.000Z') }, tenantId);
  return rows.map((r) => [r.planId, r.monthlyFeePicoUsd]);
}

export function tenantsRepositoryContract(): void {
  describeContract('TenantsRepository', (run) => {
    it('creates a tenant, active, with what it was given, and reads it back', () =>
      run(async ({ repos }) => {
        const name = unique('tenant');
        const created = await repos.tenants.create({ name, kind: 'direct', rateLimitPerWindow: 42, planId: null });
        expect(created).toEqual({
          id: anyId,
          name,
          kind: 'direct',
          status: 'active',
          planId: null,
          rateLimitPerWindow: 42,
          createdAt: anyDate,
          updatedAt: anyDate,
        });
        expect(await repos.tenants.findById(created.id)).toEqual(created);
        expect(await repos.tenants.findById(randomUUID())).toBeNull();
      }));

    it('writes the first row of the plan history of a tenant created on a plan, none without one', () =>
      run(async (subject) => {
        const { seed } = subject;
        const plan = await seed.plan({ monthlyFeePicoUsd: 30n });
        const onPlan = await seed.tenant({ planId: plan.id });
        const without = await seed.tenant();
        expect(await historyOf(subject, onPlan.id)).toEqual([[plan.id, 30n]]);
        expect(await historyOf(subject, without.id)).toEqual([]);
        const [row] = await subject.repos.planAssignments.history(
          { from: new Date(0), to: new Date('2999-01-01T00:00:00.000Z') },
          onPlan.id,
        );
        expect(row).toEqual({
          tenantId: onPlan.id,
          planId: plan.id,
          planName: plan.name,
          monthlyFeePicoUsd: 30n,
          effectiveFrom: onPlan.createdAt,
        });
      }));

    it('refuses a plan id that names no plan with the foreign-key code, and creates nothing', () =>
      run(async (subject) => {
        const name = unique('tenant');
        const error = await subject.refusal(() =>
          subject.repos.tenants.create({ name, kind: 'direct', rateLimitPerWindow: null, planId: randomUUID() }),
        );
        expect(error.code).toBe('P2003');
        expect(await subject.repos.tenants.list(10, undefined, { search: name })).toEqual([]);
      }));

    it('runs inTransaction with the new tenant, and creates nothing when it throws', () =>
      run(async (subject) => {
        const seen: string[] = [];
        const created = await subject.repos.tenants.create(
          { name: unique('tenant'), kind: 'reseller', rateLimitPerWindow: null, planId: null },
          async (tx, tenant) => {
            expect(tx).toBeDefined();
            seen.push(tenant.id);
          },
        );
        expect(seen).toEqual([created.id]);

        const name = unique('tenant');
        const error = await subject.refusal(() =>
          subject.repos.tenants.create({ name, kind: 'reseller', rateLimitPerWindow: null, planId: null }, () =>
            Promise.reject(new Error('first user refused')),
          ),
        );
        expect(error.message).toBe('first user refused');
        expect(await subject.repos.tenants.list(10, undefined, { search: name })).toEqual([]);
      }));

    it('lists newest first (created_at, then id), in pages by cursor, only the ids asked for', () =>
      run(async (subject) => {
        const created = [];
        for (let i = 0; i < 5; i++) {
          created.push(await subject.seed.tenant());
          subject.tick();
        }
        const ids = created.map((t) => t.id);
        const expected = [...created].sort(newestFirst).map((t) => t.id);
        const first = await subject.repos.tenants.list(2, undefined, { ids });
        expect(first.map((t) => t.id)).toEqual(expected.slice(0, 2));
        const rest = await subject.repos.tenants.list(10, cursorAt(first[1]), { ids });
        expect(rest.map((t) => t.id)).toEqual(expected.slice(2));
        expect(await subject.repos.tenants.list(10, undefined, { ids: [ids[1], randomUUID()] })).toEqual([created[1]]);
        expect(await subject.repos.tenants.list(10, undefined, { ids: [] })).toEqual([]);
      }));

    it("searches by the name's start, ignoring case, with % and _ as characters; with ids and pages", () =>
      run(async (subject) => {
        const token = `Srch${randomUUID().slice(0, 8)}`;
        const names = [
          `${token} One`,
          `${token.toLowerCase()} two`,
          `${token.toUpperCase()}_three`,
          `${token}x four`,
          `Not ${token}`,
          `${token}% five`,
        ];
        const created = new Map<string, string>();
        for (const name of names) {
          created.set(name, (await subject.seed.tenant({ name })).id);
          subject.tick();
        }
        const search = async (search: string, ids?: string[], take = 10, cursor?: string) =>
          (await subject.repos.tenants.list(take, cursor, { search, ids })).map((t) => t.name);
        expect((await search(token.toUpperCase())).sort()).toEqual(names.filter((n) => !n.startsWith('Not')).sort());
        expect(await search(`${token.toLowerCase()}_`)).toEqual([`${token.toUpperCase()}_three`]);
        expect(await search(`${token}%`)).toEqual([`${token}% five`]);
        expect(await search(`${token} t`)).toEqual([`${token.toLowerCase()} two`]);
        expect(await search(token, [created.get(`${token} One`)!, created.get(`Not ${token}`)!])).toEqual([`${token} One`]);
        const page = await subject.repos.tenants.list(2, undefined, { search: token });
        const all = await search(token);
        expect([...page.map((t) => t.name), ...(await search(token, undefined, 10, cursorAt(page[1])))]).toEqual(all);
      }));

    it('updates what it is given and leaves the rest; a plan change is recorded in the history once', () =>
      run(async (subject) => {
        const { repos, seed } = subject;
        const basic = await seed.plan({ monthlyFeePicoUsd: 30n });
        const pro = await seed.plan({ monthlyFeePicoUsd: 100n });
        const tenant = await seed.tenant({ rateLimitPerWindow: 7 });
        subject.tick();
        const suspended = await repos.tenants.update(tenant.id, { status: 'suspended', name: undefined });
        expect(suspended).toMatchObject({ id: tenant.id, name: tenant.name, status: 'suspended', rateLimitPerWindow: 7, planId: null });
        expect(suspended.updatedAt.getTime()).toBeGreaterThanOrEqual(tenant.updatedAt.getTime());
        expect(await historyOf(subject, tenant.id)).toEqual([]);

        await repos.tenants.update(tenant.id, { planId: basic.id });
        await repos.tenants.update(tenant.id, { planId: basic.id, rateLimitPerWindow: null });
        await repos.tenants.update(tenant.id, { planId: pro.id });
        await repos.tenants.update(tenant.id, { planId: null });
        await repos.tenants.update(tenant.id, { planId: null });
        expect(await historyOf(subject, tenant.id)).toEqual([
          [basic.id, 30n],
          [pro.id, 100n],
          [null, 0n],
        ]);
        expect(await repos.tenants.findById(tenant.id)).toMatchObject({ status: 'suspended', rateLimitPerWindow: null, planId: null });
      }));

    it('refuses an unknown plan (P2003) and an unknown tenant (P2025)', () =>
      run(async (subject) => {
        const tenant = await subject.seed.tenant();
        expect((await subject.refusal(() => subject.repos.tenants.update(tenant.id, { planId: randomUUID() }))).code).toBe('P2003');
        expect(await subject.repos.tenants.findById(tenant.id)).toEqual(tenant);
        expect((await subject.refusal(() => subject.repos.tenants.update(randomUUID(), { name: 'x' }))).code).toBe('P2025');
      }));
  });
}
