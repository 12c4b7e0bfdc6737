import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundError, RESELLER_ROUTES, ResellerClient } from '../src/index.js';
import { fakeFetch, gatewayError, json, type Scripted } from './support/fake-fetch.js';

const clientWith = (...script: Scripted[]) => {
  const fetch = fakeFetch(...script);
  return { fetch, client: new ResellerClient({ managementKey: 'gwm_abc', baseUrl: 'http://gateway.test', fetch }) };
};

describe('ResellerClient', () => {
  it('sends the route’s method and path under /api/reseller/v1 with the management key, and the body as JSON', async () => {
    const { client, fetch } = clientWith(
      json(201, { id: 'c1', name: 'Ada' }, { 'x-service-request-id': 'rid', 'x-ratelimit-limit': '600' }),
    );
    const created = await client.customers.create({ name: 'Ada', external_id: 'crm-42' });
    expect(fetch.requests[0]).toEqual({
      url: 'http://gateway.test/api/reseller/v1/customers',
      method: 'POST',
      headers: { authorization: 'Bearer gwm_abc', accept: 'application/json', 'content-type': 'application/json' },
      body: { name: 'Ada', external_id: 'crm-42' },
    });
    expect(created).toMatchObject({ data: { id: 'c1', name: 'Ada' }, requestId: 'rid', rateLimit: { limit: 600 } });
  });

  it('fills and encodes path parameters, and writes the query without absent values', async () => {
    const { client, fetch } = clientWith(json(200, { slug: 'text.generate' }), json(200, { data: [], next_cursor: null }));
    await client.customers.setPrice('c/1', 'text.generate', '0.004');
    await client.audit.list({ customer_id: 'c1', status: 402, cursor: undefined });
    expect(fetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT http://gateway.test/api/reseller/v1/customers/c%2F1/prices/text.generate',
      'GET http://gateway.test/api/reseller/v1/audit?customer_id=c1&status=402',
    ]);
    expect(fetch.requests[0].body).toEqual({ price_usd_per_unit: '0.004' });
  });

  it('sends a list of ids comma-separated in one parameter, and `none` as the customer filter', async () => {
    const page = () => json(200, { data: [], next_cursor: null });
    const { client, fetch } = clientWith(page(), page());
    await client.customers.list({ ids: ['c1', 'c2'], limit: 2 });
    await client.keys.list({ customer_id: 'none', ids: ['k1'] });
    expect(fetch.requests.map((r) => r.url)).toEqual([
      'http://gateway.test/api/reseller/v1/customers?ids=c1%2Cc2&limit=2',
      'http://gateway.test/api/reseller/v1/keys?customer_id=none&ids=k1',
    ]);
  });

  it('a 204 answers undefined data', async () => {
    const { client } = clientWith(new Response(null, { status: 204, headers: { 'x-service-request-id': 'rid' } }));
    await expect(client.customers.delete('c1')).resolves.toMatchObject({ data: undefined, requestId: 'rid' });
  });

  it('a success that is not JSON is UnexpectedResponseError', async () => {
    const { client } = clientWith(new Response('<html>', { status: 200, headers: { 'x-service-request-id': 'rid' } }));
    await expect(client.me()).rejects.toMatchObject({ name: 'UnexpectedResponseError', status: 200, requestId: 'rid' });
  });

  it('errors are the typed errors of the public client', async () => {
    const { client } = clientWith(gatewayError(404, 'resource_not_found'));
    await expect(client.keys.get('k1')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('each() walks every page by cursor', async () => {
    const { client, fetch } = clientWith(
      json(200, { data: [{ id: 'a' }, { id: 'b' }], next_cursor: 'n1' }),
      json(200, { data: [{ id: 'c' }], next_cursor: null }),
    );
    const ids: string[] = [];
    for await (const customer of client.each((cursor) => client.customers.list({ cursor, limit: 2 }))) ids.push(customer.id);
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(fetch.requests.map((r) => r.url)).toEqual([
      'http://gateway.test/api/reseller/v1/customers?limit=2',
      'http://gateway.test/api/reseller/v1/customers?cursor=n1&limit=2',
    ]);
  });

  it('has a method for every route the OpenAPI document lists (the generated ResellerRoutes)', () => {
    // Each method names its route as a string literal, checked by the compiler against ResellerRoutes.
    const source = readFileSync(join(__dirname, '..', 'src', 'reseller', 'reseller-client.ts'), 'utf8');
    const used = new Set([...source.matchAll(/this\.(?:send|url)\(\s*'((?:GET|POST|PUT|PATCH|DELETE) [^']+)'/g)].map((m) => m[1]));
    expect([...RESELLER_ROUTES].filter((route) => !used.has(route))).toEqual([]);
    expect([...used].filter((route) => !(RESELLER_ROUTES as readonly string[]).includes(route))).toEqual([]);
  });
});
