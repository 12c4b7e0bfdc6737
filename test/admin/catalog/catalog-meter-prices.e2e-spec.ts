import { randomBytes } from 'node:crypto';
import { GatewayHarness } from '../../support/gateway-harness';

/**
 * The operator API's prices per meter (docs/concepts/meters.md): an endpoint or a model is
 * priced in meters (`prices`) or in its billing unit's one meter (the shorthand of before); the
 * views list the meters with their unit, and the shorthand fields only while the price is that one
 * meter. What a price may be made of is checked (src/catalog/meter-prices.ts) and refused with the
 * problems listed, like every other field.
 */
describe('operator API: catalog prices per meter', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(() => gw?.close());

  const uniqueSlug = (category = 'text') => `${category}.m_${randomBytes(5).toString('hex')}`;
  const SPLIT = [
    { meter: 'output_tokens', wholesale_usd_per_unit: '0.0006', resale_usd_per_unit: '0.0009' },
    { meter: 'input_tokens', wholesale_usd_per_unit: '0.00015', resale_usd_per_unit: '0.000225' },
  ];
  const newEndpoint = (slug: string, price: Record<string, unknown>) => ({
    slug,
    default_rate_limit: 100,
    upstreams: [{ name: 'sim', kind: 'simulator' }],
    ...price,
  });

  it('creates an endpoint priced per meter: listed in the meters’ order with their units, no shorthand', async () => {
    const slug = uniqueSlug();
    const created = await gw.admin('POST', '/catalog', newEndpoint(slug, { prices: SPLIT, max_output_tokens: 2048 }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug,
      billing_unit: 'tokens_1k',
      max_output_tokens: 2048,
      wholesale_usd_per_unit: null,
      resale_usd_per_unit: null,
      prices: [
        { meter: 'input_tokens', unit_label: '1k input tokens', wholesale_usd_per_unit: '0.00015', resale_usd_per_unit: '0.000225' },
        { meter: 'output_tokens', unit_label: '1k output tokens', wholesale_usd_per_unit: '0.0006', resale_usd_per_unit: '0.0009' },
      ],
    });
    expect((await gw.admin('GET', `/catalog/${slug}`)).body.prices).toEqual(created.body.prices);

    // The shorthand is one meter, the unit's: shown both ways.
    const single = await gw.admin(
      'POST',
      '/catalog',
      newEndpoint(uniqueSlug('voice'), { wholesale_usd_per_unit: '0.006', resale_usd_per_unit: '0.009' }),
    );
    expect(single.status).toBe(201);
    expect(single.body).toMatchObject({
      billing_unit: 'minute',
      wholesale_usd_per_unit: '0.006',
      resale_usd_per_unit: '0.009',
      prices: [{ meter: 'minutes', unit_label: 'minute', wholesale_usd_per_unit: '0.006', resale_usd_per_unit: '0.009' }],
    });
  });

  it('updates prices whole; the shorthand is refused on an endpoint priced in other meters, and works again once it is not', async () => {
    const slug = uniqueSlug();
    expect((await gw.admin('POST', '/catalog', newEndpoint(slug, { prices: SPLIT }))).status).toBe(201);

    const withCache = await gw.admin('PATCH', `/catalog/${slug}`, {
      prices: [
        { meter: 'input_tokens', wholesale_usd_per_unit: '0.00015', resale_usd_per_unit: '0.0002' },
        { meter: 'cached_input_tokens', wholesale_usd_per_unit: '0.000075', resale_usd_per_unit: '0.0001' },
        { meter: 'output_tokens', wholesale_usd_per_unit: '0.0006', resale_usd_per_unit: '0.0012' },
      ],
    });
    expect(withCache.status).toBe(200);
    expect(withCache.body.prices.map((p: any) => [p.meter, p.wholesale_usd_per_unit, p.resale_usd_per_unit])).toEqual([
      ['input_tokens', '0.00015', '0.0002'],
      ['cached_input_tokens', '0.000075', '0.0001'],
      ['output_tokens', '0.0006', '0.0012'],
    ]);

    const shorthand = await gw.admin('PATCH', `/catalog/${slug}`, { resale_usd_per_unit: '0.001' });
    expect(shorthand.status).toBe(400);
    expect(shorthand.body.error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('is priced per meter') });
    // Nothing changed.
    expect((await gw.admin('GET', `/catalog/${slug}`)).body.prices).toEqual(withCache.body.prices);

    const back = await gw.admin('PATCH', `/catalog/${slug}`, {
      prices: [{ meter: 'tokens', wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.002' }],
    });
    expect(back.body).toMatchObject({ wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.002' });
    const raised = await gw.admin('PATCH', `/catalog/${slug}`, { resale_usd_per_unit: '0.0025' });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({
      wholesale_usd_per_unit: '0.001',
      resale_usd_per_unit: '0.0025',
      prices: [{ meter: 'tokens', wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.0025' }],
    });
  });

  it('models are priced per meter too, each checked under its name', async () => {
    const slug = uniqueSlug();
    expect((await gw.admin('POST', '/catalog', newEndpoint(slug, { prices: SPLIT }))).status).toBe(201);
    const set = await gw.admin('PUT', `/catalog/${slug}/models`, {
      models: [
        { name: 'mini', prices: SPLIT },
        { name: 'flat', wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.0015' },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body.models).toEqual([
      expect.objectContaining({
        name: 'mini',
        wholesale_usd_per_unit: null,
        prices: [expect.objectContaining({ meter: 'input_tokens' }), expect.objectContaining({ meter: 'output_tokens' })],
      }),
      expect.objectContaining({
        name: 'flat',
        wholesale_usd_per_unit: '0.001',
        resale_usd_per_unit: '0.0015',
        prices: [{ meter: 'tokens', unit_label: '1k tokens', wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.0015' }],
      }),
    ]);

    const refused = await gw.admin('PUT', `/catalog/${slug}/models`, {
      models: [
        { name: 'mini', prices: SPLIT },
        { name: 'half', prices: [SPLIT[1]] },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.problems).toEqual(['model half: a split text price needs both input_tokens and output_tokens']);
    expect((await gw.admin('GET', `/catalog/${slug}`)).body.models.map((m: any) => m.name)).toEqual(['mini', 'flat']);
  });

  it('refuses a price that is not one (400 invalid_request with the problems), and changes nothing', async () => {
    const slug = uniqueSlug();
    const cases: Array<[string, unknown[], (problems: string[]) => void]> = [
      [
        'output without input',
        [{ meter: 'output_tokens', wholesale_usd_per_unit: '0.1', resale_usd_per_unit: '0.2' }],
        (p) => expect(p).toEqual(['the price: a split text price needs both input_tokens and output_tokens']),
      ],
      [
        'tokens beside a split price',
        [...SPLIT, { meter: 'tokens', wholesale_usd_per_unit: '0.1', resale_usd_per_unit: '0.2' }],
        (p) => expect(p).toEqual(['the price: a text price is either tokens alone or split into input and output tokens, not both']),
      ],
      ['a meter twice', [...SPLIT, SPLIT[0]], (p) => expect(p).toEqual(['the price: meter output_tokens is listed twice'])],
      ['no meter', [], (p) => expect(p).toEqual([expect.stringMatching(/^prices /)])],
      [
        'an unknown meter',
        [{ meter: 'seconds', wholesale_usd_per_unit: '0.1', resale_usd_per_unit: '0.2' }],
        (p) => expect(p).toEqual([expect.stringMatching(/^prices\.0\.meter /)]),
      ],
      [
        'a negative amount and too many decimals',
        [
          { meter: 'input_tokens', wholesale_usd_per_unit: '-0.1', resale_usd_per_unit: '0.2' },
          { meter: 'output_tokens', wholesale_usd_per_unit: '0.1', resale_usd_per_unit: '0.0000000000001' },
        ],
        (p) =>
          expect(p).toEqual(
            expect.arrayContaining([
              expect.stringMatching(/^prices\.0\.wholesale_usd_per_unit /),
              expect.stringMatching(/^prices\.1\.resale_usd_per_unit /),
            ]),
          ),
      ],
    ];
    for (const [what, prices, expectProblems] of cases) {
      const res = await gw.admin('POST', '/catalog', newEndpoint(slug, { prices }));
      expect([what, res.status, res.body.error?.code]).toEqual([what, 400, 'invalid_request']);
      expectProblems(res.body.error.details.problems);
    }
    expect((await gw.admin('GET', `/catalog/${slug}`)).status).toBe(404);

    // The same on an update: refused whole, the stored price unchanged.
    const { slug: existing } = await gw.createEndpoint({ category: 'text', billingUnit: 'tokens_1k', upstreams: [{ kind: 'simulator' }] });
    const before = (await gw.admin('GET', `/catalog/${existing}`)).body.prices;
    const patched = await gw.admin('PATCH', `/catalog/${existing}`, { prices: [SPLIT[0]] });
    expect(patched.status).toBe(400);
    expect(patched.body.error.details.problems).toEqual(['the price: a split text price needs both input_tokens and output_tokens']);
    expect((await gw.admin('GET', `/catalog/${existing}`)).body.prices).toEqual(before);
  });

  it('a price is said one way: both the shorthand and prices, neither, or half a shorthand is 400', async () => {
    const slug = uniqueSlug();
    const both = { prices: SPLIT, wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.002' };
    for (const [what, price] of [
      ['both', both],
      ['neither', {}],
      ['half a shorthand', { wholesale_usd_per_unit: '0.001' }],
    ] as const) {
      const res = await gw.admin('POST', '/catalog', newEndpoint(slug, price));
      expect([what, res.status, res.body.error?.code]).toEqual([what, 400, 'invalid_request']);
    }
    expect((await gw.admin('POST', '/catalog', newEndpoint(slug, both))).body.error.message).toBe(
      'the price: send "prices" or the wholesale_usd_per_unit and resale_usd_per_unit shorthand, not both.',
    );

    const { slug: existing } = await gw.createEndpoint({ category: 'text', billingUnit: 'tokens_1k', upstreams: [{ kind: 'simulator' }] });
    const patched = await gw.admin('PATCH', `/catalog/${existing}`, { prices: SPLIT, resale_usd_per_unit: '0.002' });
    expect(patched.status).toBe(400);
    expect(patched.body.error.message).toContain('not both');
    const model = await gw.admin('PUT', `/catalog/${existing}/models`, { models: [{ name: 'both', ...both }] });
    expect(model.status).toBe(400);
    expect(model.body.error.message).toBe(
      'model both: send "prices" or the wholesale_usd_per_unit and resale_usd_per_unit shorthand, not both.',
    );
  });
});
