import { budgetStateKey } from '../../src/budgets/budget-state-key';
import { BudgetsService, type CallBudgets } from '../../src/budgets/budgets.service';
import { GatewayError } from '../../src/common/errors/error-catalog';
import type { BudgetPeriod, BudgetSubject } from '../../src/generated/prisma/enums';
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import type { Caller, CallerBudget } from '../../src/keys/caller';
import { RATE_LIMIT_STORE, type RateLimitStore } from '../../src/rate-limit/rate-limit.types';
import { testPricing } from '../support/pricing';
import { newTestService, type TestWorld } from '../fakes/new-test-service';

/**
 * BudgetsService on the fakes, with the clock where each rule needs it: the period a budget is in
 * (UTC day, ISO week from Monday, calendar month, lifetime), a new period starting from nothing,
 * a budget set mid-period starting from the audit trail, a new cap keeping the ledger, the 402's
 * Retry-After, and the store's state restored from the ledger. Enforcement on calls (holds,
 * concurrency, the audit writer's ledger) is test/budgets/*.e2e-spec.ts on Postgres and Redis.
 */

/** Wednesday 18 June 2025, 12:00 UTC. */
const NOON = new Date('2025-06-18T12:00:00.000Z');

describe('BudgetsService', () => {
  let sut: BudgetsService;
  let world: TestWorld;
  let tenantId: string;
  let keyId: string;

  beforeEach(async () => {
    ({ sut, ...world } = await newTestService(BudgetsService));
    world.clock.set(NOON);
    tenantId = (await world.repos.tenants.create({ name: 'Acme', kind: 'reseller', rateLimitPerWindow: null, planId: null })).id;
    keyId = (
      await world.repos.keys.create({
        tenantId,
        customerId: null,
        name: 'k',
        prefix: 'gw_budgetsspec',
        secretHash: new Uint8Array(32),
        expiresAt: null,
        rateLimitPerWindow: null,
      })
    ).id;
  });

  /** A call of the key landed in the audit trail at `at` (what the budget counts: its customer price). */
  const landed = (at: string, customerPricePicoUsd: bigint) =>
    world.db.tables.auditRecords.push({
      id: world.db.id(),
      createdAt: new Date(at),
      tenantId,
      customerId: null,
      apiKeyId: keyId,
      endpointId: null,
      resalePicoUsd: 0n,
      customerPricePicoUsd,
    });

  it.each<[BudgetPeriod, string, string | null]>([
    ['daily', '2025-06-18T00:00:00.000Z', '2025-06-19T00:00:00.000Z'],
    ['weekly', '2025-06-16T00:00:00.000Z', '2025-06-23T00:00:00.000Z'],
    ['monthly', '2025-06-01T00:00:00.000Z', '2025-07-01T00:00:00.000Z'],
    ['none', '1970-01-01T00:00:00.000Z', null],
  ])(
    'period %s: the budget is in the period that holds now: its start, when it resets, its spend so far',
    async (period, start, resetsAt) => {
      const set = await sut.put(tenantId, 'key', keyId, period, 1_000n);
      expect(set).toMatchObject({
        periodStart: new Date(start),
        resetsAt: resetsAt && new Date(resetsAt),
        spentPicoUsd: 0n,
        heldPicoUsd: 0n,
      });
      world.repos.budgets.book(set.budget.id, world.clock.now(), 250n);
      expect(await sut.status('key', keyId)).toMatchObject({ budget: set.budget, periodStart: new Date(start), spentPicoUsd: 250n });
    },
  );

  it('starts each new period from nothing: at midnight UTC for a daily budget, on Monday for a weekly one, on the 1st for a monthly one', async () => {
    const spentAt = async (subject: BudgetSubject, subjectId: string, at: string) => {
      world.clock.set(at);
      const status = await sut.status(subject, subjectId);
      return [status!.periodStart.toISOString(), status!.spentPicoUsd];
    };
    const daily = await sut.put(tenantId, 'key', keyId, 'daily', 1_000n);
    world.repos.budgets.book(daily.budget.id, NOON, 300n);
    expect(await spentAt('key', keyId, '2025-06-18T23:59:59.999Z')).toEqual(['2025-06-18T00:00:00.000Z', 300n]);
    expect(await spentAt('key', keyId, '2025-06-19T00:00:00.000Z')).toEqual(['2025-06-19T00:00:00.000Z', 0n]);

    world.clock.set(NOON);
    const weekly = await sut.put(tenantId, 'tenant', tenantId, 'weekly', 1_000n);
    world.repos.budgets.book(weekly.budget.id, NOON, 70n);
    expect(await spentAt('tenant', tenantId, '2025-06-22T23:59:59.999Z')).toEqual(['2025-06-16T00:00:00.000Z', 70n]); // Sunday
    expect(await spentAt('tenant', tenantId, '2025-06-23T00:00:00.000Z')).toEqual(['2025-06-23T00:00:00.000Z', 0n]); // Monday

    world.clock.set(NOON);
    await sut.put(tenantId, 'tenant', tenantId, 'monthly', 1_000n);
    const monthly = (await world.repos.budgets.find('tenant', tenantId))!;
    world.repos.budgets.book(monthly.id, NOON, 90n);
    expect(await spentAt('tenant', tenantId, '2025-06-30T23:59:59.999Z')).toEqual(['2025-06-01T00:00:00.000Z', 90n]);
    expect(await spentAt('tenant', tenantId, '2025-07-01T00:00:00.000Z')).toEqual(['2025-07-01T00:00:00.000Z', 0n]);
  });

  it('a budget set on a subject that already spent this period starts from that spend (the audit trail); a new cap keeps the ledger, a new period starts a new one from the audit trail again', async () => {
    landed('2025-06-18T09:00:00.000Z', 100n);
    landed('2025-06-18T10:00:00.000Z', 100n);
    landed('2025-06-17T10:00:00.000Z', 1_000n); // yesterday: this month's, not today's
    const set = await sut.put(tenantId, 'key', keyId, 'monthly', 250n);
    expect(set).toMatchObject({ spentPicoUsd: 1_200n, budget: { capPicoUsd: 250n, period: 'monthly' } });

    // Calls land in the ledger (the audit writer books them); a new cap keeps it.
    world.repos.budgets.book(set.budget.id, NOON, 100n);
    const raised = await sut.put(tenantId, 'key', keyId, 'monthly', 400n);
    expect(raised).toMatchObject({ spentPicoUsd: 1_300n, budget: { id: set.budget.id, capPicoUsd: 400n } });

    // A new period: a new budget, whose ledger starts from the audit trail of its own period.
    const daily = await sut.put(tenantId, 'key', keyId, 'daily', 400n);
    expect(daily.budget.id).not.toBe(set.budget.id);
    expect(daily.spentPicoUsd).toBe(200n);
    expect(await sut.delete('key', keyId)).toBe(true);
    expect(await sut.status('key', keyId)).toBeNull();
    expect(await sut.delete('key', keyId)).toBe(false);
  });

  describe('the 402 of a spent budget', () => {
    /** A call's budgets as forCall makes them: one budget of the key, of `period`, capped at 1,000. */
    const callOn = async (period: BudgetPeriod): Promise<CallBudgets> => {
      const { budget, periodStart, resetsAt } = await sut.put(tenantId, 'key', keyId, period, 1_000n);
      return {
        check: {
          buckets: [
            {
              key: budgetStateKey(tenantId, budget.id, periodStart),
              capPicoUsd: 1_000n,
              holdPicoUsd: 10n,
              periodEndMs: resetsAt?.getTime() ?? null,
            },
          ],
          hold: { id: 'request-1', ttlMs: 60_000 },
        },
        budgets: [{ id: budget.id, subject: 'key', subjectId: keyId, period, capPicoUsd: 1_000n }],
        periodStarts: [periodStart],
      };
    };

    it("names the budget, its cap, spend and holds; Retry-After is the period's end (whole seconds) when its spend reached the cap", async () => {
      world.clock.set('2025-06-18T23:59:58.500Z');
      const call = await callOn('daily');
      const error = sut.exceededError(call, { kind: 'exceeded', index: 0, state: { spentPicoUsd: 1_000n, heldPicoUsd: 0n } });
      expect(error).toBeInstanceOf(GatewayError);
      expect(error.code).toBe('budget_exceeded');
      expect(error.message).toBe("The key's daily budget is spent.");
      expect(error.details).toEqual({
        budget_id: call.budgets[0].id,
        limit_source: 'key',
        subject_id: keyId,
        period: 'daily',
        cap_usd: '0.000000001',
        spent_usd: '0.000000001',
        held_usd: '0',
        resets_at: '2025-06-19T00:00:00.000Z',
      });
      expect(error.headers).toEqual({ 'Retry-After': '2' });
    });

    it('says retry in a second when calls in flight hold the rest; no Retry-After for a spent lifetime budget', async () => {
      const held = sut.exceededError(await callOn('monthly'), {
        kind: 'exceeded',
        index: 0,
        state: { spentPicoUsd: 400n, heldPicoUsd: 600n },
      });
      expect(held.message).toBe("The key's budget is held by calls in flight; retry when they end.");
      expect(held.headers).toEqual({ 'Retry-After': '1' });
      const lifetime = sut.exceededError(await callOn('none'), {
        kind: 'exceeded',
        index: 0,
        state: { spentPicoUsd: 1_000n, heldPicoUsd: 0n },
      });
      expect(lifetime.message).toBe("The key's lifetime budget is spent.");
      expect(lifetime.details).toMatchObject({ resets_at: null });
      expect(lifetime.headers).toEqual({});
    });
  });

  it("holds each call in the period of its arrival, under that period's key: across a day's end, and a call that arrived before the last one", async () => {
    const daily: CallerBudget = { id: world.db.id(), subject: 'key', subjectId: keyId, period: 'daily', capPicoUsd: 1_000n };
    const lifetime: CallerBudget = { id: world.db.id(), subject: 'tenant', subjectId: tenantId, period: 'none', capPicoUsd: 1_000n };
    const caller = {
      tenantId,
      customerId: null,
      resaleDiscountBps: 0n,
      customerPrices: null,
      budgets: [daily, lifetime],
    } as Partial<Caller> as Caller;
    const endpoint = {
      slug: 'data.enrich',
      billingUnit: 'call',
      models: [],
      pricing: testPricing({ unit: 'call', resale: 5n }),
    } as Partial<CatalogEntry> as CatalogEntry;
    const held = (iso: string) => {
      const call = sut.forCall(caller, endpoint, {}, 'r', new Date(iso))!;
      return call.check.buckets.map((b, i) => [b.key, b.periodEndMs, call.periodStarts[i].toISOString()]);
    };
    const day = (iso: string) => [budgetStateKey(tenantId, daily.id, new Date(iso)), new Date(iso).getTime() + 86_400_000, iso];
    const always = [budgetStateKey(tenantId, lifetime.id, new Date(0)), null, new Date(0).toISOString()];
    expect(held('2025-06-18T23:59:59.999Z')).toEqual([day('2025-06-18T00:00:00.000Z'), always]);
    expect(held('2025-06-19T00:00:00.000Z')).toEqual([day('2025-06-19T00:00:00.000Z'), always]);
    // A call that arrived just before midnight, whose check runs after the first call of the new day.
    expect(held('2025-06-18T23:59:59.998Z')).toEqual([day('2025-06-18T00:00:00.000Z'), always]);
    expect(held('2025-06-19T12:00:00.000Z')).toEqual([day('2025-06-19T00:00:00.000Z'), always]);
  });

  it("restores the store's state of a period from the ledger, one read for calls that restore together", async () => {
    const { budget, periodStart, resetsAt } = await sut.put(tenantId, 'key', keyId, 'daily', 1_000n);
    world.repos.budgets.book(budget.id, NOON, 640n);
    const key = budgetStateKey(tenantId, budget.id, periodStart);
    const call: CallBudgets = {
      check: { buckets: [{ key, capPicoUsd: 1_000n, holdPicoUsd: 10n, periodEndMs: resetsAt!.getTime() }], hold: { id: 'r', ttlMs: 1000 } },
      budgets: [{ id: budget.id, subject: 'key', subjectId: keyId, period: 'daily', capPicoUsd: 1_000n }],
      periodStarts: [periodStart],
    };
    const store = await world.get<RateLimitStore>(RATE_LIMIT_STORE);
    expect(await store.budgetState(key)).toBeNull();
    const reads = jest.spyOn(world.repos.budgets, 'spent');
    await Promise.all([sut.restore(call), sut.restore(call), sut.restore(call)]);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await store.budgetState(key)).toEqual({ spentPicoUsd: 640n, heldPicoUsd: 0n });
    expect(await sut.status('key', keyId)).toMatchObject({ spentPicoUsd: 640n, heldPicoUsd: 0n });
  });
});
