import { BillingService } from '../../src/billing/billing.service';
import { holdQuantities } from '../../src/billing/call-hold';
import { customerPricesOf } from '../../src/keys/customer-prices';
import type { CatalogEntry, Pricing } from '../../src/catalog/catalog-entry';
import { DEFAULT_METER } from '../../src/catalog/meters';
import type { BillingUnit } from '../../src/generated/prisma/enums';
import { testPricing } from '../support/pricing';

interface PriceFields {
  model?: string;
  resale?: bigint;
  quantityCap?: bigint;
  maxOutputTokens?: bigint;
}

/** What one call holds on its budgets: what its input says it can cost, not the slug's sanity cap. */
describe('call holds', () => {
  /** A price in the billing unit alone (its one meter); quantityCap is the operator's max_quantity_per_call. */
  const price = (unit: BillingUnit, fields: PriceFields = {}): Pricing =>
    testPricing({ unit, wholesale: 1_000_000n, resale: 2_000_000n, quantityCap: 100_000n, ...fields });
  const pricing = (fields: PriceFields = {}) => fields;
  /** The hold of a price in the unit's one meter. */
  const holdQuantity = (unit: BillingUnit, fields: PriceFields, input: Record<string, unknown>) =>
    holdQuantities(unit, price(unit, fields), input)[DEFAULT_METER[unit]];

  it('a per-call unit holds one call, or the count the input declares', () => {
    for (const unit of ['call', 'transaction', 'verification', 'generation', 'record'] as const) {
      expect([unit, holdQuantity(unit, pricing(), { domain: 'example.com' })]).toEqual([unit, 1n]);
    }
    expect(holdQuantity('record', pricing(), { records: ['a@x.io', 'b@x.io', 'c@x.io'] })).toBe(3n);
    expect(holdQuantity('generation', pricing(), { prompt: 'cat', n: 4 })).toBe(4n);
    // A GET query's values are strings.
    expect(holdQuantity('call', pricing(), { count: '7' })).toBe(7n);
    // Not a count: 0, negatives, fractions, empty lists, non-numeric strings.
    expect(holdQuantity('call', pricing(), { n: 0, count: -2, quantity: 1.5, items: [], records: 'x' })).toBe(1n);
  });

  it('tokens hold the input tokens plus max_tokens, else the operator’s output cap, else the quantity cap', () => {
    const input = { input: 'x'.repeat(388) }; // {"input":"…"} is 400 characters: 100 tokens
    expect(holdQuantity('tokens_1k', pricing(), { ...input })).toBe(100_000n);
    expect(holdQuantity('tokens_1k', pricing({ maxOutputTokens: 2000n }), { ...input })).toBe(2100n);
    // {"input":"…","max_tokens":50} is 416 characters: 104 tokens.
    expect(holdQuantity('tokens_1k', pricing({ maxOutputTokens: 2000n }), { ...input, max_tokens: 50 })).toBe(154n);
    expect(holdQuantity('tokens_1k', pricing(), { ...input, max_tokens: 50 })).toBe(154n);
    // A max_tokens that is not a positive integer bounds nothing.
    expect(holdQuantity('tokens_1k', pricing(), { ...input, max_tokens: 'lots' })).toBe(100_000n);
  });

  it('images and minutes hold what the input declares, else the quantity cap', () => {
    expect(holdQuantity('image', pricing(), { images: ['a', 'b'] })).toBe(2n);
    expect(holdQuantity('image', pricing(), { image_url: 'a' })).toBe(1n);
    expect(holdQuantity('image', pricing(), {})).toBe(100_000n);
    expect(holdQuantity('minute', pricing({ quantityCap: 86_400_000n }), { duration_ms: 90_000 })).toBe(90_000n);
    expect(holdQuantity('minute', pricing({ quantityCap: 86_400_000n }), { duration_s: 120 })).toBe(120_000n);
    // An upstream that reports no usage is billed a minute: the hold is never less.
    expect(holdQuantity('minute', pricing({ quantityCap: 86_400_000n }), { duration_ms: 5000 })).toBe(60_000n);
    expect(holdQuantity('minute', pricing({ quantityCap: 86_400_000n }), { text: 'hello' })).toBe(86_400_000n);
  });

  it('holdCharge prices the hold as charge bills it: the chosen model, the cap, the discount and the customer price', () => {
    const billing = new BillingService();
    const cheap = price('tokens_1k', { model: 'small', resale: 1_000_000n, maxOutputTokens: 1000n, quantityCap: 10_000_000n });
    const dear = price('tokens_1k', { model: 'large', resale: 9_000_000n, maxOutputTokens: 4000n, quantityCap: 2000n });
    const endpoint = { slug: 'text.generate', billingUnit: 'tokens_1k', pricing: cheap, models: [cheap, dear] } as unknown as CatalogEntry;
    const caller = {
      customerId: 'a customer',
      resaleDiscountBps: 5000n,
      customerPrices: customerPricesOf([
        { customerId: null, slug: 'text.generate', meter: 'tokens', pricePicoUsdPerUnit: 3_000_000n, markupBps: null },
      ]),
    };
    // {"input":"hi"} is 14 characters: 4 tokens, + the default model's 1000 output tokens.
    expect(billing.holdCharge(caller, endpoint, { input: 'hi' })).toEqual({ resalePicoUsd: 502_000n, customerPicoUsd: 3_012_000n });
    // The large model: its own output cap, and its quantity cap of 2000 tokens (as charge caps).
    expect(billing.holdCharge(caller, endpoint, { input: 'hi', model: 'large' })).toEqual({
      resalePicoUsd: 9_000_000n,
      customerPicoUsd: 6_000_000n,
    });
  });

  it("holdCharge keeps a caller's last hold while its price and quantities repeat, and prices anew when either or the caller changes", () => {
    const billing = new BillingService();
    const perRecord = price('record', { resale: 9_000_000n });
    const endpoint = { slug: 'data.enrich', billingUnit: 'record', pricing: perRecord, models: [] } as unknown as CatalogEntry;
    const caller = { customerId: null, resaleDiscountBps: 0n, customerPrices: null };
    const one = billing.holdCharge(caller, endpoint, { email: 'a@x.io' });
    expect(one).toEqual({ resalePicoUsd: 9_000_000n, customerPicoUsd: 9_000_000n });
    expect(billing.holdCharge(caller, endpoint, { email: 'b@x.io' })).toBe(one);
    expect(billing.holdCharge(caller, endpoint, { records: ['a', 'b', 'c'] })).toEqual({
      resalePicoUsd: 27_000_000n,
      customerPicoUsd: 27_000_000n,
    });
    // A caller whose plan changed is a new object (the key cache reloads it): its own price.
    expect(billing.holdCharge({ ...caller, resaleDiscountBps: 5000n }, endpoint, { email: 'a@x.io' })).toEqual({
      resalePicoUsd: 4_500_000n,
      customerPicoUsd: 4_500_000n,
    });
    // So is a catalog entry whose price changed.
    const raised = { ...endpoint, pricing: price('record', { resale: 10_000_000n }) };
    expect(billing.holdCharge(caller, raised, { email: 'a@x.io' })).toEqual({ resalePicoUsd: 10_000_000n, customerPicoUsd: 10_000_000n });
    expect(billing.holdCharge(caller, endpoint, { email: 'a@x.io' })).toEqual(one);
    // Two models of one endpoint, the same quantities: each at its own price.
    const [small, large] = [
      price('record', { model: 'small', resale: 1_000_000n }),
      price('record', { model: 'large', resale: 5_000_000n }),
    ];
    const models = { ...endpoint, pricing: small, models: [small, large] };
    expect(billing.holdCharge(caller, models, { model: 'small' }).resalePicoUsd).toBe(1_000_000n);
    expect(billing.holdCharge(caller, models, { model: 'large' }).resalePicoUsd).toBe(5_000_000n);
    expect(billing.holdCharge(caller, models, { model: 'small' }).resalePicoUsd).toBe(1_000_000n);
  });
});
