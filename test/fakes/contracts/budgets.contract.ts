import { randomUUID } from 'node:crypto';
import { budgetPeriodOf, LIFETIME_START } from '../../../src/budgets/budget-period';
import type { BudgetRow } from '../../../src/budgets/budgets.repository';
import { slugCustomerPrices } from '../../../src/keys/customer-prices';
import { anyDate, anyId, describeContract } from './contract';

/** BudgetsRepository and its fake. */

/** A Wednesday mid-June 2025, 12:00 UTC: its day, ISO week (from Monday 9th) and month. */
const NOW = new Date('2025-06-11T12:00:00.000Z');
const at = (iso: string) => new Date(iso);

export function budgetsRepositoryContract(): void {
  describeContract('BudgetsRepository', (run) => {
    it('starts a new budget’s ledger from what its subject spent in the current period by the audit trail: customer price for a key or customer, resale for a tenant', () =>
      run(async ({ repos, seed }) => {
        const tenant = await seed.tenant();
        const customer = await seed.customer(tenant.id);
        const key = await seed.key(tenant.id, { customerId: customer.id });
        const ownKey = await seed.key(tenant.id);
        const record = (createdAt: string, apiKeyId: string, customerId: string | null, resale: bigint, price: bigint) =>
          seed.auditRecord({
            createdAt: at(createdAt),
            tenantId: tenant.id,
            customerId,
            apiKeyId,
            resalePicoUsd: resale,
            customerPricePicoUsd: price,
          });
        await record('2025-06-11T00:00:00.000Z', key.id, customer.id, 10n, 100n); // today's first ms
        await record('2025-06-11T11:59:59.999Z', key.id, customer.id, 20n, 200n);
        await record('2025-06-10T23:59:59.999Z', key.id, customer.id, 40n, 400n); // yesterday: same week and month
        await record('2025-06-08T23:59:59.999Z', key.id, customer.id, 80n, 800n); // Sunday: last week, same month
        await record('2025-05-31T23:59:59.999Z', key.id, customer.id, 160n, 1600n); // last month
        await record('2025-06-11T08:00:00.000Z', ownKey.id, null, 1000n, 1000n); // the tenant's own key: the tenant's only
        await record('2025-06-12T00:00:00.000Z', key.id, customer.id, 3200n, 32000n); // tomorrow: not today's, but this week's and month's

        const spentOf = async (budget: BudgetRow) =>
          (await repos.budgets.spent([{ budgetId: budget.id, periodStart: budgetPeriodOf(budget.period, NOW).start }])).get(budget.id);
        const daily = await repos.budgets.put(tenant.id, 'key', key.id, 'daily', 1_000_000n, NOW);
        expect(daily).toEqual({
          id: anyId,
          tenantId: tenant.id,
          subject: 'key',
          subjectId: key.id,
          period: 'daily',
          capPicoUsd: 1_000_000n,
          createdAt: anyDate,
          updatedAt: anyDate,
        });
        expect(await spentOf(daily)).toBe(300n);
        expect(await repos.budgets.find('key', key.id)).toEqual(daily);
        expect(await spentOf(await repos.budgets.put(tenant.id, 'customer', customer.id, 'weekly', 1n, NOW))).toBe(
          100n + 200n + 400n + 32000n,
        );
        expect(await spentOf(await repos.budgets.put(tenant.id, 'tenant', tenant.id, 'monthly', 1n, NOW))).toBe(
          1000n + 10n + 20n + 40n + 80n + 3200n,
        );
        const lifetime = await repos.budgets.put(tenant.id, 'key', ownKey.id, 'none', 1n, NOW);
        expect((await repos.budgets.spent([{ budgetId: lifetime.id, periodStart: LIFETIME_START }])).get(lifetime.id)).toBe(1000n);
      }));

    it('keeps the budget and its ledger for a new cap in the same period; a new period is a new budget with a new ledger', () =>
      run(async ({ repos, seed }) => {
        const tenant = await seed.tenant();
        const key = await seed.key(tenant.id);
        await seed.auditRecord({
          createdAt: at('2025-06-11T01:00:00.000Z'),
          tenantId: tenant.id,
          apiKeyId: key.id,
          customerPricePicoUsd: 5n,
        });
        const first = await repos.budgets.put(tenant.id, 'key', key.id, 'monthly', 100n, NOW);
        const june = budgetPeriodOf('monthly', NOW).start;
        // The audit writer books calls into the ledger meanwhile.
        await seed.budgetSpend(first.id, june, 42n);
        const raised = await repos.budgets.put(tenant.id, 'key', key.id, 'monthly', 200n, NOW);
        expect(raised).toMatchObject({ id: first.id, capPicoUsd: 200n, period: 'monthly', createdAt: first.createdAt });
        expect((await repos.budgets.spent([{ budgetId: first.id, periodStart: june }])).get(first.id)).toBe(42n);

        const daily = await repos.budgets.put(tenant.id, 'key', key.id, 'daily', 300n, NOW);
        expect(daily.id).not.toBe(first.id);
        expect(await repos.budgets.find('key', key.id)).toEqual(daily);
        const today = budgetPeriodOf('daily', NOW).start;
        expect([
          ...(await repos.budgets.spent([
            { budgetId: daily.id, periodStart: today },
            { budgetId: first.id, periodStart: june },
          ])),
        ]).toEqual([
          [daily.id, 5n],
          [first.id, 0n],
        ]);
      }));

    it('deletes a budget with its ledger; false when there is none', () =>
      run(async ({ repos, seed }) => {
        const tenant = await seed.tenant();
        const budget = await repos.budgets.put(tenant.id, 'tenant', tenant.id, 'none', 9n, NOW);
        await seed.budgetSpend(budget.id, LIFETIME_START, 4n);
        expect(await repos.budgets.delete('tenant', tenant.id)).toBe(true);
        expect(await repos.budgets.find('tenant', tenant.id)).toBeNull();
        expect((await repos.budgets.spent([{ budgetId: budget.id, periodStart: LIFETIME_START }])).get(budget.id)).toBe(0n);
        expect(await repos.budgets.delete('tenant', tenant.id)).toBe(false);
      }));

    it('refuses a budget of a tenant that does not exist (P2003)', () =>
      run(async (subject) => {
        expect((await subject.refusal(() => subject.repos.budgets.put(randomUUID(), 'tenant', randomUUID(), 'daily', 1n, NOW))).code).toBe(
          'P2003',
        );
      }));

    it("gives the pricing of a budget's calls: the plan's discount and categories, the customer's prices and endpoints; null when the subject is gone", () =>
      run(async ({ repos, seed }) => {
        const plan = await seed.plan({ resaleDiscountBps: 2000, allowedCategories: ['text'] });
        const tenant = await seed.tenant({ planId: plan.id });
        const bare = await seed.tenant();
        const customer = await seed.customer(tenant.id);
        const key = await seed.key(tenant.id, { customerId: customer.id });
        const ownKey = await seed.key(tenant.id);
        await seed.allowEndpoints('customer', customer.id, ['text.generate', 'text.embed']);
        await seed.allowEndpoints('key', key.id, ['text.generate']);
        await seed.priceOverride({
          tenantId: tenant.id,
          customerId: null,
          slug: 'text.generate',
          meter: 'calls',
          pricePicoUsdPerUnit: 11n,
        });
        await seed.priceOverride({ tenantId: tenant.id, customerId: customer.id, slug: '*', markupBps: 500 });
        const pricingOf = async (subject: 'key' | 'customer' | 'tenant', subjectId: string, tenantId = tenant.id) => {
          const pricing = await repos.budgets.subjectPricing(await repos.budgets.put(tenantId, subject, subjectId, 'daily', 1n, NOW));
          return (
            pricing && {
              ...pricing,
              allowedCategories: pricing.allowedCategories && [...pricing.allowedCategories],
              allows: ['text.generate', 'text.embed', 'infra.dns'].filter(
                (slug) => pricing.allowedEndpoints?.allows(slug, slug.split('.')[0]) ?? true,
              ),
              fixed: slugCustomerPrices(pricing.customerPrices, 'text.generate')?.fixed.get('calls') ?? null,
              markup: slugCustomerPrices(pricing.customerPrices, 'text.generate')?.markupBps ?? null,
            }
          );
        };
        expect(await pricingOf('key', key.id)).toMatchObject({
          customerId: customer.id,
          resaleDiscountBps: 2000n,
          allowedCategories: ['text'],
          allows: ['text.generate'],
          fixed: 11n,
          markup: 500n,
        });
        expect(await pricingOf('customer', customer.id)).toMatchObject({
          customerId: customer.id,
          allows: ['text.generate', 'text.embed'],
          fixed: 11n,
        });
        expect(await pricingOf('key', ownKey.id)).toMatchObject({
          customerId: null,
          customerPrices: null,
          allowedEndpoints: null,
          resaleDiscountBps: 2000n,
        });
        expect(await pricingOf('tenant', tenant.id)).toMatchObject({ customerId: null, customerPrices: null, allowedEndpoints: null });
        expect(await pricingOf('tenant', bare.id, bare.id)).toMatchObject({ resaleDiscountBps: 0n, allowedCategories: null });
        expect(await pricingOf('key', randomUUID())).toBeNull();
        expect(await pricingOf('customer', randomUUID())).toBeNull();
      }));
  });
}
