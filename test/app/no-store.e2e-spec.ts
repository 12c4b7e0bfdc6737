import { randomUUID } from 'node:crypto';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { nestRoutes } from '../support/registered-routes';

/**
 * Every authenticated API answer carries `Cache-Control: no-store`: successes, errors and downloads,
 * on every registered route of the operator, reseller and console APIs and on public calls. The
 * public catalog and plans (no authentication) are the exceptions: cacheable for a minute.
 */
describe('Cache-Control: no-store on every authenticated API answer', () => {
  let gw: GatewayHarness;
  let owner: Awaited<ReturnType<typeof ConsoleBrowser.signUp>>;
  let managementKey: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    owner = await ConsoleBrowser.signUp(gw);
    managementKey = (await owner.reseller('POST', '/management-keys', { name: 'no-store' })).body.key;
  });

  afterAll(() => gw.close());

  const CACHEABLE = ['get /api/public/v1/catalog', 'get /api/public/v1/plans'];
  const APIS = ['/api/admin/v1/', '/api/reseller/v1/', '/api/console/v1/', '/api/public/v1/'];

  it('on every registered API route, whatever it answers (each called once with valid credentials)', async () => {
    const routes = nestRoutes(gw.app).filter(
      (r) => APIS.some((api) => r.path.startsWith(api)) && !CACHEABLE.includes(`${r.method} ${r.path}`),
    );
    expect(routes.length).toBeGreaterThan(80);
    // The console's sign-out last: it ends the session the other console routes use.
    routes.sort(
      (x, y) => Number(x.path.endsWith('/session') && x.method === 'delete') - Number(y.path.endsWith('/session') && y.method === 'delete'),
    );
    const missing: string[] = [];
    for (const route of routes) {
      const method = route.method === 'all' ? 'GET' : route.method.toUpperCase();
      const path = route.path
        .replace(':slug', 'text.generate')
        .replace(':month', new Date().toISOString().slice(0, 7))
        .replace(/:\w+/g, () => randomUUID());
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
      const headers: Record<string, string> = route.path.startsWith('/api/admin/')
        ? { authorization: `Bearer ${gw.adminToken}` }
        : route.path.startsWith('/api/reseller/')
          ? { authorization: `Bearer ${managementKey}` }
          : {};
      const res = route.path.startsWith('/api/console/')
        ? await owner.request(method, path, body)
        : await fetch(`${gw.url}${path}`, {
            method,
            headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          }).then(async (r) => ({ status: r.status, headers: r.headers, body: await r.text() }));
      if (res.headers.get('cache-control') !== 'no-store')
        missing.push(`${method} ${route.path} → ${res.status}: ${res.headers.get('cache-control')}`);
    }
    expect(missing).toEqual([]);
  });

  it('on the session answer (its CSRF token), the statement CSV, and errors before any route (401, 404, 400)', async () => {
    const signedIn = await new ConsoleBrowser(gw).signIn(owner.email, owner.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.csrf_token).toEqual(expect.any(String));
    expect(signedIn.headers.get('cache-control')).toBe('no-store');

    const month = new Date().toISOString().slice(0, 7);
    const csv = await fetch(`${gw.url}/api/reseller/v1/statements/${month}?format=csv`, {
      headers: { authorization: `Bearer ${managementKey}` },
    });
    expect({ status: csv.status, type: csv.headers.get('content-type') }).toEqual({
      status: 200,
      type: expect.stringMatching(/^text\/csv/),
    });
    expect(csv.headers.get('cache-control')).toBe('no-store');

    for (const [path, status] of [
      ['/api/reseller/v1/customers', 401],
      ['/api/admin/v1/tenants', 401],
      ['/api/reseller/v1/nothing-here', 404],
      ['/api/reseller/v1/customers?q=%00', 400],
    ] as const) {
      const res = await fetch(`${gw.url}${path}`);
      expect({ path, status: res.status, cacheControl: res.headers.get('cache-control') }).toEqual({
        path,
        status,
        cacheControl: 'no-store',
      });
    }
  });

  it('the public catalog stays cacheable', async () => {
    expect((await fetch(`${gw.url}/api/public/v1/catalog`)).headers.get('cache-control')).toBe('public, max-age=60');
  });
});
