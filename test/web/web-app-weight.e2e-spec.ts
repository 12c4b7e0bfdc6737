import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { GatewayHarness } from '../support/gateway-harness';
import { launchBrowser, newContext, SCREENSHOT_DIR } from './support/browser';
import { signInOperator, signUpTenant, useSession } from './support/signed-in';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * What a first visit downloads, in the built app as the gateway serves it (precompressed copies by
 * Accept-Encoding): the console's first load stays under 150 KB of JavaScript over the wire, without
 * the chart library (only the pages that draw charts load it) or the operator API's client (only the
 * admin area loads it). The figures are written to test-artifacts/web-weight.json for the notes.
 */
const CONSOLE_FIRST_LOAD_BUDGET_BYTES = 150_000;
/** A route of the operator API's client (sdk/src/admin), named in no other client: its code is where this is. */
const ADMIN_CLIENT_MARK = 'GET /tenants/{id}/users';
/** Smaller assets are not precompressed (web/build/precompress.ts): their headers outweigh what compression saves. */
const PRECOMPRESSED_FROM_BYTES = 1024;
const CHART_CHUNK = /\/assets\/Charts-[\w-]+\.js$/;

interface Script {
  path: string;
  encoding: string;
  /** Body as sent plus the response's headers: what crossed the wire. */
  wireBytes: number;
  /** The script itself, decoded. */
  bytes: number;
  hasAdminClient: boolean;
}

/** Records every script a page downloads from now on, with its size over the wire. */
function recordScripts(page: Page): () => Promise<Script[]> {
  const pending: Array<Promise<Script>> = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, body] = await Promise.all([response.request().sizes(), response.text()]);
        return {
          path: new URL(response.url()).pathname,
          encoding: response.headers()['content-encoding'] ?? 'identity',
          wireBytes: sizes.responseBodySize + sizes.responseHeadersSize,
          bytes: Buffer.byteLength(body),
          hasAdminClient: body.includes(ADMIN_CLIENT_MARK),
        };
      })(),
    );
  });
  return () => Promise.all(pending);
}

const total = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.wireBytes, 0);

describe('web app weight', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  const figures: Record<string, { total_wire_bytes: number; scripts: Script[] }> = {};

  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([GatewayHarness.start(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    mkdirSync(join(SCREENSHOT_DIR, '..'), { recursive: true });
    writeFileSync(join(SCREENSHOT_DIR, '..', 'web-weight.json'), `${JSON.stringify(figures, null, 2)}\n`);
  });

  /** A first visit: a new context, so nothing is cached; the page's own loading spinners gone. */
  async function firstVisit(path: string, session: (context: BrowserContext) => Promise<void>, heading: string) {
    const { context, problems } = await newContext(browser, gw.url);
    await session(context);
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForFunction(() => document.querySelector('.loading') === null);
    await page.waitForLoadState('networkidle');
    const loaded = await scripts();
    await context.close();
    return { loaded, problems: problems.list() };
  }

  it('the console’s first load is under 150 KB of JavaScript over the wire, brotli-compressed, without charts or the operator API’s client', async () => {
    const owner = await signUpTenant(gw, { organization: 'Weigh & Co', kind: 'reseller' });
    const { loaded, problems } = await firstVisit('/console', (context) => useSession(context, gw, owner.owner), 'Weigh & Co');
    figures['/console'] = { total_wire_bytes: total(loaded), scripts: loaded };

    expect(problems).toEqual([]);
    expect(loaded.length).toBeGreaterThan(1);
    expect(loaded.filter((script) => script.encoding !== 'br' && script.bytes >= PRECOMPRESSED_FROM_BYTES)).toEqual([]);
    expect(loaded.filter((script) => CHART_CHUNK.test(script.path))).toEqual([]);
    expect(loaded.filter((script) => script.hasAdminClient).map((script) => script.path)).toEqual([]);
    expect(total(loaded)).toBeLessThan(CONSOLE_FIRST_LOAD_BUDGET_BYTES);
  });

  it('the chart library loads with the first page that draws a chart', async () => {
    const owner = await signUpTenant(gw, { organization: 'Charts Ltd', kind: 'direct' });
    const { loaded, problems } = await firstVisit('/console/usage', (context) => useSession(context, gw, owner.owner), 'Usage');
    figures['/console/usage'] = { total_wire_bytes: total(loaded), scripts: loaded };

    expect(problems).toEqual([]);
    expect(loaded.filter((script) => CHART_CHUNK.test(script.path))).toHaveLength(1);
  });

  it('the admin area loads the operator API’s client (the mark the console test looks for is the right one)', async () => {
    const operator = await signInOperator(gw);
    const { loaded, problems } = await firstVisit('/admin/tenants', (context) => useSession(context, gw, operator), 'Tenants');
    figures['/admin/tenants'] = { total_wire_bytes: total(loaded), scripts: loaded };

    expect(problems).toEqual([]);
    expect(loaded.filter((script) => script.hasAdminClient).length).toBeGreaterThan(0);
  });
});
