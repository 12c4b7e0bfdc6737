import { GatewayHarness } from '../support/gateway-harness';

/**
 * A control character in any query string is a 400 invalid_request (details.limit control_character), on every route, before
 * routing: never a 500 from the database (Postgres refuses NUL in text) or a log line broken in two.
 */
describe('control characters in the query string', () => {
  let gw: GatewayHarness;
  let managementKey: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    ({ managementKey } = await gw.createReseller());
  });

  afterAll(() => gw.close());

  const get = (path: string, token: string) => fetch(`${gw.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  async function expectRefused(res: Response) {
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; request_id: string } };
    expect(body.error).toMatchObject({
      code: 'invalid_request',
      details: { limit: 'control_character' },
      request_id: res.headers.get('x-service-request-id'),
    });
  }

  it.each(['a%00b', 'a%0Ab', '%1f', '%7F', 'caf%C2%85'])(
    "customers' and tenants' q=%s is 400 invalid_request (control_character)",
    async (q) => {
      await expectRefused(await get(`/api/reseller/v1/customers?q=${q}`, managementKey));
      await expectRefused(await get(`/api/admin/v1/tenants?q=${q}`, gw.adminToken));
    },
  );

  it('any other route and parameter too (the audit log, the public API, a parameter name)', async () => {
    await expectRefused(await get('/api/reseller/v1/audit?slug=text.generate%00', managementKey));
    await expectRefused(await get('/api/reseller/v1/keys?x%00=1', managementKey));
    await expectRefused(await gw.call('text.generate', { method: 'GET', query: { q: 'a\u0000b' } }));
  });

  it('text that only looks like a control character passes: an escaped percent, non-ASCII, C2 before a letter', async () => {
    for (const q of ['%2500', 'caf%C3%A9', '%C2%A9', '%', '%0', 'a%zz']) {
      const res = await get(`/api/reseller/v1/customers?q=${q}`, managementKey);
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
    }
  });
});
