import { BillingService } from '../../src/billing/billing.service';
import { type CustomerPriceRow, customerPricesOf, MAX_MARKUP_BPS } from '../../src/keys/customer-prices';
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import { MAX_PICO_USD } from '../../src/common/money/money';
import type { Meter } from '../../src/generated/prisma/enums';
import { testPricing } from '../support/pricing';

/**
 * A tenant's prices for its customers as billing applies them, without a server: the precedence of
 * fixed prices and markups resolved when the key is loaded (customerPricesOf), per meter of a split
 * price, a markup's one rounding, and the int8 bound a markup stops at.
 */
describe('customer prices: fixed prices per meter and markups', () => {
  const billing = new BillingService();
  const CUSTOMER = 'customer';
  /** A fixed price row: the customer's own, or (`tenant`) for every customer. */
  const fixed = (scope: 'customer' | 'tenant', slug: string, meter: Meter, price: bigint): CustomerPriceRow => ({
    customerId: scope === 'customer' ? CUSTOMER : null,
    slug,
    meter,
    pricePicoUsdPerUnit: price,
    markupBps: null,
  });
  const markup = (scope: 'customer' | 'tenant', slug: string, bps: number): CustomerPriceRow => ({
    customerId: scope === 'customer' ? CUSTOMER : null,
    slug,
    meter: null,
    pricePicoUsdPerUnit: null,
    markupBps: bps,
  });

  /** text.generate priced per 1k input tokens (resale 1000 pico) and per 1k output tokens (resale 4000 pico). */
  const split = testPricing({
    meters: [
      { meter: 'input_tokens', wholesale: 500n, resale: 1000n },
      { meter: 'output_tokens', wholesale: 2000n, resale: 4000n },
    ],
  });
  const text = { slug: 'text.generate', billingUnit: 'tokens_1k', pricing: split, models: [] } as unknown as CatalogEntry;
  /** What a customer on a 20 % plan discount pays per meter for 1000 input and 500 output tokens. */
  const amounts = (rows: CustomerPriceRow[], endpoint = text) => {
    const charge = billing.charge(
      { customerId: CUSTOMER, resaleDiscountBps: 2000n, customerPrices: customerPricesOf(rows) },
      endpoint,
      split,
      { meters: { input_tokens: 1000n, output_tokens: 500n }, source: 'reported' },
    );
    const byMeter = Object.fromEntries(charge.meters.map((m) => [m.meter, m.customerPicoUsd]));
    expect(charge.customerPicoUsd).toBe(byMeter.input_tokens + byMeter.output_tokens);
    // What the tenant owes never depends on its prices: 1 × 1000 × 0.8 and 0.5 × 4000 × 0.8.
    expect(charge.meters.map((m) => m.resalePicoUsd)).toEqual([800n, 1600n]);
    return byMeter;
  };

  it('resolves, per meter, most specific first and the customer before the tenant at the same specificity', () => {
    // Every layer at once; each step removes the most specific one left.
    const layers = [
      fixed('customer', 'text.generate', 'input_tokens', 7000n),
      fixed('tenant', 'text.generate', 'input_tokens', 6000n),
      markup('customer', 'text.generate', 5000),
      markup('tenant', 'text.generate', 2500),
      markup('customer', '*', 1000),
      markup('tenant', '*', 500),
    ];
    // [input, output]: a fixed price on input leaves output to the markups; the markups are over the
    // resale figures (800 and 1600), the list price (1000 and 2000) when nothing applies.
    const expected: Array<[bigint, bigint]> = [
      [7000n, 2400n], // the customer's fixed price; output: its slug markup, 1600 × 1.5
      [6000n, 2400n], // the tenant's fixed price beats even the customer's markup
      [1200n, 2400n], // the customer's slug markup: 800 × 1.5
      [1000n, 2000n], // the tenant's slug markup: × 1.25
      [880n, 1760n], // the customer's markup on every slug: × 1.1
      [840n, 1680n], // the tenant's markup on every slug: × 1.05
      [1000n, 2000n], // nothing: the list price, undiscounted
    ];
    for (let i = 0; i <= layers.length; i++) {
      // The rows' order as stored does not matter: reversed, the same.
      for (const rows of [layers.slice(i), layers.slice(i).reverse()]) {
        const { input_tokens, output_tokens } = amounts(rows);
        expect([i, input_tokens, output_tokens]).toEqual([i, ...expected[i]]);
      }
    }
  });

  it("a customer's row replaces the tenant's only at the same specificity and meter", () => {
    // The tenant's fixed input price with the customer's fixed output price: each meter its own.
    expect(
      amounts([fixed('tenant', 'text.generate', 'input_tokens', 6000n), fixed('customer', 'text.generate', 'output_tokens', 9000n)]),
    ).toEqual({
      input_tokens: 6000n,
      output_tokens: 4500n,
    });
    // The tenant's slug markup beats the customer's markup on every slug.
    expect(amounts([markup('tenant', 'text.generate', 2500), markup('customer', '*', 1000)])).toEqual({
      input_tokens: 1000n,
      output_tokens: 2000n,
    });
    // A markup of 0 passes the resale figure on (the tenant's cost), below the list price.
    expect(amounts([markup('tenant', '*', 0)])).toEqual({ input_tokens: 800n, output_tokens: 1600n });
  });

  it('rows on other slugs change nothing; a markup on every slug reaches slugs without rows of their own', () => {
    const elsewhere = [fixed('customer', 'text.embed', 'input_tokens', 1n), markup('tenant', 'text.embed', 90_000)];
    expect(amounts(elsewhere)).toEqual({ input_tokens: 1000n, output_tokens: 2000n });
    expect(amounts([...elsewhere, markup('tenant', '*', 10_000)])).toEqual({ input_tokens: 1600n, output_tokens: 3200n });
    const prices = customerPricesOf([...elsewhere, markup('tenant', '*', 10_000)])!;
    expect([...prices.slugs.keys()]).toEqual(['text.embed']);
    expect(prices.slugs.get('text.embed')).toEqual({ fixed: new Map([['input_tokens', 1n]]), markupBps: 90_000n });
    expect(prices.everySlug).toEqual({ fixed: new Map(), markupBps: 10_000n });
    expect(customerPricesOf([])).toBeNull();
  });

  it("a markup follows each model's resale price; a tenant's own key never pays one", () => {
    const small = testPricing({ model: 'small', resale: 1000n });
    const large = testPricing({ model: 'large', resale: 10_000n });
    const withModels = {
      slug: 'text.generate',
      billingUnit: 'tokens_1k',
      pricing: small,
      models: [small, large],
    } as unknown as CatalogEntry;
    const customerPrices = customerPricesOf([markup('tenant', 'text.generate', 5000)]);
    const usage = { meters: { tokens: 2000n }, source: 'reported' as const };
    const customer = { customerId: CUSTOMER, resaleDiscountBps: 0n, customerPrices };
    expect(billing.charge(customer, withModels, small, usage).customerPicoUsd).toBe(3000n);
    expect(billing.charge(customer, withModels, large, usage).customerPicoUsd).toBe(30_000n);
    // A tenant's own key is loaded without prices (ApiKeyRepository): it pays the resale figure.
    expect(
      billing.charge({ customerId: null, resaleDiscountBps: 0n, customerPrices: null }, withModels, large, usage).customerPicoUsd,
    ).toBe(20_000n);
  });

  it("a markup's amount is rounded once, from the exact product", () => {
    // 250 input tokens at 1000 per 1k under 20 % off: 0.25 × 800 = 200 exactly; 1 token: 0.8 × 1.5 = 1.2 → 1;
    // 3 tokens: 2.4 × 1.5 = 3.6 → 4, where the rounded resale figure (2) marked up would be 3.
    const charge = (inputTokens: bigint) =>
      billing.charge(
        { customerId: CUSTOMER, resaleDiscountBps: 2000n, customerPrices: customerPricesOf([markup('tenant', '*', 5000)]) },
        text,
        split,
        { meters: { input_tokens: inputTokens }, source: 'reported' },
      ).meters[0];
    expect(charge(1n)).toMatchObject({ resalePicoUsd: 1n, customerPicoUsd: 1n });
    expect(charge(3n)).toMatchObject({ resalePicoUsd: 2n, customerPicoUsd: 4n });
  });

  it("the worked example of docs/concepts/prices.md: a fixed input price and a markup on every slug over text.generate's simulator prices, under 20 % off", () => {
    const simulator = testPricing({
      meters: [
        { meter: 'input_tokens', wholesale: 1_000_000_000n, resale: 1_500_000_000n },
        { meter: 'output_tokens', wholesale: 4_000_000_000n, resale: 6_000_000_000n },
      ],
    });
    const endpoint = { slug: 'text.generate', billingUnit: 'tokens_1k', pricing: simulator, models: [] } as unknown as CatalogEntry;
    const prices = customerPricesOf([fixed('tenant', 'text.generate', 'input_tokens', 2_000_000_000n), markup('tenant', '*', 2500)]);
    const charge = billing.charge({ customerId: CUSTOMER, resaleDiscountBps: 2000n, customerPrices: prices }, endpoint, simulator, {
      meters: { input_tokens: 1200n, output_tokens: 345n },
      source: 'reported',
    });
    expect(charge.meters.map((m) => [m.meter, m.resalePicoUsd, m.customerPicoUsd])).toEqual([
      ['input_tokens', 1_440_000_000n, 2_400_000_000n],
      ['output_tokens', 1_656_000_000n, 2_070_000_000n],
    ]);
    expect(charge.customerPicoUsd).toBe(4_470_000_000n);
  });

  it("the highest markup at every meter's cap stops at the meter's share of int8: the call's sum never overflows", () => {
    // Resale prices so high that each meter's cap is lowered to keep its resale within half of int8.
    const dear = (MAX_PICO_USD / 2n - 1n) / 10_000n;
    const dearSplit = testPricing({
      meters: [
        { meter: 'input_tokens', wholesale: 1n, resale: dear },
        { meter: 'output_tokens', wholesale: 1n, resale: dear },
      ],
    });
    const endpoint = { slug: 'text.generate', billingUnit: 'tokens_1k', pricing: dearSplit, models: [] } as unknown as CatalogEntry;
    const caller = {
      customerId: CUSTOMER,
      resaleDiscountBps: 0n,
      customerPrices: customerPricesOf([markup('customer', '*', MAX_MARKUP_BPS)]),
    };
    const atCaps = billing.charge(caller, endpoint, dearSplit, {
      meters: { input_tokens: MAX_PICO_USD, output_tokens: MAX_PICO_USD },
      source: 'reported',
    });
    expect(atCaps.source).toBe('capped');
    for (const line of atCaps.meters) expect(line.customerPicoUsd).toBe(MAX_PICO_USD / 2n);
    expect(atCaps.customerPicoUsd).toBeLessThanOrEqual(MAX_PICO_USD);
    expect(billing.maxCallCharge(caller, endpoint).customerPicoUsd).toBe(atCaps.customerPicoUsd);
    // A call far below the caps is billed its exact 11 times.
    const small = billing.charge(caller, endpoint, dearSplit, { meters: { input_tokens: 1000n }, source: 'reported' });
    expect(small.customerPicoUsd).toBe(11n * dear);
  });
});
