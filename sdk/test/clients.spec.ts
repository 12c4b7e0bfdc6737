import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_ROUTES, AdminClient } from '../src/admin/index.js';
import { CONSOLE_ROUTES, RESELLER_ROUTES, ROUTES, ResellerClient } from '../src/index.js';
import { fakeFetch, json } from './support/fake-fetch.js';

describe('the management clients', () => {
  it.each([
    ['reseller/reseller-client.ts', RESELLER_ROUTES, '/api/reseller/v1'],
    ['console/console-client.ts', CONSOLE_ROUTES, '/api/console/v1'],
    ['admin/admin-client.ts', ADMIN_ROUTES, '/api/admin/v1'],
  ])('%s has a method for every route of its API in the contract, and none other', (file, routes, prefix) => {
    // Each method names its route as a string literal, checked by the compiler against the contract's routes.
    const source = readFileSync(join(__dirname, '..', 'src', file), 'utf8');
    const used = new Set([...source.matchAll(/this\.(?:send|url)\(\s*'((?:GET|POST|PUT|PATCH|DELETE) [^']+)'/g)].map((m) => m[1]));
    expect(routes.length).toBeGreaterThan(10);
    expect([...routes].filter((route) => !used.has(route))).toEqual([]);
    expect([...used].filter((route) => !(routes as readonly string[]).includes(route))).toEqual([]);
    // The routes are the generated list's under the API's prefix.
    expect(routes.map((route) => route.replace(' /', ` ${prefix}/`))).toEqual(ROUTES.filter((route) => route.includes(` ${prefix}/`)));
  });

  it('request() calls any route: path parameters filled and encoded, the query without empty values, the body as JSON', async () => {
    const fetch = fakeFetch(json(200, { id: 'c/1' }), json(200, { data: [], next_cursor: null }), json(200, { id: 't1' }));
    const reseller = new ResellerClient({ managementKey: 'gwm_abc', baseUrl: 'http://gateway.test', fetch });
    const admin = new AdminClient({ adminToken: 'adm_x', baseUrl: 'http://gateway.test/', fetch });
    await expect(reseller.request('GET /customers/{id}', { params: { id: 'c/1' } })).resolves.toMatchObject({ data: { id: 'c/1' } });
    await reseller.request('GET /customers', { query: { q: '', status: null, limit: 5, ids: ['a', 'b'] } });
    await admin.request('PATCH /tenants/{id}', { params: { id: 't1' }, body: { name: 'Acme' } });
    expect(fetch.requests.map((r) => [r.method, r.url, r.headers.authorization, r.body])).toEqual([
      ['GET', 'http://gateway.test/api/reseller/v1/customers/c%2F1', 'Bearer gwm_abc', undefined],
      ['GET', 'http://gateway.test/api/reseller/v1/customers?limit=5&ids=a%2Cb', 'Bearer gwm_abc', undefined],
      ['PATCH', 'http://gateway.test/api/admin/v1/tenants/t1', 'Bearer adm_x', { name: 'Acme' }],
    ]);
  });

  it('url() is a route’s URL for the browser to follow (a CSV download)', () => {
    const admin = new AdminClient({ adminToken: 'adm_x', baseUrl: 'http://gateway.test' });
    expect(admin.url('GET /tenants/{id}/statements/{month}', { params: { id: 't 1', month: '2025-01' }, query: { format: 'csv' } })).toBe(
      'http://gateway.test/api/admin/v1/tenants/t%201/statements/2025-01?format=csv',
    );
    expect(() => admin.url('GET /tenants/{id}', { params: { id: '' } })).toThrow(/"id" is required/);
  });
});
