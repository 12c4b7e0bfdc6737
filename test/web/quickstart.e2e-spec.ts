import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { GatewayHarness } from '../support/gateway-harness';
import { launchBrowser, newContext } from './support/browser';
import { ensureWebAppBuilt } from './support/web-build';

const run = promisify(execFile);

const ROOT = join(__dirname, '..', '..');

/** The SDK as a reader installs it: built (its dist/), resolved by name from node_modules. */
function ensureSdkBuilt(): void {
  try {
    require.resolve('@unified-api-gateway/sdk');
  } catch {
    execFileSync('npm', ['run', 'build', '--workspace', 'sdk', '--silent'], { cwd: ROOT, stdio: 'pipe' });
  }
}

/**
 * The quick start's snippets work as shown: each is copied out of the rendered page (as a reader
 * would copy it) and run against the gateway that served it, with a real key in $GATEWAY_KEY.
 */
describe('quick start snippets, run as shown', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let snippets: Record<string, string>;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    await ensureWebAppBuilt();
    [gw, browser] = await Promise.all([GatewayHarness.start(), launchBrowser()]);
    const { context } = await newContext(browser, gw.url);
    const page = await context.newPage();
    await page.goto('/quickstart');
    snippets = {};
    for (const id of ['snippet-curl-call', 'snippet-curl-stream', 'snippet-curl-headers', 'snippet-sdk']) {
      snippets[id] = await page.getByTestId(id).locator('pre').innerText();
    }
    await browser.close();
    const { key } = await gw.createTenantWithKey();
    env = { ...process.env, GATEWAY_KEY: key };
  });

  afterAll(async () => {
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

  it('SDK: the call and the stream, with the sdk workspace package resolved as a project that installed it would', async () => {
    ensureSdkBuilt();
    // Saved inside the repository, so Node resolves the package from its node_modules as it would in a project that installed it.
    const dir = join(ROOT, 'test-artifacts', 'quickstart');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'first-call.mjs');
    writeFileSync(file, snippets['snippet-sdk']);
    const { stdout } = await run(process.execPath, [file], { env, cwd: dir });
    expect(stdout).toMatch(/billed \$\d/);
    expect(stdout.length).toBeGreaterThan(40);
  }, 60_000);
});
