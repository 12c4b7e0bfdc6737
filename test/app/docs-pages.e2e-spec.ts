import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCS_CONTENT_SECURITY_POLICY } from '../../src/app/openapi';
import { ERROR_CATALOG } from '../../src/common/errors/error-catalog';
import { documentationFiles } from '../docs/markdown-files';
import { GatewayHarness } from '../support/gateway-harness';
import { rawRequest } from '../support/raw-http';

/** Where the gateway serves a docs page (docs/README.md at /docs/guide, docs/x/y.md at /docs/guide/x/y). */
const servedPath = (file: string) =>
  file === 'docs/README.md' ? '/docs/guide' : `/docs/guide/${file.slice('docs/'.length, -'.md'.length)}`;
const ids = (html: string) => new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));

/**
 * The docs pages the gateway serves itself, and the `docs` link every error body carries: the link
 * resolves on the gateway that sent it, to the section of its code.
 */
describe('docs pages (/docs/guide) and the docs link of every error', () => {
  let gw: GatewayHarness;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });
  afterAll(() => gw.close());

  const PAGES = documentationFiles().filter((file) => file.startsWith('docs/'));

  it.each(PAGES)('%s is served as an HTML page under the /docs policy', async (file) => {
    const res = await fetch(`${gw.url}${servedPath(file)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(DOCS_CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script/i);
    pages.set(servedPath(file), html);
  });

  it('every link between pages points at a served page and an anchor it has; none points at a .md file', () => {
    expect(pages.size).toBe(PAGES.length);
    const problems: string[] = [];
    for (const [path, html] of pages) {
      for (const [, href] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
        if (/^[a-z]+:/.test(href)) continue;
        expect(href).not.toMatch(/\.md(#|$)/);
        const [target, anchor] = href.startsWith('#') ? [path, href.slice(1)] : href.split('#');
        if (!target.startsWith('/docs/guide')) continue; // the API reference, the website
        const page = pages.get(target);
        if (!page) problems.push(`${path}: ${href} is not a page`);
        else if (anchor !== undefined && !ids(page).has(anchor)) problems.push(`${path}: ${href} has no such anchor`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('an unknown page, another spelling or a path out of the folder is the JSON 404, as without the pages', async () => {
    for (const path of ['/docs/guide/api/nope', '/docs/guide/', '/docs/guide/API/errors', '/docs/guide/api/errors.md', '/docs/guide/api']) {
      const res = await fetch(`${gw.url}${path}`);
      expect([path, res.status]).toEqual([path, 404]);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('route_not_found');
    }
    const traversal = await rawRequest(gw.url, { method: 'GET', target: '/docs/guide/../../package' });
    expect(traversal.status).toBe(404);
    expect(traversal.body).not.toContain('"name"');
  });

  it('a page of another DOCS_DIR, re-rendered when its file changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-'));
    writeFileSync(join(dir, 'README.md'), '# First\n\nSee [the other page](api/other.md#a-b) and [the source](../src/main.ts).\n');
    const other = await GatewayHarness.start({ DOCS_DIR: dir });
    try {
      const first = await (await fetch(`${other.url}/docs/guide`)).text();
      expect(first).toContain('<h1 id="first">');
      expect(first).toContain('<a href="/docs/guide/api/other#a-b">the other page</a>');
      // A file outside the docs folder is named, not linked.
      expect(first).toMatch(/<span class="repo-path" title="src\/main.ts in the repository">the source<\/span>/);
      writeFileSync(join(dir, 'README.md'), '# Second version of the page\n');
      // A later modification time, whatever the file system's granularity.
      utimesSync(join(dir, 'README.md'), new Date(), new Date(Date.now() + 60_000));
      expect(await (await fetch(`${other.url}/docs/guide`)).text()).toContain('<h1 id="second-version-of-the-page">');
    } finally {
      await other.close();
    }
  });

  it('errors of every path carry their docs link, and it resolves to the code on the error reference', async () => {
    const reference = await fetch(`${gw.url}/docs/guide/api/errors`);
    const anchors = ids(await reference.text());
    for (const code of Object.keys(ERROR_CATALOG)) expect([code, anchors.has(code)]).toEqual([code, true]);

    const bodies: Array<{ error: { code: string; docs: string } }> = [
      // The global filter (an unknown route), a public call's filter, the operator API, before routing, malformed HTTP.
      (await (await fetch(`${gw.url}/nowhere`)).json()) as never,
      (await (await gw.call('text.generate', { body: { input: 'hi' } })).json()) as never,
      (await (await fetch(`${gw.url}/api/admin/v1/tenants`)).json()) as never,
      (await (await fetch(`${gw.url}/healthz?q=a%00b`)).json()) as never,
      JSON.parse((await rawRequest(gw.url, { method: 'G\u00e9T', target: '/healthz' })).body) as never,
    ];
    expect(bodies.map((b) => b.error.code)).toEqual([
      'route_not_found',
      'missing_api_key',
      'invalid_admin_token',
      'invalid_request',
      'invalid_request',
    ]);
    for (const { error } of bodies) {
      expect(error.docs).toBe(`/docs/guide/api/errors#${error.code}`);
      const [path, anchor] = error.docs.split('#');
      expect((await fetch(`${gw.url}${path}`)).status).toBe(200);
      expect(anchors.has(anchor)).toBe(true);
    }
  });
});
