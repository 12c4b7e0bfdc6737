import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GatewayHarness } from '../support/gateway-harness';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { signInOperator, signUpTenant, useSession, type TenantOwner } from './support/signed-in';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * A key's effective limits and budgets, and its usage over time, on its page in the console and in
 * the admin area: a customer's key with a 5-per-window limit and a $25 customer budget shows both,
 * the binding one marked in words, and the limit the page marks binding is the next call's
 * X-RateLimit-Limit.
 */
describe('key limits pages', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let context: BrowserContext;
  let problems: PageProblems;
  let page: Page;
  let reseller: TenantOwner;
  let key: { id: string; key: string };
  const api = (method: string, path: string, body?: unknown) => gw.reseller(reseller.managementKey, method, path, body);

  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([GatewayHarness.start(), launchBrowser()]);
    reseller = await signUpTenant(gw, { organization: 'Limits Co', kind: 'reseller' });
    const customer = (await api('POST', '/customers', { name: 'Ada' })).body;
    key = (await api('POST', `/customers/${customer.id}/keys`, { name: 'ada backend' })).body;
    expect((await api('PUT', `/keys/${key.id}/limits`, { requests_per_window: 5 })).status).toBe(200);
    expect((await api('PUT', `/customers/${customer.id}/budget`, { period: 'monthly', cap_usd: '25' })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await gw.call('infra.dns', { key: key.key, body: { domain: 'example.com' } })).status).toBe(200);
    await gw.flushAudit();
    ({ context, problems } = await newContext(browser, gw.url));
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  afterEach(() => {
    const seen = problems.list();
    problems.clear();
    expect(seen).toEqual([]);
  });

  /** The effective-limits card checked on the open key page: both limits shown, the binding one in words, the usage and its chart. */
  async function expectKeyLimits(name: string) {
    const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Effective limits and budgets' }) });
    const budgetRow = card.getByRole('row').filter({ hasText: "Its customer's budget" });
    await budgetRow.getByText('$25.00 per month').waitFor();
    await budgetRow.getByText('Binding: refuses first').waitFor();

    await card.getByLabel('Endpoint').selectOption('infra.dns');
    const keyRow = card.getByRole('row').filter({ hasText: 'This key, every endpoint' });
    await keyRow.getByText('5 per minute (60 s)').waitFor();
    await keyRow.getByText('Binding: refuses first').waitFor();
    // The endpoint's own limit is listed too, and does not bind.
    const endpointRow = card.getByRole('row').filter({ hasText: 'This key on this endpoint' });
    await endpointRow.getByText('catalog default', { exact: false }).waitFor();
    expect(await endpointRow.getByText('Binding: refuses first').count()).toBe(0);

    await page
      .getByTestId('key-usage-total')
      .getByText(/^2 calls; billed \$/)
      .waitFor();
    await page.getByTestId('chart').first().waitFor();
    await capture(page, name);
  }

  it("console: a customer's key shows its 5-per-window limit and its customer's $25 budget, the binding one marked, and its usage", async () => {
    await useSession(context, gw, reseller.owner);
    await page.goto(`/console/keys/${key.id}`);
    await page.getByRole('heading', { name: 'Effective limits and budgets' }).waitFor();
    await expectKeyLimits('console-key-limits');

    // What the page marks binding is what the gateway answers next.
    const next = await gw.call('infra.dns', { key: key.key, body: { domain: 'example.com' } });
    expect(next.headers.get('x-ratelimit-limit')).toBe('5');

    // A limit changed on the page is in the table at once (its figures are asked again).
    const limits = page.locator('section', { has: page.getByRole('heading', { name: 'Limits', exact: true }) });
    await limits.getByRole('button', { name: 'Edit limits' }).click();
    await limits.getByLabel('All endpoints together').fill('6');
    await limits.getByRole('button', { name: 'Save limits' }).click();
    const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Effective limits and budgets' }) });
    await card.getByRole('row').filter({ hasText: 'This key, every endpoint' }).getByText('6 per minute (60 s)').waitFor();
    expect((await api('PUT', `/keys/${key.id}/limits`, { requests_per_window: 5 })).status).toBe(200);
  });

  it('admin: the same key from its tenant’s page shows the same table and chart', async () => {
    await context.clearCookies();
    await useSession(context, gw, await signInOperator(gw));
    await page.goto(`/admin/tenants/${reseller.tenantId}`);
    await page.getByRole('link', { name: 'ada backend' }).click();
    await page.waitForURL(`**/admin/keys/${key.id}`);
    await page.getByRole('heading', { name: 'Effective limits and budgets' }).waitFor();
    // Three calls now (the console test made one more): the usage card reads the rollups again.
    await gw.flushAudit();
    await page.reload();
    await page.getByRole('heading', { name: 'Effective limits and budgets' }).waitFor();
    const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Effective limits and budgets' }) });
    await card.getByRole('row').filter({ hasText: "Its customer's budget" }).getByText('Binding: refuses first').waitFor();
    await card.getByLabel('Endpoint').selectOption('infra.dns');
    await card.getByRole('row').filter({ hasText: 'This key, every endpoint' }).getByText('5 per minute (60 s)').waitFor();
    await page
      .getByTestId('key-usage-total')
      .getByText(/^3 calls; billed \$/)
      .waitFor();
    await page.getByTestId('chart').first().waitFor();
    await capture(page, 'admin-key-limits');
  });
});
