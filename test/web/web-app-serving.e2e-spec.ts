import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCS_CONTENT_SECURITY_POLICY } from '../../src/app/openapi';
import { WEB_APP_CSP } from '../../src/web-app/web-app.handler';
import { GatewayHarness } from '../support/gateway-harness';
import { rawRequest } from '../support/raw-http';

/**
 * How the gateway serves the web app, on a fixture build (WEB_APP_DIR) so the rules are checked
 * without building it: index.html for the app's own paths only, with a strict CSP; hashed assets
 * immutable; every other path, and everything of the APIs, answered exactly as without the app.
 */
function fixtureBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-app-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-AbC123_x.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-AbC123_x.js'), 'console.log("app")');
  writeFileSync(join(dir, 'assets', 'index-D4e5F6.css'), 'body{}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dir, 'downloads'));
  writeFileSync(join(dir, 'downloads', 'unified-api-gateway-sdk-1.2.3.tgz'), Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
  return dir;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function expectJson404(res: Response): Promise<void> {
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect((await res.json()).error.code).toBe('route_not_found');
}

describe('serving the web app', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ WEB_APP_DIR: fixtureBuild() });
  });
  afterAll(() => gw?.close());

  it.each([
    '/',
    '/catalog',
    '/plans',
    '/quickstart',
    '/signin',
    '/signup',
    '/console',
    '/console/keys/3f1c',
    '/admin',
    '/admin/catalog/text.generate',
    '/reference',
    '/catalog/text.generate',
    '/catalog/no.such-slug',
  ])('GET %s is the app’s index.html, with a strict CSP, revalidated on every load', async (path) => {
    const res = await fetch(`${gw.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(WEB_APP_CSP);
    expect(WEB_APP_CSP).toMatch(/(^|; )default-src 'self'(;|$)/);
    expect(WEB_APP_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('HEAD of a page answers its headers without a body', async () => {
    const res = await fetch(`${gw.url}/catalog`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(WEB_APP_CSP);
    expect(await res.text()).toBe('');
  });

  it('hashed assets are immutable for a year; root files are cached an hour', async () => {
    const js = await fetch(`${gw.url}/assets/index-AbC123_x.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await js.text()).toBe('console.log("app")');
    const css = await fetch(`${gw.url}/assets/index-D4e5F6.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const icon = await fetch(`${gw.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('the SDK tarball downloads as gzip and is revalidated (a rebuild keeps its versioned name)', async () => {
    const res = await fetch(`${gw.url}/downloads/unified-api-gateway-sdk-1.2.3.tgz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('last-modified')).toBeTruthy();
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
  });

  it.each([
    '/downloads/unified-api-gateway-sdk-9.9.9.tgz',
    '/downloads/',
    '/downloads/index.html',
    '/nope',
    '/Catalog',
    '/catalog/',
    '/CONSOLE',
    '/consoles',
    '/index.html',
    '/assets/missing-Abc123.js',
    '/assets/',
    '/api/nope',
    '/api/public/v2/catalog',
    '/docs/nope',
    '/metrics/x',
    '/healthz/',
  ])('GET %s stays the JSON 404 it was', async (path) => {
    const res = await fetch(`${gw.url}${path}`);
    await expectJson404(res);
    expect(res.headers.get('x-service-request-id')).toMatch(UUID);
    // Not the web app's answer: no web app policy (everything under /docs carries the docs' own, the stricter).
    expect(res.headers.get('content-security-policy')).toBe(path.startsWith('/docs/') ? DOCS_CONTENT_SECURITY_POLICY : null);
  });

  /** What a browser sends when it loads a page from the address bar. */
  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it.each(['/login', '/pricing', '/foo/bar', '/catalog/', '/catalog/Text.generate', '/Catalog'])(
    'a browser’s GET %s is the app’s index.html with a 404 (the app shows its not-found page)',
    async (path) => {
      const res = await fetch(`${gw.url}${path}`, { headers: { accept: BROWSER_ACCEPT } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(WEB_APP_CSP);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
      const head = await fetch(`${gw.url}${path}`, { method: 'HEAD', headers: { accept: BROWSER_ACCEPT } });
      expect(head.status).toBe(404);
      expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    },
  );

  it.each([
    '/api/nope',
    '/api/public/v2/catalog',
    '/docs/nope',
    '/metrics/x',
    '/healthz/',
    '/assets/missing-Abc123.js',
    '/downloads/x.tgz',
  ])('a browser’s GET %s keeps the JSON 404 (the APIs, the docs, probes and built files are not pages)', async (path) => {
    await expectJson404(await fetch(`${gw.url}${path}`, { headers: { accept: BROWSER_ACCEPT } }));
  });

  it('an unknown path asked for as JSON, or by another method than GET and HEAD, keeps the JSON 404', async () => {
    await expectJson404(await fetch(`${gw.url}/login`, { headers: { accept: 'application/json' } }));
    await expectJson404(await fetch(`${gw.url}/login`));
    await expectJson404(await fetch(`${gw.url}/pricing`, { headers: { accept: 'application/json, text/html;q=0.5' } }));
    await expectJson404(await fetch(`${gw.url}/login`, { method: 'POST', headers: { accept: BROWSER_ACCEPT } }));
  });

  it('a path that escapes the build folder is never served', async () => {
    for (const target of [
      '/assets/../index.html',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/favicon.svg/../../package.json',
      '/downloads/..%2findex.html',
      '/downloads/%2e%2e/%2e%2e/package.tgz',
    ]) {
      const res = await rawRequest(gw.url, { method: 'GET', target });
      expect({ target, status: res.status }).toEqual({ target, status: 404 });
      expect(res.body).toContain('route_not_found');
    }
  });

  it('other methods on the app’s paths are the JSON 404 (the app is GET only)', async () => {
    await expectJson404(await fetch(`${gw.url}/`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }));
    await expectJson404(await fetch(`${gw.url}/console`, { method: 'DELETE' }));
  });

  it('the APIs, /docs, /healthz and /metrics answer as before', async () => {
    expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
    const catalog = await fetch(`${gw.url}/api/public/v1/catalog`);
    expect(catalog.status).toBe(200);
    expect(catalog.headers.get('content-type')).toMatch(/^application\/json/);
    expect(catalog.headers.get('content-security-policy')).toBeNull();
    expect((await fetch(`${gw.url}/docs/openapi.json`)).status).toBe(200);
    expect((await fetch(`${gw.url}/metrics`)).status).toBe(401);
    const publicCall = await fetch(`${gw.url}/api/public/v1/text.generate`, { method: 'POST' });
    expect(publicCall.status).toBe(401);
    expect((await publicCall.json()).error.code).toBe('missing_api_key');
  });

  it('sits after every API route in the Express stack: a request an API route answers never reaches it', () => {
    const stack = gw.app.getHttpAdapter().getInstance().router.stack as Array<{ name: string; route?: { path: string } }>;
    const webApp = stack.findIndex((layer) => layer.name === 'serveWebApp');
    const lastRoute = stack.reduce((last, layer, index) => (layer.route ? index : last), -1);
    const publicRoute = stack.findIndex((layer) => layer.route?.path === '/api/public/v1/:slug');
    expect(publicRoute).toBeGreaterThanOrEqual(0);
    expect(webApp).toBeGreaterThan(lastRoute);
    // Only Nest's own 404 and error handlers come after it.
    expect(stack.length - webApp).toBeLessThanOrEqual(3);
  });
});

describe('without a built web app', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ WEB_APP_DIR: mkdtempSync(join(tmpdir(), 'no-web-app-')) });
  });
  afterAll(() => gw?.close());

  it('the app’s paths are the JSON 404 and the APIs work', async () => {
    await expectJson404(await fetch(`${gw.url}/`));
    await expectJson404(await fetch(`${gw.url}/login`, { headers: { accept: 'text/html' } }));
    await expectJson404(await fetch(`${gw.url}/console`));
    expect((await fetch(`${gw.url}/api/public/v1/catalog`)).status).toBe(200);
  });
});
