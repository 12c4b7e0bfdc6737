import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { GatewayHarness } from '../support/gateway-harness';
import { startUpstream, sendJson, type TestUpstream } from '../support/upstream-server';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { usdText } from './support/money-text';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * The three journeys, end to end in a real browser with real accounts: sign-up, sign-in,
 * the session cookie and its CSRF token, against the console API (/api/console/v1) and the reseller
 * and operator APIs that accept the session.
 */
describe('journeys', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let upstream: TestUpstream;
  const password = 'a long enough passphrase';

  // Its own hook: a stale build is rebuilt first, which takes longer than a test.
  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser, upstream] = await Promise.all([
      GatewayHarness.start(),
      launchBrowser(),
      startUpstream((_req, res) => sendJson(res, 200, { ok: true })),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await upstream?.close();
  });

  /** A fresh browser (no cookie) and its problem log. */
  async function freshPage(): Promise<{ page: Page; problems: PageProblems }> {
    const { context, problems } = await newContext(browser, gw.url);
    return { page: await context.newPage(), problems };
  }

  async function signUp(page: Page, fields: { email: string; organization: string; kind: 'direct' | 'reseller' }): Promise<void> {
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Work email').fill(fields.email);
    await page.getByLabel('Organization').fill(fields.organization);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel(fields.kind === 'reseller' ? /To resell/ : /For my own product/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/console$/);
  }

  it('sign up from the plans page, create a key, call the gateway, and find the call in the audit trail with its price', async () => {
    const { page, problems } = await freshPage();
    const plan = (
      await gw.admin('POST', '/plans', {
        name: `Journey ${randomUUID().slice(0, 8)}`,
        monthly_fee_usd: '0',
        resale_discount_bps: 1000,
        public: true,
      })
    ).body;

    await page.goto('/plans');
    await page.getByRole('link', { name: `Choose ${plan.name}`, exact: true }).click();
    await page.waitForURL(`**/signup?plan=${plan.id}`);
    await signUp(page, { email: `ada-${randomUUID()}@example.com`, organization: 'Analytical Engines', kind: 'direct' });
    await page.getByRole('heading', { name: 'Analytical Engines', level: 1 }).waitFor();
    await capture(page, 'journey-signed-up');

    // The plan chosen on the website is the account's.
    await page.goto('/console/plan');
    await page.getByRole('heading', { name: plan.name }).waitFor();

    await page.goto('/console/keys');
    await page.getByRole('button', { name: 'Create a key' }).first().click();
    await page.locator('dialog[open]').getByLabel('Name').fill('first key');
    await page.locator('dialog[open]').getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByTestId('secret-value').inputValue();
    await page.getByRole('button', { name: 'I have saved it' }).click();

    const call = await gw.call('text.generate', { key, body: { input: 'Write a haiku about gateways' } });
    expect(call.status).toBe(200);
    const answer = (await call.json()) as { request_id: string; billed_usd: number };
    const record = await gw.auditRecord(answer.request_id);
    expect(record).not.toBeNull();

    await page.goto('/console/audit');
    const row = page.locator('tr', { has: page.locator(`[data-request-id="${answer.request_id}"]`) });
    await row.waitFor();
    const billed = await row.getByTestId('billed').innerText();
    // The price in the audit view is the record's exact customer price (the plan's 10 % off), as the call said.
    const exact = record!.customerPricePicoUsd.toString().padStart(13, '0');
    const decimal = `${exact.slice(0, -12)}.${exact.slice(-12)}`;
    expect(billed).toBe(usdText(decimal));
    expect(Number(decimal)).toBe(answer.billed_usd);
    await capture(page, 'journey-audit-with-price');
    expect(problems.list()).toEqual([]);
  });

  it('a reseller creates a customer with a budget, the customer exhausts it, and the 402 is in the audit trail', async () => {
    const { page, problems } = await freshPage();
    // An endpoint of this test's own at $0.0015 a call, whose calls cost one unit at most (so a call holds exactly its price).
    const { slug } = await gw.createEndpoint({
      maxQuantityPerCall: 1n,
      resalePicoUsdPerUnit: 1_500_000_000n,
      upstreams: [{ baseUrl: upstream.url }],
    });

    await page.goto('/signup');
    await signUp(page, { email: `reseller-${randomUUID()}@example.com`, organization: 'Resell Co', kind: 'reseller' });
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('button', { name: 'New customer' }).click();
    await page.locator('dialog[open]').getByLabel('Name').fill('Thrifty Ltd');
    await page.locator('dialog[open]').getByRole('button', { name: 'Create customer' }).click();
    await page.getByRole('heading', { name: 'Thrifty Ltd', level: 1 }).waitFor();

    const budget = page.locator('section', { has: page.getByRole('heading', { name: 'Budget', exact: true }) });
    await budget.getByRole('button', { name: 'Set a budget' }).click();
    await budget.getByLabel('Period').selectOption('daily');
    await budget.getByLabel('Cap (USD)').fill('0.003');
    await budget.getByRole('button', { name: 'Save budget' }).click();
    await budget.getByTestId('budget-summary').waitFor();

    await page.getByRole('button', { name: 'New key' }).click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByTestId('secret-value').inputValue();
    await page.getByRole('button', { name: 'I have saved it' }).click();

    // Two calls fit the $0.003 cap; the third is refused before the upstream, not billed.
    for (let i = 0; i < 2; i++) expect((await gw.call(slug, { key, body: {} })).status).toBe(200);
    const refused = await gw.call(slug, { key, body: {} });
    expect(refused.status).toBe(402);
    const refusedId = refused.headers.get('x-service-request-id')!;
    expect((await refused.json()).error).toMatchObject({ code: 'budget_exceeded', details: { limit_source: 'customer' } });
    await gw.auditRecord(refusedId);

    await page.getByRole('link', { name: 'See its calls in the audit trail' }).click();
    await page.getByLabel('HTTP status').fill('402');
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = page.locator('tr', { has: page.locator(`[data-request-id="${refusedId}"]`) });
    await row.waitFor();
    expect(await row.innerText()).toContain('budget_exceeded');
    expect(await row.getByTestId('billed').innerText()).toBe('$0.00');
    await capture(page, 'journey-budget-402');

    // The customer's page shows the budget used up.
    await page.goto('/console/customers');
    await page.getByRole('link', { name: 'Thrifty Ltd', exact: true }).click();
    await page.getByText('This budget is used up').waitFor();
    expect(problems.list()).toEqual([]);
  });

  it('the operator signs in, changes a per-endpoint limit, and the next call’s X-RateLimit-Limit follows', async () => {
    const { page, problems } = await freshPage();
    const email = `ops-${randomUUID()}@example.com`;
    expect((await gw.admin('POST', '/operators', { email, password, name: 'Grace Hopper' })).status).toBe(201);
    const { slug } = await gw.createEndpoint({ defaultRateLimit: 100, upstreams: [{ baseUrl: upstream.url }] });
    const { key } = await gw.createTenantWithKey();
    expect((await gw.call(slug, { key, body: {} })).headers.get('x-ratelimit-limit')).toBe('100');

    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/tenants');

    await page.goto(`/admin/catalog/${slug}`);
    await page.getByLabel('Requests per key').fill('3');
    await page.getByRole('button', { name: 'Save limit' }).click();
    await page.getByTestId('limit-in-force').getByText('3 per minute (60 s) (override)').waitFor();
    const next = await gw.call(slug, { key, body: {} });
    expect(next.headers.get('x-ratelimit-limit')).toBe('3');
    await capture(page, 'journey-operator-limit');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/signin');
    expect(problems.list()).toEqual([]);
  });
});
