import { randomUUID } from 'node:crypto';
import type { Actor } from '../../../src/activity/actor';
import { describeContract, type Subject } from './contract';

/** ScheduledPlanChangesRepository and its fake, with the tenants and plans repositories it works beside. */

const owner: Actor = { kind: 'tenant_user', id: randomUUID(), email: 'owner@example.com' };
const far = (months: number) => new Date(Date.UTC(2100, months, 1));

/** A tenant on `from` (fee 100), and a cheaper public plan `to` (fee 10) it may move to. */
async function tenantWithTwoPlans({ seed }: Subject) {
  const from = await seed.plan({ monthlyFeePicoUsd: 100n });
  const to = await seed.plan({ monthlyFeePicoUsd: 10n });
  const tenant = await seed.tenant({ planId: from.id });
  return { from, to, tenant };
}

export function scheduledPlanChangesRepositoryContract(): void {
  describeContract('ScheduledPlanChangesRepository', (run) => {
    it('schedules a move against the current plan, reads it back, replaces it keeping the sooner time; refuses against another plan', () =>
      run(async (subject) => {
        const { from, to, tenant } = await tenantWithTwoPlans(subject);
        const repo = subject.repos.scheduledPlanChanges;
        const seen: unknown[] = [];
        const first = await repo.schedule(
          { tenantId: tenant.id, planId: to.id, effectiveFrom: far(1), actor: owner },
          from.id,
          async (_tx, before, after) => {
            seen.push([before, after.planId]);
          },
        );
        expect(first).toMatchObject({ tenantId: tenant.id, planId: to.id, effectiveFrom: far(1), actor: owner });
        expect(await repo.find(tenant.id)).toMatchObject({ planId: to.id, effectiveFrom: far(1), actor: owner });
        const other = await subject.seed.plan({ monthlyFeePicoUsd: 20n });
        const replaced = await repo.schedule(
          { tenantId: tenant.id, planId: other.id, effectiveFrom: far(5), actor: owner },
          from.id,
          async (_tx, before) => {
            seen.push([before?.planId, null]);
          },
        );
        expect(replaced).toMatchObject({ planId: other.id, effectiveFrom: far(1) });
        expect(seen).toEqual([
          [null, to.id],
          [to.id, null],
        ]);
        expect(
          await repo.schedule({ tenantId: tenant.id, planId: to.id, effectiveFrom: far(1), actor: owner }, to.id, async () => undefined),
        ).toBe('plan_changed');
        expect(await repo.find(tenant.id)).toMatchObject({ planId: other.id });
        expect(await repo.find(randomUUID())).toBeNull();
      }));

    it('cancels one tenant’s move (null when none), and every move onto a plan', () =>
      run(async (subject) => {
        const { from, to, tenant } = await tenantWithTwoPlans(subject);
        const second = await subject.seed.tenant({ planId: from.id });
        const repo = subject.repos.scheduledPlanChanges;
        for (const t of [tenant, second])
          await repo.schedule({ tenantId: t.id, planId: to.id, effectiveFrom: far(1), actor: owner }, from.id, async () => undefined);
        const recorded: string[] = [];
        expect(await repo.cancel(tenant.id, async (_tx, cancelled) => void recorded.push(cancelled.planId))).toMatchObject({
          planId: to.id,
        });
        expect(recorded).toEqual([to.id]);
        expect(await repo.cancel(tenant.id, async () => undefined)).toBeNull();
        await repo.schedule({ tenantId: tenant.id, planId: to.id, effectiveFrom: far(1), actor: owner }, from.id, async () => undefined);
        const onto = await repo.cancelOnto(to.id);
        expect(onto.map((c) => c.tenantId).sort()).toEqual([tenant.id, second.id].sort());
        expect(await repo.find(tenant.id)).toBeNull();
        expect(await repo.find(second.id)).toBeNull();
      }));

    it('a plan with a move scheduled onto it is not deleted; a change of the tenant’s plan deletes the move, an update that keeps the plan does not', () =>
      run(async (subject) => {
        const { from, to, tenant } = await tenantWithTwoPlans(subject);
        const repo = subject.repos.scheduledPlanChanges;
        await repo.schedule({ tenantId: tenant.id, planId: to.id, effectiveFrom: far(1), actor: owner }, from.id, async () => undefined);
        expect(await subject.surviving(() => subject.repos.plans.delete(to.id))).toBe(false);
        await subject.repos.tenants.update(tenant.id, { name: 'renamed', planId: from.id });
        expect(await repo.find(tenant.id)).not.toBeNull();
        await subject.repos.tenants.update(tenant.id, { planId: null });
        expect(await repo.find(tenant.id)).toBeNull();
      }));

    it('lists the due moves, earliest first; makes one that is due: the tenant on the plan, the history from then, the move gone', () =>
      run(async (subject) => {
        const { from, to, tenant } = await tenantWithTwoPlans(subject);
        const later = await subject.seed.tenant({ planId: from.id });
        const repo = subject.repos.scheduledPlanChanges;
        const now = await subject.now();
        const past = new Date(now.getTime() - 60_000);
        await repo.schedule(
          { tenantId: later.id, planId: to.id, effectiveFrom: new Date(now.getTime() - 1000), actor: owner },
          from.id,
          async () => undefined,
        );
        await repo.schedule({ tenantId: tenant.id, planId: to.id, effectiveFrom: past, actor: owner }, from.id, async () => undefined);
        const due = await repo.due(now, 100);
        expect(due.filter((id) => id === tenant.id || id === later.id)).toEqual([tenant.id, later.id]);
        expect(await repo.due(new Date(past.getTime() - 1), 100)).not.toContain(tenant.id);

        expect(await repo.apply(tenant.id, new Date(past.getTime() - 1), async () => undefined)).toBeNull();
        subject.tick();
        let hooked: unknown = null;
        const applied = await repo.apply(tenant.id, now, async (_tx, change, before, after) => {
          hooked = [change.planId, before.planId, after.planId];
        });
        expect(applied).toMatchObject({ change: { planId: to.id, actor: owner }, tenant: { id: tenant.id, planId: to.id } });
        expect(hooked).toEqual([to.id, from.id, to.id]);
        expect((await subject.repos.tenants.findById(tenant.id))!.planId).toBe(to.id);
        expect(await repo.find(tenant.id)).toBeNull();
        const history = await subject.repos.planAssignments.history({ from: new Date(0), to: far(0) }, tenant.id);
        expect(history.map((a) => [a.planId, a.monthlyFeePicoUsd])).toEqual([
          [from.id, 100n],
          [to.id, 10n],
        ]);
        expect(await repo.apply(tenant.id, now, async () => undefined)).toBeNull();
      }));

    it('a due move onto a plan no longer public is dropped, the tenant left on its plan', () =>
      run(async (subject) => {
        const { from, to, tenant } = await tenantWithTwoPlans(subject);
        const repo = subject.repos.scheduledPlanChanges;
        const now = await subject.now();
        await repo.schedule(
          { tenantId: tenant.id, planId: to.id, effectiveFrom: new Date(now.getTime() - 1000), actor: owner },
          from.id,
          async () => undefined,
        );
        await subject.repos.plans.update(to.id, { public: false });
        expect(await repo.apply(tenant.id, now, async () => undefined)).toBe('not_public');
        expect(await repo.find(tenant.id)).toBeNull();
        expect((await subject.repos.tenants.findById(tenant.id))!.planId).toBe(from.id);
      }));

    it('says since when a tenant has held a plan without a break (a fee change does not break it); null without history', () =>
      run(async (subject) => {
        const { from, to, tenant } = await tenantWithTwoPlans(subject);
        const repo = subject.repos.scheduledPlanChanges;
        const created = (await subject.repos.planAssignments.history({ from: new Date(0), to: far(0) }, tenant.id))[0].effectiveFrom;
        expect(await repo.heldSince(tenant.id, from.id)).toEqual(created);
        subject.tick();
        await subject.repos.plans.update(from.id, { monthlyFeePicoUsd: 120n });
        expect(await repo.heldSince(tenant.id, from.id)).toEqual(created);
        subject.tick();
        await subject.repos.tenants.update(tenant.id, { planId: to.id });
        subject.tick();
        await subject.repos.tenants.update(tenant.id, { planId: from.id });
        const rows = await subject.repos.planAssignments.history({ from: new Date(0), to: far(0) }, tenant.id);
        expect(await repo.heldSince(tenant.id, from.id)).toEqual(rows.at(-1)!.effectiveFrom);
        const planless = await subject.seed.tenant();
        expect(await repo.heldSince(planless.id, from.id)).toBeNull();
      }));
  });
}
