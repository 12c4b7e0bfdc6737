import { randomUUID } from 'node:crypto';
import type { AuditMeters } from '../../src/audit/audit-record';
import { chargePicoUsd, MAX_PICO_USD, picoUsdToDecimalString, usdToPicoUsd } from '../../src/common/money/money';
import type { ChildGateway } from '../support/child-gateway';
import { GatewayHarness } from '../support/gateway-harness';
import { resellerWithCustomers } from '../support/reseller-fixtures';
import { parseEvents } from '../support/sse';
import { startUpstream, TestUpstream } from '../support/upstream-server';

/**
 * The prices a reseller sets for its customers: the routes, and what the gateway bills with them
 * (a customer's own price over the tenant-wide one, over the catalog's list price; every model of a
 * slug; the tenant's own keys never), on every process at once; the prices refused (a call at the
 * slug's cap would overflow int8) and what no tenant price ever changes (wholesale and resale).
 */
describe('reseller API: customer prices', () => {
  let gw: GatewayHarness;
  /** An endpoint billed per call: wholesale $0.001, resale $0.0015. */
  let slug: string;
  /** An upstream that reports `{"images": n}` of its request as the usage. */
  let counting: TestUpstream;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ SIMULATOR_CHUNK_INTERVAL_MS: '0' });
    ({ slug } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator', name: 'sim' }] }));
    counting = await startUpstream((req, res) => {
      const { images } = JSON.parse(req.body) as { images: number };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, usage: { quantity: images } }));
    });
  });

  afterAll(async () => {
    await gw.close();
    await counting.close();
  });

  /** One call: what it billed (billed_usd in pico-USD) and its audit record's three amounts, which must agree. */
  const billedFor = async (key: string, target = slug, body: object = {}, url = gw.url) => {
    const res = await fetch(`${url}/api/public/v1/${target}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { billed_usd: number; request_id: string };
    expect(res.status).toBe(200);
    return { billed: usdToPicoUsd(json.billed_usd), requestId: json.request_id };
  };
  const ledgerOf = async (requestId: string) => {
    const r = (await gw.auditRecord(requestId))!;
    return { wholesale: r.wholesalePicoUsd, resale: r.resalePicoUsd, customer: r.customerPricePicoUsd, quantity: r.quantity };
  };

  it('sets, lists, replaces and removes prices for every customer and per customer', async () => {
    const { api, ada } = await resellerWithCustomers(gw);
    expect(await api('GET', '/prices')).toEqual({ status: 200, body: { data: [] } });

    const put = await api('PUT', `/prices/${slug}`, { price_usd_per_unit: '0.002' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      slug,
      customer_id: null,
      billing_unit: 'call',
      meter: 'calls',
      unit_label: 'call',
      price_usd_per_unit: '0.002',
      updated_at: expect.any(String),
    });
    // The highest price of text.embed (priced per 1k tokens): (int8 max − 1) × 1000 / its 10M-token cap.
    await api('PUT', '/prices/text.embed', { price_usd_per_unit: '922.337203685477' });
    const replaced = await api('PUT', `/prices/${slug}`, { price_usd_per_unit: '0' });
    expect(replaced.body).toMatchObject({ price_usd_per_unit: '0' });
    const listed = (await api('GET', '/prices')).body.data;
    expect(listed.map((p: { slug: string }) => p.slug)).toEqual([slug, 'text.embed'].sort());
    expect(listed.find((p: { slug: string }) => p.slug === 'text.embed')).toMatchObject({
      billing_unit: 'tokens_1k',
      meter: 'tokens',
      unit_label: '1k tokens',
      price_usd_per_unit: '922.337203685477',
    });

    // A customer's own prices are listed apart from the tenant-wide ones.
    expect((await api('GET', `/customers/${ada.id}/prices`)).body).toEqual({ data: [] });
    const own = await api('PUT', `/customers/${ada.id}/prices/${slug}`, { price_usd_per_unit: '0.003' });
    expect(own.body).toMatchObject({ slug, customer_id: ada.id, price_usd_per_unit: '0.003' });
    expect((await api('GET', `/customers/${ada.id}/prices`)).body.data).toHaveLength(1);
    expect((await api('GET', '/prices')).body.data).toHaveLength(2);

    expect((await api('DELETE', `/customers/${ada.id}/prices/${slug}`)).status).toBe(204);
    expect((await api('DELETE', `/customers/${ada.id}/prices/${slug}`)).status).toBe(204); // idempotent
    expect((await api('GET', `/customers/${ada.id}/prices`)).body).toEqual({ data: [] });
    expect((await api('DELETE', `/prices/${slug}`)).status).toBe(204);
    expect((await api('GET', '/prices')).body.data.map((p: { slug: string }) => p.slug)).toEqual(['text.embed']);
  });

  it('answers 404 endpoint_not_found for a slug the catalog does not have, 404 resource_not_found for a customer that is not yours', async () => {
    const { api, ada } = await resellerWithCustomers(gw);
    const price = { price_usd_per_unit: '0.000000000001' };
    for (const [method, path] of [
      ['PUT', '/prices/text.nothing'],
      ['DELETE', '/prices/text.nothing'],
      ['PUT', `/customers/${ada.id}/prices/text.nothing`],
      ['DELETE', `/customers/${ada.id}/prices/text.nothing`],
    ]) {
      const res = await api(method, path, method === 'PUT' ? price : undefined);
      expect([method, path, res.status, res.body.error.code]).toEqual([method, path, 404, 'endpoint_not_found']);
    }
    const missing = randomUUID();
    for (const [method, path] of [
      ['GET', `/customers/${missing}/prices`],
      ['PUT', `/customers/${missing}/prices/${slug}`],
      ['DELETE', `/customers/${missing}/prices/${slug}`],
    ]) {
      const res = await api(method, path, method === 'PUT' ? price : undefined);
      expect([method, path, res.status, res.body.error.code]).toEqual([method, path, 404, 'resource_not_found']);
    }
    // A deleted customer is gone for prices too.
    expect((await api('DELETE', `/customers/${ada.id}`)).status).toBe(204);
    expect((await api('PUT', `/customers/${ada.id}/prices/${slug}`, price)).status).toBe(404);
  });

  it("refuses a price whose charge at the slug's quantity cap would overflow int8 (400), and accepts the highest that fits", async () => {
    const { api, ada } = await resellerWithCustomers(gw);
    const absurd = { price_usd_per_unit: '9007.199254740991' };
    for (const path of [`/customers/${ada.id}/prices/vision.ocr`, '/prices/vision.ocr', `/customers/${ada.id}/prices/text.embed`]) {
      const res = await api('PUT', path, absurd);
      expect([path, res.status, res.body.error.code]).toEqual([path, 400, 'invalid_request']);
    }
    // vision.ocr: 100,000 images a call at most, so $92.233720368547 an image at most.
    const refused = await api('PUT', `/customers/${ada.id}/prices/vision.ocr`, absurd);
    expect(refused.body.error.details).toEqual({ max_price_per_unit_usd: '92.233720368547' });
    expect(refused.body.error.message).toMatch(/highest price of vision\.ocr/);
    expect((await api('GET', `/customers/${ada.id}/prices`)).body).toEqual({ data: [] });
    expect((await api('GET', '/prices')).body).toEqual({ data: [] });
    const highest = usdToPicoUsd(refused.body.error.details.max_price_per_unit_usd);
    expect(
      (await api('PUT', `/customers/${ada.id}/prices/vision.ocr`, { price_usd_per_unit: picoUsdToDecimalString(highest + 1n) })).status,
    ).toBe(400);
    expect(
      (await api('PUT', `/customers/${ada.id}/prices/vision.ocr`, { price_usd_per_unit: picoUsdToDecimalString(highest) })).status,
    ).toBe(200);
  });

  it('what the tenant owes and the upstream costs never depend on its price: billed on the quantity the catalog allows, even after the operator raises the cap', async () => {
    const { slug: images } = await gw.createEndpoint({
      category: 'vision',
      billingUnit: 'image',
      wholesalePicoUsdPerUnit: 1_500_000_000n,
      resalePicoUsdPerUnit: 2_500_000_000n,
      upstreams: [{ baseUrl: counting.url }],
    });
    const { api, ada, bob } = await resellerWithCustomers(gw);
    const highest = (MAX_PICO_USD - 1n) / 100_000n; // the image unit's default cap of 100,000 a call
    expect(
      (await api('PUT', `/customers/${ada.id}/prices/${images}`, { price_usd_per_unit: picoUsdToDecimalString(highest) })).status,
    ).toBe(200);

    const ledger = async (key: string, count: number) => ledgerOf((await billedFor(key, images, { images: count })).requestId);
    const priced = await ledger(ada.key, 5000);
    const plain = await ledger(bob.key, 5000);
    expect(priced).toEqual({ ...plain, customer: 5000n * highest });
    expect(plain).toEqual({ quantity: 5000n, wholesale: 7_500_000_000_000n, resale: 12_500_000_000_000n, customer: 12_500_000_000_000n });
    const record = async (key: string, count: number) =>
      (await gw.auditRecord((await billedFor(key, images, { images: count })).requestId))!;
    expect((await record(ada.key, 5000)).usageSource).toBe('reported');

    // The operator raises the cap: the stored price would now overflow at the cap. The tenant still
    // owes every image; its customer's amount stops at the int8 maximum, never wraps.
    expect((await gw.admin('PATCH', `/catalog/${images}`, { max_quantity_per_call: 1_000_000 })).status).toBe(200);
    const raised = await record(ada.key, 500_000);
    expect(raised).toMatchObject({
      quantity: 500_000n,
      usageSource: 'reported',
      wholesalePicoUsd: 750_000_000_000_000n,
      resalePicoUsd: 1_250_000_000_000_000n,
      customerPricePicoUsd: MAX_PICO_USD,
    });
    // The same price is refused now, at the new cap.
    expect(
      (await api('PUT', `/customers/${ada.id}/prices/${images}`, { price_usd_per_unit: picoUsdToDecimalString(highest) })).status,
    ).toBe(400);
  });

  it("bills customers at the tenant-wide price, a customer's own price before it, the list price again once removed; own keys never", async () => {
    const { api, ada, bob, ownKey } = await resellerWithCustomers(gw);
    await api('PUT', `/prices/${slug}`, { price_usd_per_unit: '0.002' });
    await api('PUT', `/customers/${ada.id}/prices/${slug}`, { price_usd_per_unit: '0.003' });

    const adaCall = await billedFor(ada.key);
    expect(adaCall.billed).toBe(3_000_000_000n);
    expect(await ledgerOf(adaCall.requestId)).toMatchObject({
      wholesale: 1_000_000_000n,
      resale: 1_500_000_000n,
      customer: 3_000_000_000n,
    });
    const bobCall = await billedFor(bob.key);
    expect(bobCall.billed).toBe(2_000_000_000n);
    expect(await ledgerOf(bobCall.requestId)).toMatchObject({ resale: 1_500_000_000n, customer: 2_000_000_000n });
    // The tenant's own key is not a customer's: it pays what the tenant owes.
    const own = await billedFor(ownKey);
    expect(await ledgerOf(own.requestId)).toMatchObject({ resale: 1_500_000_000n, customer: 1_500_000_000n });
    expect(own.billed).toBe(1_500_000_000n);
    // Another slug has no price: the catalog's list price (without a plan, the resale figure).
    const dns = await billedFor(ada.key, 'infra.dns', { domain: 'example.com' });
    const dnsLedger = await ledgerOf(dns.requestId);
    expect(dnsLedger.customer).toBe(dnsLedger.resale);
    expect(dns.billed).toBe(dnsLedger.customer);

    // Removing Ada's price falls back to the tenant-wide one, removing that to the resale figure.
    await api('DELETE', `/customers/${ada.id}/prices/${slug}`);
    expect((await billedFor(ada.key)).billed).toBe(2_000_000_000n);
    await api('DELETE', `/prices/${slug}`);
    expect((await billedFor(ada.key)).billed).toBe(1_500_000_000n);
    expect((await billedFor(bob.key)).billed).toBe(1_500_000_000n);
  });

  it("applies under the plan's discount: the tenant owes the discounted resale, its customer pays its price, else the list price", async () => {
    const { api, ada, bob, ownKey } = await resellerWithCustomers(gw, 2000);
    await api('PUT', `/customers/${ada.id}/prices/${slug}`, { price_usd_per_unit: '0.001' });
    const adaCall = await billedFor(ada.key);
    expect(await ledgerOf(adaCall.requestId)).toMatchObject({
      wholesale: 1_000_000_000n,
      resale: 1_200_000_000n,
      customer: 1_000_000_000n,
    });
    expect(adaCall.billed).toBe(1_000_000_000n); // a price under the resale figure: the reseller's loss, its choice
    // Without a price of its own a customer pays the catalog's list price: the discount is the reseller's margin.
    const bobCall = await billedFor(bob.key);
    expect(await ledgerOf(bobCall.requestId)).toMatchObject({ resale: 1_200_000_000n, customer: 1_500_000_000n });
    expect(bobCall.billed).toBe(1_500_000_000n);
    const dns = await billedFor(bob.key, 'infra.dns', { domain: 'example.com' });
    const dnsLedger = await ledgerOf(dns.requestId);
    expect(dnsLedger.resale).toBe((dnsLedger.customer * 8n) / 10n);
    expect(dns.billed).toBe(dnsLedger.customer);
    // The tenant's own key pays what the tenant owes.
    const own = await billedFor(ownKey);
    expect(await ledgerOf(own.requestId)).toMatchObject({ resale: 1_200_000_000n, customer: 1_200_000_000n });
  });

  it('applies one price to every model of a slug', async () => {
    const { slug: modelSlug } = await gw.createEndpoint({
      category: 'data',
      billingUnit: 'record',
      upstreams: [{ kind: 'simulator', name: 'sim' }],
      models: [
        { name: 'basic', wholesalePicoUsdPerUnit: 1_000_000n, resalePicoUsdPerUnit: 2_000_000n },
        { name: 'premium', wholesalePicoUsdPerUnit: 10_000_000n, resalePicoUsdPerUnit: 20_000_000n },
      ],
    });
    const { api, ada } = await resellerWithCustomers(gw);
    await api('PUT', `/customers/${ada.id}/prices/${modelSlug}`, { price_usd_per_unit: '0.000007' });
    for (const [model, resale] of [
      ['basic', 2_000_000n],
      ['premium', 20_000_000n],
    ] as const) {
      const call = await billedFor(ada.key, modelSlug, { model, records: [{ email: 'a@example.com' }, { email: 'b@example.com' }] });
      const ledger = await ledgerOf(call.requestId);
      expect([model, ledger.resale, ledger.customer]).toEqual([model, resale * ledger.quantity, 7_000_000n * ledger.quantity]);
      expect(call.billed).toBe(ledger.customer);
    }
  });

  it("a stream's final cost_usd is the customer price, equal to the audit record's, summed over its meters", async () => {
    const { api, ada } = await resellerWithCustomers(gw);
    // text.generate's default model is priced per input and output token: a price for each.
    await api('PUT', `/customers/${ada.id}/prices/text.generate/meters/input_tokens`, { price_usd_per_unit: '0.000123456789' });
    await api('PUT', `/customers/${ada.id}/prices/text.generate/meters/output_tokens`, { price_usd_per_unit: '0.000987654321' });
    const res = await gw.call('text.generate', { key: ada.key, body: { input: 'Tell me a story', stream: true } });
    expect(res.status).toBe(200);
    const { events, done } = parseEvents(await res.text());
    expect(done).toBe(true);
    const last = events[events.length - 1];
    expect(last.done).toBe(true);
    const record = (await gw.auditRecord(res.headers.get('x-service-request-id')!))!;
    const meters = record.meters as AuditMeters;
    const input = BigInt(meters.input_tokens![0]);
    const output = BigInt(meters.output_tokens![0]);
    expect([meters.input_tokens![3], meters.output_tokens![3]]).toEqual([
      String(chargePicoUsd(input, 123_456_789n, 1000n)),
      String(chargePicoUsd(output, 987_654_321n, 1000n)),
    ]);
    expect(record.customerPricePicoUsd).toBe(chargePicoUsd(input, 123_456_789n, 1000n) + chargePicoUsd(output, 987_654_321n, 1000n));
    expect(record.customerPricePicoUsd).not.toBe(record.resalePicoUsd);
    expect(usdToPicoUsd(last.usage.cost_usd)).toBe(record.customerPricePicoUsd);
  });

  it('a price change applies on another gateway process within 1 s, with no restart', async () => {
    const { api, ada, bob } = await resellerWithCustomers(gw);
    let child: ChildGateway | undefined;
    try {
      child = await gw.startSecondProcess({ KEY_CACHE_TTL_MS: '60000' }); // only the broadcast can refresh the child's copy
      const billedByChild = async (key: string) => (await billedFor(key, slug, {}, child!.url)).billed;
      expect(await billedByChild(ada.key)).toBe(1_500_000_000n); // both keys now cached in the child
      expect(await billedByChild(bob.key)).toBe(1_500_000_000n);

      /** Calls the child until it bills `key` something else than `from` (at most 1 s). */
      const untilChanged = async (key: string, from: bigint) => {
        const since = Date.now();
        let billed = from;
        while (billed === from && Date.now() - since < 1000) billed = await billedByChild(key);
        return { billed, ms: Date.now() - since };
      };

      await api('PUT', `/prices/${slug}`, { price_usd_per_unit: '0.002' });
      const tenantWide = await untilChanged(bob.key, 1_500_000_000n);
      expect(tenantWide.billed).toBe(2_000_000_000n);
      expect(tenantWide.ms).toBeLessThan(1000);
      await api('PUT', `/customers/${ada.id}/prices/${slug}`, { price_usd_per_unit: '0.003' });
      const own = await untilChanged(ada.key, 2_000_000_000n);
      expect(own.billed).toBe(3_000_000_000n);
      expect(own.ms).toBeLessThan(1000);
      await api('DELETE', `/customers/${ada.id}/prices/${slug}`);
      const fallback = await untilChanged(ada.key, 3_000_000_000n);
      expect(fallback.billed).toBe(2_000_000_000n);
      expect(fallback.ms).toBeLessThan(1000);
      await api('DELETE', `/prices/${slug}`);
      const resale = await untilChanged(bob.key, 2_000_000_000n);
      expect(resale.billed).toBe(1_500_000_000n);
      expect(resale.ms).toBeLessThan(1000);
    } finally {
      expect(await child?.terminate()).toBe(0);
    }
  }, 60_000);
});
