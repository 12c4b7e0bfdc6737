import { GatewayHarness } from '../support/gateway-harness';
import { sendJson, startUpstream, TestUpstream } from '../support/upstream-server';

/**
 * Hostile JSON on the public endpoint: every shape gets a clear 400 (or, for keys that are merely
 * unusual, a normal answer), never a 500 or a blocked process. Seeded simulator slugs and an http
 * upstream of the test's own.
 */
describe('public endpoint: hostile input', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let key: string;
  let httpSlug: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    upstream = await startUpstream((req, res) => sendJson(res, 200, { received: req.body }));
    ({ key } = await gw.createTenantWithKey());
    ({ slug: httpSlug } = await gw.createEndpoint({ category: 'data', upstreams: [{ baseUrl: upstream.url, path: '/x' }] }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  const post = (slug: string, rawBody: string) => gw.call(slug, { key, rawBody, headers: { 'content-type': 'application/json' } });

  async function expect400(res: Response, details?: Record<string, unknown>) {
    const body = (await res.json()) as any;
    expect({ status: res.status, code: body.error?.code }).toEqual({ status: 400, code: 'invalid_request' });
    if (details) expect(body.error.details).toEqual(details);
    return body;
  }

  const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('answers 400 to a 5,000-deep array on text.generate (validation) and on other slugs (simulator, http upstream)', async () => {
    await expect400(await post('text.generate', `{"input":"x","meta":${deepArray(5000)}}`), { limit: 'depth', max_depth: 32 });
    await expect400(await post('infra.dns', `{"domain":"example.com","meta":${deepArray(5000)}}`), { limit: 'depth', max_depth: 32 });
    await expect400(await post(httpSlug, `{"a":${deepArray(5000)}}`), { limit: 'depth', max_depth: 32 });
    // At the bound it is an ordinary call: the body object is level 1.
    const atBound = await post('infra.dns', `{"domain":"example.com","meta":${deepArray(31)}}`);
    expect(atBound.status).toBe(200);
  });

  it('answers 400 to a 1 MiB text.generate body of 120,000 small keys, before validating it', async () => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    const members: string[] = ['"input":"x"'];
    for (let i = 0; members.length <= 120_000; i++) {
      members.push(`"${alphabet[i % 62]}${alphabet[Math.floor(i / 62) % 62]}${alphabet[Math.floor(i / 3844) % 62]}":0`);
    }
    const body = `{${members.join(',')}}`;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(gw.config.BODY_LIMIT_BYTES);
    await expect400(await post('text.generate', body), { limit: 'nodes', max_nodes: 10_000 });
  });

  it('passes keys named constructor, __proto__ and prototype through as ordinary data', async () => {
    const generated = await post('text.generate', '{"input":"x","meta":{"constructor":1}}');
    expect(generated.status).toBe(200);
    const dns = await post('infra.dns', '{"domain":"example.com","meta":{"constructor":{"prototype":{}}}}');
    expect(dns.status).toBe(200);

    const raw = '{"a":{"constructor":1},"__proto__":{"polluted":true},"prototype":{"constructor":{}}}';
    const res = await post(httpSlug, raw);
    expect(res.status).toBe(200);
    expect(upstream.received.at(-1)!.body).toBe(raw);
    expect(({} as any).polluted).toBeUndefined();
  });

  it('answers 400, not 500, when a declared text.generate field holds an object with such keys', async () => {
    const body = await expect400(await post('text.generate', '{"input":{"constructor":1}}'));
    expect(body.error.message).toMatch(/input must be a string/);
    await expect400(await post('text.generate', '{"input":"x","stream":{"__proto__":{}}}'));
  });

  it('answers 400 to NUL in a string, a key, or a GET query value, on every slug', async () => {
    const nul = { limit: 'nul_character' };
    await expect400(await post('text.generate', '{"input":"a\\u0000b"}'), nul);
    await expect400(await post('infra.dns', '{"domain":"example.com","k\\u0000":1}'), nul);
    await expect400(await post(httpSlug, '{"a":["x","\\u0000"]}'), nul);
    // In a query string: refused before routing, on every route (test/app/query-string.e2e-spec.ts).
    await expect400(await gw.call('infra.dns', { method: 'GET', key, query: { domain: 'a\u0000.com' } }), { limit: 'control_character' });
    expect(upstream.received.some((r) => r.body.includes('\\u0000'))).toBe(false);
  });
});
