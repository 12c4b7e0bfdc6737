import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { GatewayHarness } from '../support/gateway-harness';

/** The website's catalog and plans: public, no key, cache-friendly, never an internal field. */
/** The seeded text.generate's default model: the simulator, priced per meter (resale). */
const SIMULATOR_PRICES = [
  { meter: 'input_tokens', unit_label: '1k input tokens', price_usd_per_unit: '0.0015' },
  { meter: 'output_tokens', unit_label: '1k output tokens', price_usd_per_unit: '0.006' },
];

describe('public catalog and plans', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it('lists every enabled endpoint with price, declared and measured latency, without a key and without internal fields', async () => {
    const { key } = await gw.createTenantWithKey();
    expect((await gw.call('text.generate', { key, body: { input: 'measure me' } })).status).toBe(200);
    await gw.flushAudit();

    const res = await fetch(`${gw.url}/api/public/v1/catalog`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = (await res.json()) as any;
    const generate = body.data.find((e: { slug: string }) => e.slug === 'text.generate');
    expect(generate).toEqual({
      slug: 'text.generate',
      category: 'text',
      description: expect.any(String),
      billing_unit: 'tokens_1k',
      billing_unit_label: '1k tokens',
      // The simulator's model, the default, is priced per meter: no single price per 1k tokens.
      price_usd_per_unit: null,
      prices: SIMULATOR_PRICES,
      // Only models a call can reach: the seeded providers' upstreams wait for their secrets.
      models: [{ name: 'simulator', prices: SIMULATOR_PRICES }],
      declared_latency_ms: 800,
      measured_p50_ms: expect.any(Number),
      streamable: true,
    });
    // A slug priced in its unit alone reads as before.
    expect(body.data.find((e: { slug: string }) => e.slug === 'infra.dns')).toMatchObject({
      price_usd_per_unit: '0.0001',
      prices: [{ meter: 'calls', unit_label: 'call', price_usd_per_unit: '0.0001' }],
      models: [],
    });
    const text = JSON.stringify(body);
    for (const internal of ['wholesale', 'upstream', 'base_url', 'auth_secret_env']) expect(text).not.toContain(internal);
    const slugs = body.data.map((e: { slug: string }) => e.slug);
    expect(slugs).toEqual([...slugs].sort((a: string, b: string) => a.localeCompare(b)));

    // A disabled endpoint is not published.
    const { slug } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator', name: 'sim' }] });
    await gw.admin('PATCH', `/catalog/${slug}`, { enabled: false });
    const after = (await (await fetch(`${gw.url}/api/public/v1/catalog`)).json()) as any;
    expect(after.data.map((e: { slug: string }) => e.slug)).not.toContain(slug);
  });

  it('publishes prices per meter (resale only), the default being the first model’s, and each model’s own', async () => {
    const split = [
      { meter: 'input_tokens', wholesale_usd_per_unit: '0.0001', resale_usd_per_unit: '0.00015' },
      { meter: 'output_tokens', wholesale_usd_per_unit: '0.0004', resale_usd_per_unit: '0.0006' },
    ];
    const create = (slug: string, extra: Record<string, unknown>) =>
      gw.admin('POST', '/catalog', { slug, default_rate_limit: 10, upstreams: [{ name: 'sim', kind: 'simulator' }], ...extra });
    const tag = Date.now().toString(36);
    expect((await create(`text.p_${tag}`, { prices: split })).status).toBe(201);
    expect(
      (
        await create(`text.q_${tag}`, {
          wholesale_usd_per_unit: '0.001',
          resale_usd_per_unit: '0.002',
          models: [
            { name: 'small', prices: split },
            { name: 'large', wholesale_usd_per_unit: '0.002', resale_usd_per_unit: '0.004' },
          ],
        })
      ).status,
    ).toBe(201);

    const body = (await (await fetch(`${gw.url}/api/public/v1/catalog`)).json()) as any;
    const perMeter = body.data.find((e: { slug: string }) => e.slug === `text.p_${tag}`);
    expect(perMeter).toMatchObject({
      billing_unit: 'tokens_1k',
      price_usd_per_unit: null,
      prices: [
        { meter: 'input_tokens', unit_label: '1k input tokens', price_usd_per_unit: '0.00015' },
        { meter: 'output_tokens', unit_label: '1k output tokens', price_usd_per_unit: '0.0006' },
      ],
      models: [],
    });
    const withModels = body.data.find((e: { slug: string }) => e.slug === `text.q_${tag}`);
    // The default price is the first model's (not the endpoint's own, which no call with models pays).
    expect(withModels).toMatchObject({ price_usd_per_unit: null, prices: perMeter.prices });
    expect(withModels.models).toEqual([
      { name: 'small', prices: perMeter.prices },
      { name: 'large', prices: [{ meter: 'tokens', unit_label: '1k tokens', price_usd_per_unit: '0.004' }] },
    ]);
    expect(JSON.stringify([perMeter, withModels])).not.toContain('wholesale');
  });

  it('answers 304 to a copy that is current (ETag / If-None-Match), and 200 when it changed', async () => {
    const first = await fetch(`${gw.url}/api/public/v1/catalog`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${gw.url}/api/public/v1/catalog`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await gw.admin('PATCH', '/catalog/text.embed', { description: `Embeddings, ${Date.now()}` });
    const changed = await fetch(`${gw.url}/api/public/v1/catalog`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('lists the public plans only, cheapest first', async () => {
    const stamp = Date.now();
    await gw.admin('POST', '/plans', { name: `Pro ${stamp}`, monthly_fee_usd: '99' });
    await gw.admin('POST', '/plans', { name: `Hobby ${stamp}`, monthly_fee_usd: '9' });
    await gw.admin('POST', '/plans', { name: `Secret ${stamp}`, monthly_fee_usd: '0.000000000001', public: false });
    const res = await fetch(`${gw.url}/api/public/v1/plans`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    const names = body.data.map((p: { name: string }) => p.name).filter((n: string) => n.endsWith(String(stamp)));
    expect(names).toEqual([`Hobby ${stamp}`, `Pro ${stamp}`]);
    // The window every request limit counts in, for the web app's "5 per minute (60 s)".
    expect(body.rate_limit_window_seconds).toBe(gw.app.get<AppConfig>(APP_CONFIG).RATE_LIMIT_WINDOW_SECONDS);
  });

  it('a slug always contains a dot: the catalog paths never shadow an endpoint, and endpoints still work', async () => {
    const { key } = await gw.createTenantWithKey();
    expect((await gw.call('infra.dns', { key, body: { domain: 'example.com' } })).status).toBe(200);
    const post = await fetch(`${gw.url}/api/public/v1/catalog`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
    expect(post.status).toBe(404);
  });
});
