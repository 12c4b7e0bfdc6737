import { randomUUID } from 'node:crypto';
import type { AuditMeters } from '../../src/audit/audit-record';
import { CatalogService } from '../../src/catalog/catalog.service';
import { chargePicoUsd, MAX_PICO_USD, markedUpChargePicoUsd, picoUsdToDecimalString, usdToPicoUsd } from '../../src/common/money/money';
import { estimateTokensOfLength } from '../../src/proxy/providers/shared/usage';
import { ANTHROPIC_TEST_SECRET, type AnthropicUpstream, startAnthropicUpstream } from '../support/anthropic-upstream';
import { GatewayHarness } from '../support/gateway-harness';
import { resellerWithCustomers } from '../support/reseller-fixtures';
import { parseEvents } from '../support/sse';

/**
 * A reseller's customer prices per meter and its markups over its resale figure: the routes (per
 * meter beside the slug's shorthand, markups on a slug or on every slug `*`, each for every customer
 * and per customer), what they refuse, and what the gateway bills with them: the precedence (fixed
 * price, then slug markup, then `*` markup; the customer's before the tenant's at the same
 * specificity), each meter's amount in the audit record, the budget holds, a markup rounded once.
 */
describe('reseller API: prices per meter and markups', () => {
  let gw: GatewayHarness;
  /** An endpoint billed per call (simulator): wholesale $0.001, resale $0.0015. */
  let perCall: string;
  /**
   * A text endpoint priced per 1k input tokens (resale $0.0002) and per 1k output tokens (resale
   * $0.0008), output at most 1000 tokens a call, behind the fake Anthropic API, which reports the
   * usage its prompt scripts (`input=1000 output=500`).
   */
  let split: string;
  let anthropic: AnthropicUpstream;

  beforeAll(async () => {
    process.env.UPSTREAM_SECRET_MARKUPS_ANTHROPIC = ANTHROPIC_TEST_SECRET;
    gw = await GatewayHarness.start({ SIMULATOR_CHUNK_INTERVAL_MS: '0' });
    ({ slug: perCall } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator', name: 'sim' }] }));
    anthropic = await startAnthropicUpstream();
    ({ slug: split } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      maxOutputTokens: 1000,
      streamable: true,
      prices: [
        { meter: 'input_tokens', wholesalePicoUsdPerUnit: 100_000_000n, resalePicoUsdPerUnit: 200_000_000n },
        { meter: 'output_tokens', wholesalePicoUsdPerUnit: 400_000_000n, resalePicoUsdPerUnit: 800_000_000n },
      ],
      upstreams: [
        { kind: 'anthropic', baseUrl: anthropic.url, authSecretEnv: 'UPSTREAM_SECRET_MARKUPS_ANTHROPIC', model: 'claude-haiku-4-5' },
      ],
    }));
  });

  afterAll(async () => {
    await gw.close();
    await anthropic.close();
  });

  /** One call: what it billed, and its audit record (whose customer amount must equal it). */
  const call = async (key: string, slug: string, body: object = {}) => {
    const res = await fetch(`${gw.url}/api/public/v1/${slug}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { billed_usd: number; request_id: string };
    expect([res.status, json]).toEqual([200, expect.anything()]);
    const record = (await gw.auditRecord(json.request_id))!;
    expect(usdToPicoUsd(json.billed_usd)).toBe(record.customerPricePicoUsd);
    return record;
  };
  const billed = async (key: string, slug: string, body: object = {}) => (await call(key, slug, body)).customerPricePicoUsd;
  /** The audit record's amounts per meter (its `meters` JSON): [quantity, wholesale, resale, customer]. */
  const metersOf = (record: { meters: unknown }) =>
    Object.fromEntries(Object.entries(record.meters as AuditMeters).map(([meter, figures]) => [meter, figures.map(BigInt)]));

  it("sets, lists and removes prices one meter at a time; the slug's own routes are its unit meter's shorthand and remove every meter", async () => {
    const { api, ada } = await resellerWithCustomers(gw);
    const input = await api('PUT', `/prices/${split}/meters/input_tokens`, { price_usd_per_unit: '0.0003' });
    expect(input).toEqual({
      status: 200,
      body: {
        slug: split,
        customer_id: null,
        billing_unit: 'tokens_1k',
        meter: 'input_tokens',
        unit_label: '1k input tokens',
        price_usd_per_unit: '0.0003',
        updated_at: expect.any(String),
      },
    });
    expect((await api('PUT', `/prices/${split}/meters/output_tokens`, { price_usd_per_unit: '0.0012' })).status).toBe(200);
    // Replaced, not added: one price per meter.
    expect((await api('PUT', `/prices/${split}/meters/output_tokens`, { price_usd_per_unit: '0.001' })).status).toBe(200);
    const listed = (await api('GET', '/prices')).body.data;
    expect(listed.map((p: { meter: string; price_usd_per_unit: string }) => [p.meter, p.price_usd_per_unit])).toEqual([
      ['input_tokens', '0.0003'],
      ['output_tokens', '0.001'],
    ]);

    // A customer's own, listed apart.
    const own = await api('PUT', `/customers/${ada.id}/prices/${split}/meters/output_tokens`, { price_usd_per_unit: '0.002' });
    expect(own.body).toMatchObject({ slug: split, customer_id: ada.id, meter: 'output_tokens', price_usd_per_unit: '0.002' });
    expect((await api('GET', `/customers/${ada.id}/prices`)).body.data).toHaveLength(1);
    expect((await api('GET', '/prices')).body.data).toHaveLength(2);

    // One meter removed (idempotent), the other kept; any meter name may be removed, billed or not.
    expect((await api('DELETE', `/prices/${split}/meters/input_tokens`)).status).toBe(204);
    expect((await api('DELETE', `/prices/${split}/meters/input_tokens`)).status).toBe(204);
    expect((await api('DELETE', `/prices/${split}/meters/tokens`)).status).toBe(204);
    expect((await api('GET', '/prices')).body.data.map((p: { meter: string }) => p.meter)).toEqual(['output_tokens']);
    expect((await api('DELETE', `/customers/${ada.id}/prices/${split}/meters/output_tokens`)).status).toBe(204);
    expect((await api('GET', `/customers/${ada.id}/prices`)).body).toEqual({ data: [] });

    // The slug's route removes every meter's price, and no markup.
    await api('PUT', `/prices/${split}/meters/input_tokens`, { price_usd_per_unit: '0.0003' });
    await api('PUT', `/markups/${split}`, { markup_bps: 500 });
    expect((await api('DELETE', `/prices/${split}`)).status).toBe(204);
    expect((await api('GET', '/prices')).body).toEqual({ data: [] });
    expect((await api('GET', '/markups')).body.data).toEqual([expect.objectContaining({ slug: split, markup_bps: 500 })]);

    // On a single-meter slug the shorthand and the meter's route are one price.
    await api('PUT', `/prices/${perCall}`, { price_usd_per_unit: '0.002' });
    const same = await api('PUT', `/prices/${perCall}/meters/calls`, { price_usd_per_unit: '0.0025' });
    expect(same.body).toMatchObject({ meter: 'calls', unit_label: 'call', billing_unit: 'call' });
    expect((await api('GET', '/prices')).body.data).toEqual([
      expect.objectContaining({ slug: perCall, meter: 'calls', price_usd_per_unit: '0.0025' }),
    ]);
  });

  it('refuses a meter the slug does not bill (400 with its meters), and a price above the meter’s share of int8 at its cap', async () => {
    const { api, ada } = await resellerWithCustomers(gw);
    const price = { price_usd_per_unit: '0.001' };
    const meters = ['input_tokens', 'output_tokens'];
    for (const path of [
      `/prices/${split}`, // the shorthand: text's unit meter is `tokens`, which this slug does not bill
      `/prices/${split}/meters/tokens`,
      `/prices/${split}/meters/images`,
      `/prices/${split}/meters/nonsense`,
      `/customers/${ada.id}/prices/${split}`,
      `/customers/${ada.id}/prices/${split}/meters/cached_input_tokens`,
    ]) {
      const res = await api('PUT', path, price);
      expect([path, res.status, res.body.error.code, res.body.error.details]).toEqual([path, 400, 'invalid_request', { meters }]);
    }
    expect((await api('PUT', `/prices/${split}`, price)).body.error.message).toMatch(/per meter \(input_tokens, output_tokens\)/);
    for (const path of [`/prices/${split}/meters/nonsense`, `/customers/${ada.id}/prices/${split}/meters/%00`]) {
      const res = await api('DELETE', path);
      expect([path, res.status, res.body.error.details]).toEqual([path, 400, { meters }]);
    }
    expect((await api('PUT', `/prices/${perCall}/meters/tokens`, price)).body.error.details).toEqual({ meters: ['calls'] });

    // Two meters share int8: a call at the 10M-token cap must stay within half of it per meter.
    const highest = ((MAX_PICO_USD / 2n - 1n) * 1000n) / 10_000_000n;
    const over = await api('PUT', `/customers/${ada.id}/prices/${split}/meters/output_tokens`, {
      price_usd_per_unit: picoUsdToDecimalString(highest + 1n),
    });
    expect([over.status, over.body.error.details]).toEqual([400, { max_price_per_unit_usd: picoUsdToDecimalString(highest) }]);
    expect(over.body.error.message).toMatch(/per 1k output tokens/);
    const at = await api('PUT', `/customers/${ada.id}/prices/${split}/meters/output_tokens`, {
      price_usd_per_unit: picoUsdToDecimalString(highest),
    });
    expect(at.status).toBe(200);
    expect((await api('GET', '/prices')).body).toEqual({ data: [] });
  });

  it('sets, lists, replaces and removes markups on a slug and on every slug (`*`), for every customer and per customer', async () => {
    const { api, ada } = await resellerWithCustomers(gw);
    expect(await api('GET', '/markups')).toEqual({ status: 200, body: { data: [] } });
    const every = await api('PUT', '/markups/*', { markup_bps: 2500 });
    expect(every).toEqual({ status: 200, body: { slug: '*', customer_id: null, markup_bps: 2500, updated_at: expect.any(String) } });
    expect((await api('PUT', `/markups/${perCall}`, { markup_bps: 1000 })).status).toBe(200);
    // Replaced, also when the path spells `*` encoded.
    expect((await api('PUT', '/markups/%2A', { markup_bps: 3000 })).body).toMatchObject({ slug: '*', markup_bps: 3000 });
    expect((await api('GET', '/markups')).body.data.map((m: { slug: string; markup_bps: number }) => [m.slug, m.markup_bps])).toEqual([
      ['*', 3000],
      [perCall, 1000],
    ]);
    // Markups are not prices: the price list stays empty.
    expect((await api('GET', '/prices')).body).toEqual({ data: [] });

    const own = await api('PUT', `/customers/${ada.id}/markups/${perCall}`, { markup_bps: 0 });
    expect(own.body).toMatchObject({ slug: perCall, customer_id: ada.id, markup_bps: 0 });
    await api('PUT', `/customers/${ada.id}/markups/*`, { markup_bps: 100_000 });
    expect((await api('GET', `/customers/${ada.id}/markups`)).body.data.map((m: { slug: string }) => m.slug)).toEqual(['*', perCall]);
    expect((await api('GET', '/markups')).body.data).toHaveLength(2);

    // A fixed price on the slug leaves its markup alone, and the other way round.
    await api('PUT', `/prices/${perCall}`, { price_usd_per_unit: '0.002' });
    expect((await api('DELETE', `/markups/${perCall}`)).status).toBe(204);
    expect((await api('DELETE', `/markups/${perCall}`)).status).toBe(204);
    expect((await api('GET', '/prices')).body.data).toHaveLength(1);
    expect((await api('GET', '/markups')).body.data.map((m: { slug: string }) => m.slug)).toEqual(['*']);
    expect((await api('DELETE', '/markups/*')).status).toBe(204);
    expect((await api('DELETE', `/customers/${ada.id}/markups/*`)).status).toBe(204);
    expect((await api('GET', '/markups')).body).toEqual({ data: [] });
    expect((await api('GET', `/customers/${ada.id}/markups`)).body.data.map((m: { slug: string }) => m.slug)).toEqual([perCall]);
  });

  it("answers 404 for a slug the catalog lacks or a customer that is not yours (another tenant's too), 400 for a bad slug or markup; stores nothing", async () => {
    const { api, ada } = await resellerWithCustomers(gw);
    const other = await resellerWithCustomers(gw);
    const markup = { markup_bps: 100 };
    const price = { price_usd_per_unit: '0.001' };
    for (const [method, path] of [
      ['PUT', '/markups/text.nothing'],
      ['DELETE', '/markups/text.nothing'],
      ['PUT', `/customers/${ada.id}/markups/text.nothing`],
      ['PUT', '/prices/text.nothing/meters/tokens'],
      ['DELETE', `/customers/${ada.id}/prices/text.nothing/meters/tokens`],
    ]) {
      const res = await api(method, path, method === 'PUT' ? (path.includes('markups') ? markup : price) : undefined);
      expect([method, path, res.status, res.body.error.code]).toEqual([method, path, 404, 'endpoint_not_found']);
    }
    for (const customer of [randomUUID(), other.ada.id]) {
      for (const [method, path, body] of [
        ['GET', `/customers/${customer}/markups`],
        ['PUT', `/customers/${customer}/markups/*`, markup],
        ['DELETE', `/customers/${customer}/markups/*`],
        ['PUT', `/customers/${customer}/prices/${split}/meters/input_tokens`, price],
        ['DELETE', `/customers/${customer}/prices/${split}/meters/input_tokens`],
      ] as Array<[string, string, object?]>) {
        const res = await api(method, path, body);
        expect([method, path, res.status, res.body.error.code]).toEqual([method, path, 404, 'resource_not_found']);
      }
    }
    for (const [path, body] of [
      ['/markups/**', markup],
      ['/markups/TEXT.generate', markup],
      ['/markups/%00', markup],
      ['/markups/*', { markup_bps: -1 }],
      ['/markups/*', { markup_bps: 100_001 }],
      ['/markups/*', { markup_bps: 1.5 }],
      ['/markups/*', { markup_bps: '100' }],
      ['/markups/*', { markup_bps: null }],
      ['/markups/*', {}],
      ['/markups/*', { markup_bps: 100, customer_id: null }],
      [`/customers/${ada.id}/markups/*`, { markup_bps: 1e20 }],
    ] as Array<[string, object]>) {
      const res = await api('PUT', path, body);
      expect([path, body, res.status, res.body.error.code]).toEqual([path, body, 400, 'invalid_request']);
    }
    expect((await api('GET', '/markups')).body).toEqual({ data: [] });
    expect((await api('GET', `/customers/${ada.id}/markups`)).body).toEqual({ data: [] });
    expect((await other.api('GET', `/customers/${other.ada.id}/markups`)).body).toEqual({ data: [] });
  });

  it("bills a markup over the resale figure under the plan's discount; a fixed price beats any markup, a slug's markup the one on every slug, the customer's the tenant's", async () => {
    const { api, ada, bob, ownKey } = await resellerWithCustomers(gw, 2000); // resale of perCall: $0.0015 × 0.8 = $0.0012; infra.dns: $0.0001 × 0.8
    const dns = { domain: 'example.com' };
    expect(await billed(ada.key, perCall)).toBe(1_500_000_000n); // the list price
    await api('PUT', '/markups/*', { markup_bps: 1000 });
    expect(await billed(ada.key, perCall)).toBe(1_320_000_000n);
    expect(await billed(bob.key, 'infra.dns', dns)).toBe(88_000_000n);
    await api('PUT', `/markups/${perCall}`, { markup_bps: 2500 });
    expect(await billed(bob.key, perCall)).toBe(1_500_000_000n);
    expect(await billed(bob.key, 'infra.dns', dns)).toBe(88_000_000n);
    // Ada's markup on every slug is less specific than the tenant's on perCall.
    await api('PUT', `/customers/${ada.id}/markups/*`, { markup_bps: 5000 });
    expect(await billed(ada.key, perCall)).toBe(1_500_000_000n);
    expect(await billed(ada.key, 'infra.dns', dns)).toBe(120_000_000n);
    expect(await billed(bob.key, 'infra.dns', dns)).toBe(88_000_000n);
    // Ada's own markup on perCall, 0: her calls cost what the tenant owes.
    await api('PUT', `/customers/${ada.id}/markups/${perCall}`, { markup_bps: 0 });
    const atCost = await call(ada.key, perCall);
    expect(atCost).toMatchObject({ resalePicoUsd: 1_200_000_000n, customerPricePicoUsd: 1_200_000_000n, wholesalePicoUsd: 1_000_000_000n });
    expect(metersOf(atCost)).toEqual({ calls: [1n, 1_000_000_000n, 1_200_000_000n, 1_200_000_000n] });
    // A fixed price, even the tenant's for every customer, beats every markup.
    await api('PUT', `/prices/${perCall}`, { price_usd_per_unit: '0.002' });
    expect(await billed(ada.key, perCall)).toBe(2_000_000_000n);
    expect(await billed(bob.key, perCall)).toBe(2_000_000_000n);
    await api('PUT', `/customers/${ada.id}/prices/${perCall}`, { price_usd_per_unit: '0.003' });
    expect(await billed(ada.key, perCall)).toBe(3_000_000_000n);
    // Removing them falls back step by step.
    await api('DELETE', `/prices/${perCall}`);
    await api('DELETE', `/customers/${ada.id}/prices/${perCall}`);
    expect(await billed(ada.key, perCall)).toBe(1_200_000_000n);
    await api('DELETE', `/customers/${ada.id}/markups/${perCall}`);
    expect(await billed(ada.key, perCall)).toBe(1_500_000_000n); // the tenant's slug markup
    await api('DELETE', `/markups/${perCall}`);
    expect(await billed(ada.key, perCall)).toBe(1_800_000_000n); // her own on every slug
    await api('DELETE', `/customers/${ada.id}/markups/*`);
    expect(await billed(ada.key, perCall)).toBe(1_320_000_000n); // the tenant's on every slug
    await api('DELETE', '/markups/*');
    expect(await billed(ada.key, perCall)).toBe(1_500_000_000n); // the list price again
    // The tenant's own key pays what it owes, whatever the markups.
    await api('PUT', '/markups/*', { markup_bps: 9000 });
    expect(await call(ownKey, perCall)).toMatchObject({ resalePicoUsd: 1_200_000_000n, customerPricePicoUsd: 1_200_000_000n });
  });

  it('a slug priced per 1k tokens alone: its fixed price and a markup per 1k tokens, the markup rounded once from the exact product', async () => {
    const { api, ada, bob } = await resellerWithCustomers(gw, 2000);
    const endpoint = gw.app.get(CatalogService).find('text.embed')!;
    const { resalePicoUsdPerUnit: resale } = (endpoint.models[0] ?? endpoint.pricing).meters[0];
    await api('PUT', `/customers/${ada.id}/markups/text.embed`, { markup_bps: 3333 });
    await api('PUT', '/prices/text.embed/meters/tokens', { price_usd_per_unit: '0.000123456789' });
    const input = { input: 'a priced call' };

    // The tenant's fixed price per 1k tokens beats Ada's markup on the slug.
    const fixed = await call(ada.key, 'text.embed', input);
    expect(fixed.customerPricePicoUsd).toBe(chargePicoUsd(fixed.quantity, 123_456_789n, 1000n));
    expect(metersOf(fixed).tokens[3]).toBe(fixed.customerPricePicoUsd);
    await api('DELETE', '/prices/text.embed/meters/tokens');
    const marked = await call(ada.key, 'text.embed', input);
    expect(marked.customerPricePicoUsd).toBe(markedUpChargePicoUsd(marked.quantity, resale, 1000n, 2000n, 3333n));
    expect(metersOf(marked)).toEqual({
      tokens: [marked.quantity, marked.wholesalePicoUsd, marked.resalePicoUsd, marked.customerPricePicoUsd],
    });
    // Bob has no markup: the list price.
    expect(await billed(bob.key, 'text.embed', input)).toBe(chargePicoUsd(marked.quantity, resale, 1000n));
  });

  it("a split price: each meter at its own fixed price or markup, the bill their sum, per meter in the audit record and the stream's last event, and in the budget's holds", async () => {
    const { api, ada, bob } = await resellerWithCustomers(gw);
    await api('PUT', `/prices/${split}/meters/output_tokens`, { price_usd_per_unit: '0.001' });
    await api('PUT', `/markups/${split}`, { markup_bps: 2500 });
    await api('PUT', `/customers/${ada.id}/prices/${split}/meters/input_tokens`, { price_usd_per_unit: '0.0003' });
    await api('PUT', `/customers/${ada.id}/markups/${split}`, { markup_bps: 10_000 });

    /** A call reporting 1000 input and 500 output tokens: the customer amount of each meter; the record's figures agree. */
    const perMeter = async (key: string) => {
      const record = await call(key, split, { input: 'input=1000 output=500' });
      const meters = metersOf(record);
      expect(Object.keys(meters)).toEqual(['input_tokens', 'output_tokens']);
      // What the operator is owed never follows the tenant's prices: 1 × 200M and 0.5 × 800M.
      expect([meters.input_tokens[2], meters.output_tokens[2]]).toEqual([200_000_000n, 400_000_000n]);
      expect(record.customerPricePicoUsd).toBe(meters.input_tokens[3] + meters.output_tokens[3]);
      return [meters.input_tokens[3], meters.output_tokens[3]];
    };
    // Ada: her fixed input price (1 × 300M); output at the tenant's fixed price (0.5 × 1000M), which beats her markup.
    expect(await perMeter(ada.key)).toEqual([300_000_000n, 500_000_000n]);
    // Bob: input at the tenant's slug markup (200M × 1.25); output at its fixed price.
    expect(await perMeter(bob.key)).toEqual([250_000_000n, 500_000_000n]);
    // Without the fixed output price, Ada's own markup (× 2) beats the tenant's (× 1.25).
    await api('DELETE', `/prices/${split}/meters/output_tokens`);
    expect(await perMeter(ada.key)).toEqual([300_000_000n, 800_000_000n]);
    expect(await perMeter(bob.key)).toEqual([250_000_000n, 500_000_000n]);

    // A stream: its last event's cost and meters are the record's.
    const res = await gw.call(split, { key: ada.key, body: { input: 'chunks=4 input=2000 output=333', stream: true } });
    const { events, done } = parseEvents(await res.text());
    expect([res.status, done]).toEqual([200, true]);
    const streamed = (await gw.auditRecord(res.headers.get('x-service-request-id')!))!;
    const expected = chargePicoUsd(2000n, 300_000_000n, 1000n) + markedUpChargePicoUsd(333n, 800_000_000n, 1000n, 0n, 10_000n);
    expect(streamed.customerPricePicoUsd).toBe(expected);
    expect(usdToPicoUsd(events.at(-1).usage.cost_usd)).toBe(expected);
    expect(events.at(-1).usage.meters.map((m: { meter: string; billed_usd: number }) => [m.meter, usdToPicoUsd(m.billed_usd)])).toEqual([
      ['input_tokens', 600_000_000n],
      ['output_tokens', markedUpChargePicoUsd(333n, 800_000_000n, 1000n, 0n, 10_000n)],
    ]);

    // A budget holds what a call would be billed, per meter: the input's tokens and the 1000-token output limit.
    await api('PUT', `/customers/${ada.id}/budget`, { period: 'monthly', cap_usd: '10' });
    await api('PUT', `/customers/${bob.id}/budget`, { period: 'monthly', cap_usd: '10' });
    const inputTokens = BigInt(estimateTokensOfLength(2)); // the input `{}`
    const holdOf = async (id: string) =>
      usdToPicoUsd(
        (await api('GET', `/customers/${id}/budget`)).body.call_holds.find((h: { slug: string }) => h.slug === split).hold_usd as string,
      );
    expect(await holdOf(ada.id)).toBe(
      chargePicoUsd(inputTokens, 300_000_000n, 1000n) + markedUpChargePicoUsd(1000n, 800_000_000n, 1000n, 0n, 10_000n),
    );
    expect(await holdOf(bob.id)).toBe(
      markedUpChargePicoUsd(inputTokens, 200_000_000n, 1000n, 0n, 2500n) + markedUpChargePicoUsd(1000n, 800_000_000n, 1000n, 0n, 2500n),
    );
  });
});
