import { GatewayHarness } from '../../support/gateway-harness';
import { sendJson, startUpstream, TestUpstream } from '../../support/upstream-server';

/**
 * The http kind's usage mapping end to end: set through the operator API (validated strictly), then
 * read from a real upstream's answer and billed. Billing prices the slug's unit today, so a
 * transcription slug bills its minutes (milliseconds of the `minutes` meter) at its one price.
 */
describe('http usage mapping through the operator API and the gateway', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    // The path says what to answer: /body/<seconds> in the JSON body, /header/<seconds> in a header, /none without usage.
    upstream = await startUpstream((req, res) => {
      const [, where, seconds] = req.url.split('/');
      if (where === 'body') return sendJson(res, 200, { text: 'transcript', usage: { seconds: Number(seconds) } });
      if (where === 'header') res.setHeader('x-usage-seconds', seconds);
      sendJson(res, 200, { text: 'transcript' });
    });
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  const secondsInBody = { meter: 'minutes', from: { pointer: '/usage/seconds' }, unit: 'seconds', required: true };

  async function createTranscription(path: string, usageMapping: unknown): Promise<string> {
    const slug = `voice.t_${Math.random().toString(36).slice(2, 10)}`;
    const created = await gw.admin('POST', '/catalog', {
      slug,
      wholesale_usd_per_unit: '0.004',
      resale_usd_per_unit: '0.006',
      default_rate_limit: 100,
      upstreams: [{ name: 'stt', kind: 'http', base_url: upstream.url, path, usage_mapping: usageMapping }],
    });
    expect(created.status).toBe(201);
    return slug;
  }

  async function call(slug: string, key: string) {
    const res = await gw.call(slug, { key, body: { audio_base64: 'AAAA' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    return { body, record: (await gw.auditRecord(body.request_id))! };
  }

  it('bills a 40-minute transcription as 40 minutes at the minute price, from a JSON pointer', async () => {
    const slug = await createTranscription('/body/2400', [secondsInBody]);
    const entry = await gw.admin('GET', `/catalog/${slug}`);
    expect(entry.body.upstreams[0].usage_mapping).toEqual([secondsInBody]);

    const { key } = await gw.createTenantWithKey();
    const { body, record } = await call(slug, key);
    expect(body.usage).toEqual({
      billing_unit: 'minute',
      quantity: 2_400_000,
      units: 40,
      meters: [{ meter: 'minutes', quantity: 2_400_000, units: 40, billed_usd: 0.24 }],
    });
    expect(body.billed_usd).toBe(0.24);
    expect(record).toMatchObject({
      quantity: 2_400_000n,
      usageSource: 'reported',
      wholesalePicoUsd: 160_000_000_000n, // 40 × $0.004
      resalePicoUsd: 240_000_000_000n, // 40 × $0.006
    });
  });

  it('reads a decimal header exactly (12.5 s = 12,500 ms), fills in the defaults, and estimates a missing required meter', async () => {
    // `required` left out: true, and stored so.
    const slug = await createTranscription('/header/12.5', [{ meter: 'minutes', from: { header: 'X-Usage-Seconds' }, unit: 'seconds' }]);
    const entry = await gw.admin('GET', `/catalog/${slug}`);
    expect(entry.body.upstreams[0].usage_mapping).toEqual([
      { meter: 'minutes', from: { header: 'X-Usage-Seconds' }, unit: 'seconds', required: true },
    ]);
    const { key } = await gw.createTenantWithKey();
    const reported = await call(slug, key);
    expect(reported.record).toMatchObject({ quantity: 12_500n, usageSource: 'reported', resalePicoUsd: 1_250_000_000n });

    // The same mapping against an answer without the header: one minute estimated.
    const replaced = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [{ name: 'stt', kind: 'http', base_url: upstream.url, path: '/none', usage_mapping: [secondsInBody] }],
    });
    expect(replaced.status).toBe(200);
    const estimated = await call(slug, key);
    expect(estimated.record).toMatchObject({ quantity: 60_000n, usageSource: 'estimated', resalePicoUsd: 6_000_000_000n });

    // null removes the mapping: the generic contract again (`usage.quantity`, here absent: one minute).
    const cleared = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [{ name: 'stt', kind: 'http', base_url: upstream.url, path: '/body/2400', usage_mapping: null }],
    });
    expect(cleared.body.upstreams[0].usage_mapping).toBeNull();
    expect((await call(slug, key)).record).toMatchObject({ quantity: 60_000n, usageSource: 'estimated' });
  });

  it('refuses every malformed mapping with 400 invalid_request naming the problem', async () => {
    const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: upstream.url }] });
    const malformed: Array<[unknown, string]> = [
      [{}, 'must be an array'],
      ['[]', 'must be an array'],
      [[], 'at least one entry'],
      [[42], 'must be an object'],
      [[{ ...secondsInBody, meter: 'seconds' }], 'meter must be one of'],
      [[{ ...secondsInBody, meter: undefined }], 'meter must be one of'],
      [[{ ...secondsInBody, from: undefined }], 'from must be'],
      [[{ ...secondsInBody, from: '/usage/seconds' }], 'from must be'],
      [[{ ...secondsInBody, from: {} }], 'from must be'],
      [[{ ...secondsInBody, from: { pointer: '/a', header: 'x' } }], 'from must be'],
      [[{ ...secondsInBody, from: { path: '/a' } }], 'from must be'],
      [[{ ...secondsInBody, from: { pointer: 'usage/seconds' } }], 'RFC 6901'],
      [[{ ...secondsInBody, from: { pointer: '/usage/~2' } }], 'RFC 6901'],
      [[{ ...secondsInBody, from: { pointer: 5 } }], 'RFC 6901'],
      [[{ ...secondsInBody, from: { pointer: `/${'a'.repeat(200)}` } }], 'RFC 6901'],
      [[{ ...secondsInBody, from: { header: 'x usage' } }], 'header name'],
      [[{ ...secondsInBody, from: { header: '' } }], 'header name'],
      [[{ ...secondsInBody, unit: 'characters' }], 'unit of meter minutes must be one of milliseconds, seconds, minutes, hours'],
      [[{ ...secondsInBody, unit: 'days' }], 'unit of meter minutes'],
      [[{ ...secondsInBody, meter: 'images', unit: 'seconds' }], 'unit of meter images must be one of images'],
      [[{ ...secondsInBody, meter: 'characters', unit: 'tokens' }], 'unit of meter characters'],
      [[{ ...secondsInBody, required: 'yes' }], 'required must be true or false'],
      [[{ ...secondsInBody, scale: 2 }], 'unknown field "scale"'],
      [[secondsInBody, { ...secondsInBody, from: { header: 'x-seconds' } }], 'mapped twice'],
      [[{ ...secondsInBody, required: false }], 'at least one entry with "required": true'],
    ];
    for (const [usageMapping, problem] of malformed) {
      const res = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
        upstreams: [{ name: 'x', kind: 'http', base_url: upstream.url, usage_mapping: usageMapping }],
      });
      expect([usageMapping, res.status, res.body.error?.code]).toEqual([usageMapping, 400, 'invalid_request']);
      const problems: string[] = res.body.error.details.problems;
      expect([usageMapping, problems.some((p) => p.startsWith('upstreams.0.usage_mapping is not valid:') && p.includes(problem))]).toEqual([
        usageMapping,
        true,
      ]);
    }
    // Nothing was replaced by the refused requests.
    expect((await gw.admin('GET', `/catalog/${slug}`)).body.upstreams[0]).toMatchObject({ name: 'upstream-0', usage_mapping: null });
    // Every problem of a mapping in one answer.
    const several = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [
        {
          name: 'x',
          kind: 'http',
          base_url: upstream.url,
          usage_mapping: [
            { meter: 'x', from: {} },
            { ...secondsInBody, unit: 'x' },
          ],
        },
      ],
    });
    expect(several.body.error.details.problems).toEqual([
      expect.stringMatching(/entry 0: meter must be one of .*; entry 0: from must be .*; entry 1: unit of meter minutes must be one of/),
    ]);
    // An entry's "__proto__" key (which the DTO transform turns into the entry's prototype) is never
    // read: only an entry's own fields are, so it cannot make an entry optional.
    const withProto = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [
        {
          name: 'x',
          kind: 'http',
          base_url: upstream.url,
          usage_mapping: JSON.parse('[{"meter": "minutes", "from": {"pointer": "/s"}, "__proto__": {"required": false}}]') as unknown,
        },
      ],
    });
    expect([withProto.status, withProto.body.upstreams[0].usage_mapping]).toEqual([
      200,
      [{ meter: 'minutes', from: { pointer: '/s' }, unit: 'milliseconds', required: true }],
    ]);
    // Only an http upstream reads a mapping.
    const simulator = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
      upstreams: [{ name: 'x', kind: 'simulator', usage_mapping: [secondsInBody] }],
    });
    expect(simulator.status).toBe(400);
    expect(simulator.body.error.details.problems).toEqual(['upstreams.0.usage_mapping is not valid: applies to http upstreams only']);
    // The refused request replaced nothing.
    expect((await gw.admin('GET', `/catalog/${slug}`)).body.upstreams[0]).toMatchObject({ name: 'x', usage_mapping: [expect.any(Object)] });
  });
});
