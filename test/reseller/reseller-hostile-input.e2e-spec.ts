import { GatewayHarness } from '../support/gateway-harness';

/** Hostile input on the reseller API and the new operator routes: a clear 400 for each, never a 500. */
describe('reseller API: hostile input', () => {
  let gw: GatewayHarness;
  let managementKey: string;
  let customerId: string;
  let keyId: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    ({ managementKey } = await gw.createReseller());
    customerId = (await gw.reseller(managementKey, 'POST', '/customers', { name: 'target' })).body.id;
    keyId = (await gw.reseller(managementKey, 'POST', `/customers/${customerId}/keys`, {})).body.id;
  });

  afterAll(async () => {
    await gw.close();
  });

  /** Each case as `METHOD path [body] -> status code`, so a failure names every case that went wrong. */
  async function outcomes(prefix: string, token: string, cases: Array<[string, string, string?]>): Promise<string[]> {
    const out: string[] = [];
    for (const [method, path, body] of cases) {
      const res = await fetch(`${gw.url}${prefix}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      const json = (await res.json()) as { error?: { code?: string } };
      out.push(`${method} ${path} ${body?.slice(0, 80) ?? ''} -> ${res.status} ${json.error?.code ?? ''}`);
    }
    return out;
  }
  const expected = (cases: Array<[string, string, string?]>) =>
    cases.map(([method, path, body]) => `${method} ${path} ${body?.slice(0, 80) ?? ''} -> 400 invalid_request`);

  it('answers 400 to malformed ids, queries, cursors and periods', async () => {
    const cases: Array<[string, string, string?]> = [
      ['GET', '/customers/%00'],
      ['GET', '/keys/not-a-uuid/limits'],
      ['GET', '/customers?external_id=%00'],
      ['GET', '/customers?external_id=a&external_id=b'],
      ['GET', '/customers?status=deleted'],
      ['GET', '/customers?cursor=%00'],
      ['GET', '/keys?customer_id=%00'],
      ['GET', '/keys?customer_id=none%00'],
      ['GET', '/keys?ids=%00'],
      ['GET', `/keys?ids=${keyId}%2C%00`],
      ['GET', `/keys?ids[]=${keyId}`],
      ['GET', `/customers?ids=${customerId},${'0'.repeat(36)}`],
      ['GET', `/customers?ids=${Array.from({ length: 101 }, () => customerId).join(',')}`],
      ['GET', '/audit?customer_id=none,none'],
      ['GET', '/keys?limit=0'],
      ['GET', '/audit?status=abc'],
      ['GET', '/audit?to=0000-01-01T00:00:00Z'],
      ['GET', '/reports/usage?group_by=day&from=%2B275760-09-13T00:00:00Z'],
      ['GET', '/reports/usage?group_by=day&from=a&from=b'],
    ];
    expect(await outcomes('/api/reseller/v1', managementKey, cases)).toEqual(expected(cases));
  });

  it('answers 400 to hostile bodies: NUL, free-form values of the wrong type, bad limits, bad grace', async () => {
    const cases: Array<[string, string, string?]> = [
      ['POST', '/customers', '{"name":"a\\u0000b"}'],
      ['POST', '/customers', '{"name":"x","metadata":[1]}'],
      ['PATCH', `/customers/${customerId}`, '{"external_id":"a\\u0000"}'],
      ['PUT', `/customers/${customerId}/limits`, '{"per_slug":{"text.generate":1.5}}'],
      ['PUT', `/customers/${customerId}/limits`, '{"allowed_endpoints":"text.*"}'],
      ['POST', `/keys/${keyId}/rotate`, '{"grace_seconds":-1}'],
      ['POST', `/keys/${keyId}/rotate`, '{"grace_seconds":"1"}'],
      ['PATCH', `/keys/${keyId}`, '{"expires_at":"+300000-01-01T00:00:00Z"}'],
      ['POST', '/customers', `{"name":"x","metadata":${'{"a":'.repeat(20)}1${'}'.repeat(20)}}`],
    ];
    expect(await outcomes('/api/reseller/v1', managementKey, cases)).toEqual(expected(cases));
  });

  it('answers 400 to a bad slug or a bad price: negative, 13 decimals, over the bound, an exponent, a JSON number, not a decimal, null, absent, extra fields', async () => {
    const price = '{"price_usd_per_unit":"0.001"}';
    const cases: Array<[string, string, string?]> = [
      ['PUT', '/prices/TEXT.generate', price],
      ['PUT', '/prices/text', price],
      ['PUT', '/prices/robots.walk', price],
      ['PUT', '/prices/text.generate%00', price],
      ['DELETE', '/prices/%00'],
      ['PUT', `/customers/${customerId}/prices/text..generate`, price],
      ['DELETE', `/customers/${customerId}/prices/${'a'.repeat(300)}.b`],
      ['PUT', '/customers/not-a-uuid/prices/text.generate', price],
      ['GET', '/customers/%00/prices'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":"-0.001"}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":"0.0000000000001"}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":"9007.199254740992"}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":"9223372.036854775808"}'],
      ['PUT', '/prices/text.generate', `{"price_usd_per_unit":"${'9'.repeat(400)}"}`],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":"1e-3"}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":0.001}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":1e309}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":"1."}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":"+1"}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":" 1"}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":"0x10"}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":"$1"}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":null}'],
      ['PUT', '/prices/text.generate', '{}'],
      ['PUT', '/prices/text.generate', '{"price_pico_usd_per_unit":1000000000}'],
      ['PUT', '/prices/text.generate', '{"price_usd_per_unit":"0.001","customer_id":null}'],
      ['PUT', `/customers/${customerId}/prices/text.generate`, '{"price_usd_per_unit":"0.001","tenant_id":"x"}'],
      ['PUT', `/customers/${customerId}/prices/text.generate`, '{"price_usd_per_unit":["0.001"]}'],
      ['PUT', '/prices/text.generate', '[1]'],
    ];
    expect(await outcomes('/api/reseller/v1', managementKey, cases)).toEqual(expected(cases));
    // None of them stored anything.
    expect((await gw.reseller(managementKey, 'GET', '/prices')).body).toEqual({ data: [] });
    expect((await gw.reseller(managementKey, 'GET', `/customers/${customerId}/prices`)).body).toEqual({ data: [] });
  });

  it('drops the keys constructor and __proto__ from free-form objects (NestJS strips them), keeps the rest; a slug filter that names no endpoint finds nothing', async () => {
    const res = await fetch(`${gw.url}/api/reseller/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${managementKey}`, 'content-type': 'application/json' },
      body: '{"name":"free-form","metadata":{"constructor":1,"__proto__":{"a":1},"plan":"gold"}}',
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; metadata: unknown };
    expect(created.metadata).toEqual({ plan: 'gold' });
    expect((await gw.reseller(managementKey, 'GET', `/customers/${created.id}`)).body.metadata).toEqual({ plan: 'gold' });
    const audit = await gw.reseller(managementKey, 'GET', '/audit?slug=no.such');
    expect(audit).toEqual({ status: 200, body: { data: [], next_cursor: null } });
    // A control character in a query string is refused on every route (test/app/query-string.e2e-spec.ts).
    expect((await gw.reseller(managementKey, 'GET', '/audit?slug=%00')).status).toBe(400);
  });

  it('answers 400 to hostile webhook input: bad URLs (http, inside addresses, credentials), bad events, bad filters and ids', async () => {
    const endpoint = (
      await gw.reseller(managementKey, 'POST', '/webhook-endpoints', { url: 'https://hooks.example.com/in', events: ['key.expired'] })
    ).body.id as string;
    const hook = (url: string, events = '["key.expired"]') => `{"url":${JSON.stringify(url)},"events":${events}}`;
    const cases: Array<[string, string, string?]> = [
      ['POST', '/webhook-endpoints', hook('http://hooks.example.com/in')],
      ['POST', '/webhook-endpoints', hook('https://127.0.0.1/in')],
      ['POST', '/webhook-endpoints', hook('https://2130706433/in')],
      ['POST', '/webhook-endpoints', hook('https://[::ffff:127.0.0.1]/in')],
      ['POST', '/webhook-endpoints', hook('https://169.254.169.254/latest/meta-data/')],
      ['POST', '/webhook-endpoints', hook('https://10.0.0.1/in')],
      ['POST', '/webhook-endpoints', hook('https://localhost:8443/in')],
      ['POST', '/webhook-endpoints', hook('https://a:b@hooks.example.com/in')],
      ['POST', '/webhook-endpoints', hook('file:///etc/passwd')],
      ['POST', '/webhook-endpoints', hook('javascript:alert(1)')],
      ['POST', '/webhook-endpoints', hook('https://hooks.example.com/in\u0000')],
      ['POST', '/webhook-endpoints', hook(`https://hooks.example.com/${'a'.repeat(2100)}`)],
      ['POST', '/webhook-endpoints', hook('https://hooks.example.com/in', '[]')],
      ['POST', '/webhook-endpoints', hook('https://hooks.example.com/in', '["key.deleted"]')],
      ['POST', '/webhook-endpoints', hook('https://hooks.example.com/in', '["key.expired","key.expired"]')],
      ['POST', '/webhook-endpoints', hook('https://hooks.example.com/in', '"key.expired"')],
      ['POST', '/webhook-endpoints', hook('https://hooks.example.com/in', '[{"constructor":1}]')],
      ['POST', '/webhook-endpoints', '{"url":["https://hooks.example.com"],"events":["key.expired"]}'],
      ['POST', '/webhook-endpoints', '{"events":["key.expired"]}'],
      ['POST', '/webhook-endpoints', `{"url":"https://hooks.example.com/in","events":["key.expired"],"secret":"whsec_mine"}`],
      ['POST', '/webhook-endpoints', `{"url":"https://hooks.example.com/in","events":["key.expired"],"description":"${'d'.repeat(501)}"}`],
      ['PATCH', `/webhook-endpoints/${endpoint}`, '{"status":"deleted"}'],
      ['PATCH', `/webhook-endpoints/${endpoint}`, '{"url":null}'],
      ['PATCH', `/webhook-endpoints/${endpoint}`, '{"events":null}'],
      ['PATCH', `/webhook-endpoints/${endpoint}`, '{"url":"https://192.168.0.1/x"}'],
      ['PATCH', `/webhook-endpoints/${endpoint}`, '{"tenant_id":"00000000-0000-4000-8000-000000000000"}'],
      ['POST', `/webhook-endpoints/${endpoint}/rotate-secret`, '{"grace_seconds":-1}'],
      ['POST', `/webhook-endpoints/${endpoint}/rotate-secret`, '{"grace_seconds":604801}'],
      ['POST', `/webhook-endpoints/${endpoint}/rotate-secret`, '{"grace_seconds":"60"}'],
      ['GET', '/webhook-endpoints/%00'],
      ['DELETE', '/webhook-endpoints/not-a-uuid'],
      ['GET', '/webhook-endpoints?limit=501'],
      ['GET', '/webhook-endpoints?cursor=%00'],
      ['GET', '/webhook-deliveries?state=lost'],
      ['GET', '/webhook-deliveries?event=key.deleted'],
      ['GET', '/webhook-deliveries?event=key.expired&event=key.rotated'],
      ['GET', '/webhook-deliveries?endpoint_id=%00'],
      ['GET', '/webhook-deliveries?cursor=bm90IGEgY3Vyc29y'],
      ['GET', '/webhook-deliveries/not-a-uuid'],
      ['POST', '/webhook-deliveries/%00/redeliver'],
    ];
    expect(await outcomes('/api/reseller/v1', managementKey, cases)).toEqual(expected(cases));
    // None of them registered or changed anything.
    const endpoints = (await gw.reseller(managementKey, 'GET', '/webhook-endpoints')).body.data;
    expect(endpoints).toEqual([
      expect.objectContaining({ id: endpoint, url: 'https://hooks.example.com/in', status: 'active', events: ['key.expired'] }),
    ]);
  });

  it('answers 400 to hostile input on the new operator routes', async () => {
    const cases: Array<[string, string, string?]> = [
      ['POST', '/plans', '{"name":"p","monthly_fee_usd":"1","allowed_categories":[{"constructor":1}]}'],
      ['POST', '/plans', '{"name":"p","monthly_fee_usd":1e309}'],
      ['POST', '/plans', '{"name":"p","monthly_fee_usd":"-1"}'],
      ['POST', '/plans', '{"name":"p","monthly_fee_usd":"49","default_monthly_spend_cap_usd":"1e3"}'],
      ['POST', '/plans', '{"name":"p","monthly_fee_pico_usd":1}'],
      ['PATCH', '/plans/%00', '{"public":true}'],
      ['POST', '/tenants', '{"name":"t","plan_id":"%00"}'],
      ['GET', '/tenants/%00/customers'],
      ['GET', '/reports/revenue?group_by=%00'],
      ['GET', '/reports/revenue?group_by=tenant&to=0000-01-01T00:00:00Z'],
      ['POST', '/tenants/%00/management-keys', '{}'],
    ];
    expect(await outcomes('/api/admin/v1', gw.adminToken, cases)).toEqual(expected(cases));
  });
});
