import { testPricing } from '../../../support/pricing';
import type { CatalogEntry, Pricing } from '../../../../src/catalog/catalog-entry';
import { BillingService } from '../../../../src/billing/billing.service';
import { estimatedUsage, reportedUsage, validReportedQuantity } from '../../../../src/proxy/providers/shared/usage';

describe('reported usage', () => {
  it('accepts only non-negative safe integer JSON numbers', () => {
    for (const ok of [0, 1, 42, Number.MAX_SAFE_INTEGER]) expect(validReportedQuantity(ok)).toBe(BigInt(ok));
    for (const bad of [-5, 1.5, NaN, Infinity, 1e300, 2 ** 53, '12', '9007199254740993', 12n, null, undefined, {}, [3], true]) {
      expect([bad, validReportedQuantity(bad)]).toEqual([bad, null]);
    }
  });

  it('falls back to the estimate, keeping an invalid report printable for the log', () => {
    expect(reportedUsage('tokens', 7)).toEqual({ meters: { tokens: 7n }, source: 'reported' });
    // 0 would make an answered call free: only a unit that can honestly be 0 takes it.
    expect(reportedUsage('tokens', 0)).toBeUndefined();
    expect(reportedUsage('tokens', 0) ?? estimatedUsage('tokens', 0, 12n)).toEqual({
      meters: { tokens: 12n },
      source: 'estimated',
      rejected: '0',
    });
    expect(reportedUsage('tokens', 0, true)).toEqual({ meters: { tokens: 0n }, source: 'reported' });
    expect(reportedUsage('tokens', 1.5) ?? estimatedUsage('tokens', 1.5, 3n)).toEqual({
      meters: { tokens: 3n },
      source: 'estimated',
      rejected: '1.5',
    });
    expect(reportedUsage('tokens', undefined) ?? estimatedUsage('tokens', undefined, 1n)).toEqual({
      meters: { tokens: 1n },
      source: 'estimated',
    });
    expect(estimatedUsage('tokens', 'x'.repeat(500), 1n).rejected).toHaveLength(64);
  });
});

describe('BillingService cap', () => {
  const pricing: Pricing = testPricing({ unit: 'record', wholesale: 2n, resale: 3n, quantityCap: 1000n });
  const endpoint = { billingUnit: 'record', pricing, models: [] } as unknown as CatalogEntry;
  const billing = new BillingService();
  const caller = { customerId: null, resaleDiscountBps: 0n, customerPrices: null };

  it('bills a quantity over the cap at the cap, flagged capped', () => {
    expect(billing.charge(caller, endpoint, pricing, { meters: { records: 5000n }, source: 'reported' })).toMatchObject({
      quantity: 1000n,
      source: 'capped',
      wholesalePicoUsd: 2000n,
      resalePicoUsd: 3000n,
      customerPicoUsd: 3000n,
    });
    expect(billing.charge(caller, endpoint, pricing, { meters: { records: 1000n }, source: 'reported' })).toMatchObject({
      quantity: 1000n,
      source: 'reported',
      wholesalePicoUsd: 2000n,
      resalePicoUsd: 3000n,
      customerPicoUsd: 3000n,
    });
    expect(billing.charge(caller, endpoint, pricing, { meters: { records: 1n }, source: 'estimated' })).toMatchObject({
      source: 'estimated',
      resalePicoUsd: 3n,
    });
  });
});
