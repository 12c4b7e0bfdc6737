import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GatewayHarness } from '../support/gateway-harness';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { usdText } from './support/money-text';
import { signInOperator, useSession } from './support/signed-in';
import { visitEveryNavEntry } from './support/navigation';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * The admin area's pages in a real browser: tenants (suspend and resume), plans, the catalog with
 * the per-endpoint limit and upstreams (applied live), the whole audit trail, revenue and latency.
 * The browser carries a real operator session (support/signed-in.ts), cookie and CSRF token.
 */
describe('admin area', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let context: BrowserContext;
  let problems: PageProblems;
  let page: Page;
  const dialog = () => page.locator('dialog[open]');

  // Its own hook: a stale build is rebuilt first, which takes longer than a test.
  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([GatewayHarness.start(), launchBrowser()]);
    ({ context, problems } = await newContext(browser, gw.url));
    await useSession(context, gw, await signInOperator(gw));
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  afterEach(() => {
    // Cleared first, so one test's problem is reported once, not again by every later test.
    const seen = problems.list();
    problems.clear();
    expect(seen).toEqual([]);
  });

  it('tenants: suspending asks first and refuses the tenant’s keys at once; resume lets them in again', async () => {
    const tenant = await gw.createTenantWithKey();
    const name = (await gw.admin('GET', `/tenants/${tenant.tenantId}`)).body.name as string;
    await page.goto('/admin');
    await page.waitForURL('**/admin/tenants');
    await page.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await capture(page, 'admin-tenant');

    await page.getByRole('button', { name: 'Suspend' }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect((await gw.admin('GET', `/tenants/${tenant.tenantId}`)).body.status).toBe('active');
    await page.getByRole('button', { name: 'Suspend' }).click();
    await dialog().getByRole('button', { name: 'Suspend tenant' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect((await gw.admin('GET', `/tenants/${tenant.tenantId}`)).body.status).toBe('suspended');
    const refused = await gw.call('infra.dns', { key: tenant.key, body: { domain: 'example.com' } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('tenant_suspended');

    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Suspend' }).waitFor();
    expect((await gw.call('infra.dns', { key: tenant.key, body: { domain: 'example.com' } })).status).toBe(200);

    await page.goto('/admin/tenants');
    await page.getByRole('link', { name, exact: true }).waitFor();
    await capture(page, 'admin-tenants');
  });

  it('plans: a plan created in the form is what the API holds, exactly', async () => {
    const name = `Growth ${Math.random().toString(36).slice(2, 8)}`;
    await page.goto('/admin/plans');
    await page.getByRole('button', { name: 'New plan' }).click();
    await dialog().getByLabel('Name').fill(name);
    await dialog().getByLabel('Monthly fee (USD)').fill('19.99');
    await dialog().getByLabel('Discount on catalog prices (%)').fill('12.5');
    await dialog().getByLabel('Request ceiling per window').fill('900');
    await dialog().getByLabel('Default monthly cap (USD)').fill('250');
    await dialog().getByLabel('Text').check();
    await dialog().getByLabel('Data').check();
    // Left unchecked: which plan sign-ups start on is the test database's, shared by every suite.
    expect(
      await dialog()
        .getByLabel(/^Default for sign-ups/)
        .isChecked(),
    ).toBe(false);
    await capture(page, 'admin-plan-form');
    await dialog().getByRole('button', { name: 'Create plan' }).click();
    await page.getByRole('button', { name: `Edit ${name}` }).waitFor();
    const plan = (await gw.admin('GET', '/plans?limit=500')).body.data.find((p: any) => p.name === name);
    expect(plan).toMatchObject({
      monthly_fee_usd: '19.99',
      resale_discount_bps: 1250,
      request_limit_per_window: 900,
      default_monthly_spend_cap_usd: '250',
      allowed_categories: ['text', 'data'],
      public: true,
      default_for_signups: false,
    });
    await capture(page, 'admin-plans');
  });

  it('catalog: a new per-endpoint limit applies to the next call (X-RateLimit-Limit)', async () => {
    const { key } = await gw.createTenantWithKey();
    const before = await gw.call('infra.dns', { key, body: { domain: 'example.com' } });
    const defaultLimit = Number(before.headers.get('x-ratelimit-limit'));
    await page.goto('/admin/catalog');
    await page.getByRole('link', { name: 'infra.dns', exact: true }).click();
    await page.getByRole('heading', { name: 'Limit', exact: true }).waitFor();
    // One control: its placeholder is the catalog default, in words.
    const control = page.getByLabel('Requests per key');
    expect(await control.getAttribute('placeholder')).toBe(`catalog default: ${defaultLimit.toLocaleString('en-US')} per minute`);
    await page
      .getByTestId('limit-in-force')
      .getByText(`${defaultLimit.toLocaleString('en-US')} per minute (60 s) (catalog default)`)
      .waitFor();
    // The settings card no longer has a second limit field.
    expect(await page.getByLabel('Default limit per window').count()).toBe(0);
    await capture(page, 'admin-endpoint-limit-default');
    await control.fill('7');
    await page.getByRole('button', { name: 'Save limit' }).click();
    await page.getByTestId('limit-in-force').getByText('7 per minute (60 s) (override)').waitFor();
    const after = await gw.call('infra.dns', { key, body: { domain: 'example.com' } });
    expect(after.headers.get('x-ratelimit-limit')).toBe('7');
    expect(defaultLimit).not.toBe(7);
    await capture(page, 'admin-endpoint');

    // Back to the catalog default, with the control's button.
    await page.getByRole('button', { name: 'Use the catalog default' }).click();
    await page.getByTestId('limit-in-force').getByText('catalog default').waitFor();
    expect((await gw.call('infra.dns', { key, body: { domain: 'example.com' } })).headers.get('x-ratelimit-limit')).toBe(
      String(defaultLimit),
    );

    await page.goto('/admin/catalog');
    await page.getByRole('link', { name: 'text.generate', exact: true }).waitFor();
    // The list says each limit with its window in words.
    const dnsRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'infra.dns', exact: true }) });
    await dnsRow.getByText(`${defaultLimit.toLocaleString('en-US')} (default)`).waitFor();
    await dnsRow.getByText('per minute (60 s)').waitFor();
    await capture(page, 'admin-catalog');
  });

  it('catalog: disabling an endpoint asks first and answers 503 at once; upstreams are edited in order', async () => {
    const { key } = await gw.createTenantWithKey();
    const endpoint = await gw.createEndpoint({ upstreams: [{ kind: 'simulator' }, { kind: 'simulator', name: 'backup' } as any] });
    await page.goto(`/admin/catalog/${endpoint.slug}`);
    await page.getByRole('button', { name: 'Disable' }).click();
    await dialog().getByRole('button', { name: 'Disable endpoint' }).click();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    const disabled = await gw.call(endpoint.slug, { key, body: {} });
    expect(disabled.status).toBe(503);
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('button', { name: 'Disable' }).waitFor();

    await page.getByRole('button', { name: 'Edit upstreams' }).click();
    await page.getByRole('button', { name: 'Move backup up' }).click();
    await page.getByRole('button', { name: 'Save upstreams' }).click();
    await page.getByRole('button', { name: 'Edit upstreams' }).waitFor();
    expect((await gw.admin('GET', `/catalog/${endpoint.slug}`)).body.upstreams.map((u: any) => u.name)).toEqual(['backup', 'upstream-0']);
  });

  it('the whole audit trail, revenue and margin, declared against measured latency', async () => {
    const tenant = await gw.createTenantWithKey();
    const call = await gw.call('text.generate', { key: tenant.key, body: { input: 'for the reports' } });
    await gw.auditRecord(call.headers.get('x-service-request-id')!);

    // The tenant is older than the newest 500 (the pages used to name only those): its name comes
    // from a lookup by the ids on screen.
    const name = (await gw.admin('GET', `/tenants/${tenant.tenantId}`)).body.name as string;
    await gw.prisma.tenant.update({ where: { id: tenant.tenantId }, data: { createdAt: new Date('2026-01-01T00:00:00Z') } });
    await gw.prisma.tenant.createMany({
      data: Array.from({ length: 501 }, (_, i) => ({
        name: `filler ${i}`,
        createdAt: new Date(Date.parse('2026-01-02T00:00:00Z') + i * 1000),
      })),
    });
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/v1/tenants?')) lookups.push(request.url());
    });

    await page.goto(`/admin/audit?tenant_id=${tenant.tenantId}`);
    await page.locator(`[data-request-id="${call.headers.get('x-service-request-id')}"]`).waitFor();
    expect(await page.locator('table tbody tr').count()).toBe(1);
    await page.locator('table tbody tr').getByRole('link', { name, exact: true }).waitFor();
    // The tenant filter names the tenant (though it is not among the newest 500) and searches as one types.
    await page.waitForFunction((n) => document.querySelector<HTMLInputElement>('input[role="combobox"]')?.value === n, name);
    expect(lookups.some((url) => new URL(url).searchParams.get('ids')?.split(',').includes(tenant.tenantId))).toBe(true);
    await capture(page, 'admin-audit');
    const picker = page.getByRole('combobox', { name: 'Tenant' });
    await picker.fill(name.toUpperCase());
    await page.getByRole('option', { name, exact: true }).click();
    expect(await picker.inputValue()).toBe(name);
    expect(lookups.some((url) => new URL(url).searchParams.get('q') === name.toUpperCase())).toBe(true);
    await picker.fill(name.slice(0, -1));
    await page.getByRole('option', { name, exact: true }).waitFor();
    await capture(page, 'admin-audit-tenant-search');
    await picker.press('Escape');

    // Revenue is the whole gateway's, and other suites call it meanwhile: the page is compared with
    // the API's total when that total held still while the page loaded.
    const revenueTotal = async () => (await gw.admin('GET', '/reports/revenue?group_by=day')).body.totals.resale_usd as string;
    const resale = page.locator('.stat', { hasText: 'Resale revenue' });
    let compared = false;
    for (let attempt = 0; attempt < 5 && !compared; attempt++) {
      const before = await revenueTotal();
      await page.goto('/admin/revenue');
      await page.getByTestId('chart').locator('.recharts-bar-rectangle').first().waitFor();
      const shown = await resale.locator('.value').innerText();
      if ((await revenueTotal()) !== before) continue;
      expect(shown).toBe(usdText(before));
      compared = true;
    }
    expect(compared).toBe(true);
    await capture(page, 'admin-revenue');
    await page.getByRole('button', { name: 'Per tenant' }).click();
    await page.waitForURL('**by=tenant');
    await page.locator('table tbody tr', { hasText: name }).waitFor();

    // Endpoints without calls are listed apart, one line each; every endpoint is on the page once.
    const catalogSlugs = ((await gw.admin('GET', '/reports/latency')).body.data as Array<{ slug: string }>).map((row) => row.slug);
    await page.goto('/admin/latency');
    await page.locator('table tbody tr', { hasText: 'text.generate' }).waitFor();
    const measuredSlugs = await page.locator('table tbody td.primary-cell').allInnerTexts();
    const idleSlugs = await page.getByRole('list', { name: 'Endpoints without calls' }).getByRole('link').allInnerTexts();
    expect(measuredSlugs).toContain('text.generate');
    expect(idleSlugs.filter((slug) => measuredSlugs.includes(slug))).toEqual([]);
    expect(catalogSlugs.filter((slug) => !measuredSlugs.includes(slug) && !idleSlugs.includes(slug))).toEqual([]);
    await capture(page, 'admin-latency');
  });
  it('every page of the side navigation opens from it, with a heading and a title of its own; your account', async () => {
    // From the last entry's page, so the first click (Tenants) changes the page too.
    await page.goto('/admin/account');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await page.title()).toBe('Your account · Unified API');
    await page.getByText('Grace Operator', { exact: true }).first().waitFor();
    await capture(page, 'admin-account');
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    const labels = await nav.getByRole('link').allInnerTexts();
    expect(labels).toEqual(['Tenants', 'Plans', 'Operators', 'Endpoints', 'Latency', 'Revenue', 'Audit trail', 'Activity', 'Your account']);
    const titles = new Set(await visitEveryNavEntry(page, 'Admin navigation', labels));
    expect(titles.size).toBe(labels.length);
  });

  it('an unknown admin page says so in the admin area, with the way back to the tenants', async () => {
    await page.goto('/admin/no-such-page');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin navigation' }).count()).toBe(1);
    await capture(page, 'admin-not-found');
    await page.getByRole('link', { name: 'Back to the tenants' }).click();
    await page.waitForURL('**/admin/tenants');
  });
});
