import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { GatewayHarness } from '../support/gateway-harness';
import { launchBrowser, newContext } from './support/browser';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

const run = promisify(execFile);

/**
 * The quick start's snippets work as shown: each is copied out of the rendered page (as a reader
 * would copy it) and run against the gateway that served it, with a real key in $GATEWAY_KEY.
 */
describe('quick start snippets, run as shown', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let snippets: Record<string, string>;
  let env: NodeJS.ProcessEnv;

  // Its own hook: a stale build is rebuilt first, which takes longer than a test.
  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([GatewayHarness.start(), launchBrowser()]);
    const { context } = await newContext(browser, gw.url);
    const page = await context.newPage();
    await page.goto('/quickstart');
    snippets = {};
    for (const id of ['snippet-curl-call', 'snippet-curl-stream', 'snippet-curl-headers', 'snippet-sdk-install', 'snippet-sdk']) {
      snippets[id] = await page.getByTestId(id).locator('pre').innerText();
    }
    await browser.close();
    const { key } = await gw.createTenantWithKey();
    env = { ...process.env, GATEWAY_KEY: key };
  });

  afterAll(async () => {
    // Closed in beforeAll once the snippets are read; here too when that failed half-way (an open
    // browser would keep jest from exiting).
    await browser?.close();
    await gw?.close();
  });

  it('curl: one call answers the envelope with what it cost, and its audit record has the same id', async () => {
    const { stdout } = await run('bash', ['-c', snippets['snippet-curl-call']], { env });
    const body = JSON.parse(stdout);
    expect(body).toMatchObject({ endpoint: 'text.generate', status: 'accepted', usage: { billing_unit: 'tokens_1k' } });
    expect(typeof body.billed_usd).toBe('number');
    expect(await gw.auditRecord(body.request_id)).toMatchObject({ httpStatus: 200 });
  });

  it('curl: the stream ends with its usage and [DONE]', async () => {
    const { stdout } = await run('bash', ['-c', snippets['snippet-curl-stream']], { env });
    expect(stdout).toMatch(/^data: \{"id":"req_/);
    expect(stdout).toMatch(/"done":true,"usage":\{"calls":1,"cost_usd":/);
    expect(stdout.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('curl: the limit headers', async () => {
    const { stdout } = await run('bash', ['-c', snippets['snippet-curl-headers']], { env });
    expect(stdout).toMatch(/^x-ratelimit-limit: \d+/im);
    expect(stdout).toMatch(/^x-ratelimit-remaining: \d+/im);
    expect(stdout).toMatch(/^ratelimit-policy: "endpoint";q=\d+;w=\d+/im);
    expect(stdout).toMatch(/^x-service-request-id: [0-9a-f-]{36}/im);
  });

  it('SDK: installed from the gateway with the npm command shown, in a fresh folder; the call and the stream run from there', async () => {
    const project = mkdtempSync(join(tmpdir(), 'quickstart-'));
    try {
      // The install snippet is `npm install <this gateway>/downloads/<tarball>`: npm fetches it from
      // the gateway over HTTP (the package has no dependencies, so nothing else is fetched).
      expect(snippets['snippet-sdk-install']).toMatch(
        new RegExp(`^npm install ${gw.url}/downloads/unified-api-gateway-sdk-[0-9.]+\\.tgz$`),
      );
      await run('bash', ['-c', snippets['snippet-sdk-install']], {
        cwd: project,
        env: { ...env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
      });
      const installed = JSON.parse(readFileSync(join(project, 'node_modules', '@unified-api-gateway', 'sdk', 'package.json'), 'utf8'));
      expect(installed.name).toBe('@unified-api-gateway/sdk');

      writeFileSync(join(project, 'first-call.mjs'), snippets['snippet-sdk']);
      const { stdout } = await run(process.execPath, ['first-call.mjs'], { env, cwd: project });
      expect(stdout).toMatch(/billed \$\d/);
      expect(stdout.length).toBeGreaterThan(40);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 90_000);
});
