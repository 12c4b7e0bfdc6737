import { usdToPicoUsd } from '../../src/common/money/money';
import { GatewayHarness } from '../support/gateway-harness';
import { OpenAiUpstream, startOpenAiUpstream } from '../support/openai-upstream';
import { sendJson, startUpstream, TestUpstream } from '../support/upstream-server';

/** The catalog prices every model; the caller never sends an upstream a model of its choice. */
describe('models: priced by the catalog, fixed per upstream by the operator', () => {
  let gw: GatewayHarness;
  let small: TestUpstream;
  let large: TestUpstream;
  let openai: OpenAiUpstream;
  let key: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    small = await startUpstream((req, res) => sendJson(res, 200, { served_by: 'small', usage: { total_tokens: 1000 } }));
    large = await startUpstream((req, res) => sendJson(res, 200, { served_by: 'large', usage: { total_tokens: 1000 } }));
    openai = await startOpenAiUpstream();
    ({ key } = await gw.createTenantWithKey());
  });

  afterAll(async () => {
    await gw.close();
    await Promise.all([small.close(), large.close(), openai.close()]);
  });

  async function expectInvalid(res: Response, allowed: string[]) {
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error).toMatchObject({ code: 'invalid_request', details: { allowed_models: allowed } });
    expect(await gw.auditRecord(body.error.request_id)).toMatchObject({ httpStatus: 400, resalePicoUsd: 0n, usageSource: null });
  }

  it('a caller `model` on an endpoint without models is 400 (the catalog decides the price)', async () => {
    const { slug } = await gw.createEndpoint({ category: 'text', billingUnit: 'tokens_1k', upstreams: [{ baseUrl: small.url }] });
    await expectInvalid(await gw.call(slug, { key, body: { input: 'hi', model: 'gpt-most-expensive' } }), []);
    await expectInvalid(await gw.call(slug, { key, method: 'GET', query: { model: 'x' } }), []);
    expect(small.received).toHaveLength(0);
  });

  it('two models at different prices: each routes to its own upstream and bills its own price; unknown is 400 with the list', async () => {
    const { slug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      upstreams: [
        { baseUrl: small.url, servesModel: 'small' },
        { baseUrl: large.url, servesModel: 'large' },
      ],
      models: [
        { name: 'small', wholesalePicoUsdPerUnit: 100_000_000n, resalePicoUsdPerUnit: 150_000_000n },
        { name: 'large', wholesalePicoUsdPerUnit: 10_000_000_000n, resalePicoUsdPerUnit: 15_000_000_000n },
      ],
    });
    const call = async (body: Record<string, unknown>) => {
      const res = await gw.call(slug, { key, body });
      expect(res.status).toBe(200);
      const json = (await res.json()) as any;
      return { json, record: await gw.auditRecord(json.request_id) };
    };
    // No model: the first one.
    const byDefault = await call({ input: 'hi' });
    expect(byDefault.json.result.served_by).toBe('small');
    expect(byDefault.json.billed_usd).toBe(0.00015); // 1000 tokens × $0.00015 per 1k
    const dear = await call({ input: 'hi', model: 'large' });
    expect(dear.json.result.served_by).toBe('large');
    expect(dear.json.billed_usd).toBe(0.015);
    expect(dear.record).toMatchObject({ resalePicoUsd: 15_000_000_000n, wholesalePicoUsd: 10_000_000_000n });
    expect(usdToPicoUsd(dear.json.billed_usd)).toBe(dear.record!.resalePicoUsd);
    const cheap = await call({ input: 'hi', model: 'small' });
    expect(cheap.record).toMatchObject({ resalePicoUsd: 150_000_000n });
    // `model` never reaches an upstream: the rest of the input passes through as before.
    expect([...small.received, ...large.received].map((r) => JSON.parse(r.body))).toEqual([
      { input: 'hi' },
      { input: 'hi' },
      { input: 'hi' },
    ]);

    await expectInvalid(await gw.call(slug, { key, body: { input: 'hi', model: 'huge' } }), ['small', 'large']);
    await expectInvalid(await gw.call(slug, { key, body: { input: 'hi', model: 5 } }), ['small', 'large']);
  });

  it('the openai upstream receives the operator model, never the caller`s', async () => {
    const { slug: fixed } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      upstreams: [{ kind: 'openai', baseUrl: openai.url, model: 'operator-model' }],
    });
    const { slug: unset } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      upstreams: [{ kind: 'openai', baseUrl: openai.url }],
    });
    const { slug: priced } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      upstreams: [
        { kind: 'openai', baseUrl: openai.url, model: 'vendor-mini-2026', servesModel: 'mini' },
        { kind: 'openai', baseUrl: openai.url, model: 'vendor-max-2026', servesModel: 'max' },
      ],
      models: [
        { name: 'mini', wholesalePicoUsdPerUnit: 100_000_000n, resalePicoUsdPerUnit: 150_000_000n },
        { name: 'max', wholesalePicoUsdPerUnit: 10_000_000_000n, resalePicoUsdPerUnit: 15_000_000_000n },
      ],
    });
    const sentModel = async (slug: string, body: Record<string, unknown>) => {
      const before = openai.received.length;
      const res = await gw.call(slug, { key, body });
      expect(res.status).toBe(200);
      await res.json();
      expect(openai.received).toHaveLength(before + 1);
      return (JSON.parse(openai.received.at(-1)!.body) as { model: string }).model;
    };
    expect(await sentModel(fixed, { input: 'usage=10' })).toBe('operator-model');
    expect(await sentModel(unset, { input: 'usage=10' })).toBe('default');
    expect(await sentModel(priced, { input: 'usage=10' })).toBe('vendor-mini-2026');
    expect(await sentModel(priced, { input: 'usage=10', model: 'max' })).toBe('vendor-max-2026');
    const before = openai.received.length;
    await expectInvalid(await gw.call(fixed, { key, body: { input: 'usage=10', model: 'gpt-most-expensive' } }), []);
    expect(openai.received).toHaveLength(before);
  });

  it('operator API: models on create, PUT /models, upstream model and serves_model, max_quantity_per_call', async () => {
    const slug = `text.t_models_${Date.now().toString(36)}`;
    const created = await gw.admin('POST', '/catalog', {
      slug,
      wholesale_usd_per_unit: '0.00002',
      resale_usd_per_unit: '0.00003',
      default_rate_limit: 100,
      max_quantity_per_call: 50_000,
      upstreams: [
        { name: 'mini', kind: 'openai', base_url: openai.url, model: 'vendor-mini', serves_model: 'mini' },
        { name: 'any', kind: 'openai', base_url: openai.url, model: 'vendor-any' },
      ],
      models: [
        { name: 'mini', wholesale_usd_per_unit: '0.0001', resale_usd_per_unit: '0.00015' },
        { name: 'max', wholesale_usd_per_unit: '0.01', resale_usd_per_unit: '0.015' },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      resale_usd_per_unit: '0.00003',
      max_quantity_per_call: 50_000,
      effective_max_quantity_per_call: 50_000,
      models: [
        { name: 'mini', resale_usd_per_unit: '0.00015' },
        { name: 'max', resale_usd_per_unit: '0.015' },
      ],
    });
    expect(created.body.upstreams.map((u: any) => [u.name, u.model, u.serves_model])).toEqual([
      ['mini', 'vendor-mini', 'mini'],
      ['any', 'vendor-any', null],
    ]);
    // `max` is served by the upstream that serves every model.
    const before = openai.received.length;
    const res = await gw.call(slug, { key, body: { input: 'usage=1000', model: 'max' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).billed_usd).toBe(0.015);
    expect(JSON.parse(openai.received[before].body).model).toBe('vendor-any');

    // An upstream may only serve one of the endpoint's models.
    const bad = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [{ name: 'x', kind: 'openai', base_url: openai.url, serves_model: 'nope' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.allowed_models).toEqual(['mini', 'max']);
    expect(
      (
        await gw.admin('PUT', `/catalog/${slug}/models`, {
          models: [{ name: 'only', wholesale_usd_per_unit: '0.000000000001', resale_usd_per_unit: '0.000000000002' }],
        })
      ).status,
    ).toBe(400); // `mini` is still served
    expect(
      (
        await gw.admin('PUT', `/catalog/${slug}/models`, {
          models: [
            { name: 'a', wholesale_usd_per_unit: '0.000000000001', resale_usd_per_unit: '0.000000000002' },
            { name: 'a', wholesale_usd_per_unit: '0.000000000001', resale_usd_per_unit: '0.000000000002' },
          ],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await gw.admin('PUT', `/catalog/${slug}/models`, {
          models: [{ name: 'mini', wholesale_usd_per_unit: '0.0000000000015', resale_usd_per_unit: '0.000000000002' }],
        })
      ).status,
    ).toBe(400);

    // Replacing upstreams then models: back to one price.
    expect(
      (
        await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
          upstreams: [{ name: 'any', kind: 'openai', base_url: openai.url, model: 'vendor-any' }],
        })
      ).status,
    ).toBe(200);
    const cleared = await gw.admin('PUT', `/catalog/${slug}/models`, { models: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.models).toEqual([]);
    expect((await gw.call(slug, { key, body: { input: 'usage=10', model: 'max' } })).status).toBe(400);

    const patched = await gw.admin('PATCH', `/catalog/${slug}`, { max_quantity_per_call: null });
    expect(patched.body).toMatchObject({ max_quantity_per_call: null, effective_max_quantity_per_call: 10_000_000 });
    expect((await gw.admin('PATCH', `/catalog/${slug}`, { resale_usd_per_unit: '9223372.036854775808' })).status).toBe(400);
    expect((await gw.admin('PATCH', `/catalog/${slug}`, { max_quantity_per_call: 0 })).status).toBe(400);
  });
});
