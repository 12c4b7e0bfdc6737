import { BillingService, type CallerPricing, maxCustomerPricePicoUsdPerUnit } from '../../src/billing/billing.service';
import type { CatalogEntry, Pricing } from '../../src/catalog/catalog-entry';
import type { BillingUnit, Meter } from '../../src/generated/prisma/enums';
import { testPricing } from '../support/pricing';
import { customerPricesOf } from '../../src/keys/customer-prices';
import { chargePicoUsd, MAX_PICO_USD } from '../../src/common/money/money';

/**
 * The three amounts of a call without a server: wholesale at the catalog price, resale under the
 * plan's discount, the customer price at the tenant's price for the caller (else the list price for a
 * customer, the resale figure for a tenant's own key), the caps that keep every amount within int8,
 * the highest price a tenant may set, and the most one call can be billed.
 */
/** A tenant's price for one meter of one slug, as the key loader resolves it. */
const slugPrices = (slug: string, meter: Meter, price: bigint) =>
  customerPricesOf([{ customerId: null, slug, meter, pricePicoUsdPerUnit: price, markupBps: null }]);

describe('BillingService', () => {
  const billing = new BillingService();
  const pricing = (
    resale: bigint,
    wholesale: bigint,
    quantityCap: bigint,
    model: string | null = null,
    unit: BillingUnit = 'tokens_1k',
  ): Pricing => testPricing({ unit, resale, wholesale, quantityCap, model });
  const endpoint = (fields: Partial<CatalogEntry>): CatalogEntry =>
    ({ slug: 'text.generate', billingUnit: 'tokens_1k', models: [], ...fields }) as CatalogEntry;
  /** A customer's key by default; `customerId: null` is a tenant's own key. */
  const caller = (fields: Partial<CallerPricing> = {}): CallerPricing => ({
    customerId: 'customer',
    resaleDiscountBps: 0n,
    customerPrices: null,
    ...fields,
  });

  const tokens = pricing(3000n, 1000n, 10_000_000n);
  const text = endpoint({ pricing: tokens });

  it('without a discount or a price, the caller pays the catalog resale price', () => {
    expect(billing.charge(caller(), text, tokens, { meters: { tokens: 1234n }, source: 'reported' })).toMatchObject({
      quantity: 1234n,
      source: 'reported',
      wholesalePicoUsd: 1234n,
      resalePicoUsd: 3702n,
      customerPicoUsd: 3702n,
    });
  });

  it("bills the meters of the slug's unit measure, and a meter billed as the slug's (images on a generation slug)", () => {
    expect(
      billing.charge(caller(), text, tokens, { meters: { input_tokens: 1000n, output_tokens: 234n }, source: 'reported' }),
    ).toMatchObject({
      quantity: 1234n,
      resalePicoUsd: 3702n,
    });
    const perGeneration = pricing(40_000n, 20_000n, 100_000n, null, 'generation');
    const image = endpoint({ slug: 'media.image', billingUnit: 'generation', pricing: perGeneration });
    expect(billing.charge(caller(), image, perGeneration, { meters: { images: 2n }, source: 'reported' })).toMatchObject({
      quantity: 2n,
      resalePicoUsd: 80_000n,
    });
    // Speech's characters are not minutes: a voice slug bills the milliseconds of audio alone.
    const perMinute = pricing(6_000_000_000n, 4_000_000_000n, 86_400_000n, null, 'minute');
    const tts = endpoint({ slug: 'voice.tts', billingUnit: 'minute', pricing: perMinute });
    expect(billing.charge(caller(), tts, perMinute, { meters: { characters: 38n, minutes: 3_200n }, source: 'reported' })).toMatchObject({
      quantity: 3_200n,
      resalePicoUsd: 320_000_000n,
    });
  });

  it("resale revenue is the catalog price under the plan's discount, rounded once; a tenant's own key pays it", () => {
    const charge = billing.charge(caller({ customerId: null, resaleDiscountBps: 2500n }), text, tokens, {
      meters: { tokens: 1234n },
      source: 'reported',
    });
    // 1.234 × 3000 × 0.75 = 2776.5 → 2777; wholesale is never discounted.
    expect(charge).toMatchObject({ wholesalePicoUsd: 1234n, resalePicoUsd: 2777n, customerPicoUsd: 2777n });
    // 250 tokens at 5 pico per 1k less 60 %: 1.25 × 0.4 = 0.5 → 1, where rounding the undiscounted
    // charge first (1.25 → 1) and discounting that (0.4 → 0) would make the call free.
    const cheap = pricing(5n, 1n, 10_000_000n);
    const cheapText = endpoint({ pricing: cheap });
    expect(
      billing.charge(caller({ resaleDiscountBps: 6000n }), cheapText, cheap, { meters: { tokens: 250n }, source: 'reported' })
        .resalePicoUsd,
    ).toBe(1n);
  });

  it("without a price of its own a customer pays the catalog's list price: the plan's discount is its tenant's margin", () => {
    const charge = billing.charge(caller({ resaleDiscountBps: 2500n }), text, tokens, { meters: { tokens: 1234n }, source: 'reported' });
    // The tenant owes 1.234 × 3000 × 0.75 → 2777; its customer pays 1.234 × 3000 = 3702.
    expect(charge).toMatchObject({ wholesalePicoUsd: 1234n, resalePicoUsd: 2777n, customerPicoUsd: 3702n });
    // The same for a caller whose tenant priced other slugs only.
    const elsewhere = caller({ resaleDiscountBps: 2500n, customerPrices: slugPrices('text.embed', 'tokens', 1n) });
    expect(billing.charge(elsewhere, text, tokens, { meters: { tokens: 1234n }, source: 'reported' }).customerPicoUsd).toBe(3702n);
    // A model's list price, for a customer of a model endpoint.
    const large = pricing(30_000n, 10_000n, 10_000_000n, 'large');
    const withModels = endpoint({ pricing: tokens, models: [large] });
    expect(
      billing.charge(caller({ resaleDiscountBps: 5000n }), withModels, large, { meters: { tokens: 1000n }, source: 'reported' }),
    ).toMatchObject({
      resalePicoUsd: 15_000n,
      customerPicoUsd: 30_000n,
    });
  });

  it("the caller's price on the slug sets what it pays, for every model, and leaves the resale revenue alone", () => {
    const small = pricing(3000n, 1000n, 10_000_000n, 'small');
    const large = pricing(30_000n, 10_000n, 10_000_000n, 'large');
    const withModels = endpoint({ pricing: tokens, models: [small, large] });
    const priced = caller({ resaleDiscountBps: 1000n, customerPrices: slugPrices('text.generate', 'tokens', 5000n) });
    expect(billing.charge(priced, withModels, small, { meters: { tokens: 2000n }, source: 'reported' })).toMatchObject({
      quantity: 2000n,
      source: 'reported',
      wholesalePicoUsd: 2000n,
      resalePicoUsd: 5400n,
      customerPicoUsd: 10_000n,
    });
    expect(billing.charge(priced, withModels, large, { meters: { tokens: 2000n }, source: 'reported' })).toMatchObject({
      resalePicoUsd: 54_000n,
      customerPicoUsd: 10_000n,
    });
    // A price on another slug changes nothing here.
    const elsewhere = caller({ customerPrices: slugPrices('text.embed', 'tokens', 1n) });
    expect(billing.charge(elsewhere, text, tokens, { meters: { tokens: 1000n }, source: 'reported' }).customerPicoUsd).toBe(3000n);
  });

  it("never lowers the billed quantity for the tenant's price: wholesale and resale follow the catalog, the customer amount stops at int8", () => {
    // A price set when the cap was lower (the API refuses it now), after the operator raised the cap.
    const dearest = 9_007_199_254_740_991n;
    const perCall = pricing(1000n, 500n, 100_000n, null, 'record');
    const records = endpoint({ slug: 'data.enrich', billingUnit: 'record', pricing: perCall });
    const priced = caller({ resaleDiscountBps: 1000n, customerPrices: slugPrices('data.enrich', 'records', dearest) });
    expect(perCall.meters[0].quantityCap).toBe(100_000n);
    expect(billing.charge(priced, records, perCall, { meters: { records: 5000n }, source: 'reported' })).toMatchObject({
      quantity: 5000n,
      source: 'reported',
      wholesalePicoUsd: 2_500_000n,
      resalePicoUsd: 4_500_000n,
      customerPicoUsd: MAX_PICO_USD,
    });
    // Over the catalog's cap: billed at that cap, the same for every caller.
    const over = billing.charge(priced, records, perCall, { meters: { records: 200_000n }, source: 'reported' });
    expect(over).toMatchObject({ quantity: 100_000n, source: 'capped', resalePicoUsd: 90_000_000n, customerPicoUsd: MAX_PICO_USD });
    expect(billing.charge(caller(), records, perCall, { meters: { records: 200_000n }, source: 'reported' })).toMatchObject({
      quantity: 100_000n,
      source: 'capped',
    });
    // A price just within the int8 bound at that quantity is billed exactly.
    const within = caller({ customerPrices: slugPrices('data.enrich', 'records', (MAX_PICO_USD - 1n) / 5000n) });
    expect(billing.charge(within, records, perCall, { meters: { records: 5000n }, source: 'reported' }).customerPicoUsd).toBe(
      chargePicoUsd(5000n, (MAX_PICO_USD - 1n) / 5000n, 1n),
    );
  });

  it('maxCustomerPricePicoUsdPerUnit: the highest price whose charge at the cap of every price of the slug fits int8', () => {
    const perCall = pricing(1000n, 500n, 100_000n, null, 'record');
    const records = endpoint({ slug: 'data.enrich', billingUnit: 'record', pricing: perCall });
    const highest = maxCustomerPricePicoUsdPerUnit(records, 'records')!;
    expect(highest).toBe((MAX_PICO_USD - 1n) / 100_000n);
    expect(chargePicoUsd(100_000n, highest, 1n)).toBeLessThanOrEqual(MAX_PICO_USD);
    expect(chargePicoUsd(100_000n, highest + 1n, 1n)).toBeGreaterThan(MAX_PICO_USD);
    // Per 1k tokens at a 10M-token cap; a model's larger cap decides for the whole slug.
    expect(maxCustomerPricePicoUsdPerUnit(text, 'tokens')).toBe(((MAX_PICO_USD - 1n) * 1000n) / 10_000_000n);
    const withModels = endpoint({
      pricing: pricing(3000n, 1000n, 1000n),
      models: [pricing(3000n, 1000n, 1_000_000n, 'small'), pricing(3000n, 1000n, 20_000_000n, 'large')],
    });
    expect(maxCustomerPricePicoUsdPerUnit(withModels, 'tokens')).toBe(((MAX_PICO_USD - 1n) * 1000n) / 20_000_000n);
  });

  it('maxCallCharge: the most a call can be billed, at the dearest price of the endpoint, at its cap', () => {
    const small = pricing(3000n, 1000n, 10_000_000n, 'small');
    const large = pricing(30_000n, 10_000n, 1_000_000n, 'large');
    const withModels = endpoint({ pricing: tokens, models: [small, large] });
    // Without models: the endpoint's own price at its cap (10M tokens × 3000 / 1000).
    expect(billing.maxCallCharge(caller(), text)).toEqual({ resalePicoUsd: 30_000_000n, customerPicoUsd: 30_000_000n });
    // With models: the largest of each model's charge at its own cap (10M × 3 = 30M against 1M × 30 = 30M, then
    // discounted); a customer without a price pays the list price, a tenant's own key the discounted one.
    expect(billing.maxCallCharge(caller({ resaleDiscountBps: 5000n }), withModels)).toEqual({
      resalePicoUsd: 15_000_000n,
      customerPicoUsd: 30_000_000n,
    });
    expect(billing.maxCallCharge(caller({ customerId: null, resaleDiscountBps: 5000n }), withModels)).toEqual({
      resalePicoUsd: 15_000_000n,
      customerPicoUsd: 15_000_000n,
    });
    // The caller's price applies to every model: the largest cap times that price.
    const priced = caller({ resaleDiscountBps: 5000n, customerPrices: slugPrices('text.generate', 'tokens', 7000n) });
    expect(billing.maxCallCharge(priced, withModels)).toEqual({ resalePicoUsd: 15_000_000n, customerPicoUsd: 70_000_000n });
    // Free endpoints cost nothing at most.
    const free = pricing(0n, 0n, 100_000n, null, 'call');
    expect(billing.maxCallCharge(caller(), endpoint({ billingUnit: 'call', pricing: free }))).toEqual({
      resalePicoUsd: 0n,
      customerPicoUsd: 0n,
    });
  });
});
