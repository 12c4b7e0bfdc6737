import type { Browser, BrowserContext, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { waitFor } from '../support/wait-for';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { meterPriceText, usdText } from './support/money-text';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * The public website in a real browser: catalog, plans, quick start, sign-in and sign-up pages, the
 * app's own "not found". Each page is screenshotted at desktop size and at 375 px
 * (test-artifacts/screenshots/website-*), and no page may raise an error or a CSP violation.
 */
describe('website', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let context: BrowserContext;
  let problems: PageProblems;
  let page: Page;
  const plans: Record<string, { id: string; name: string }> = {};

  // Its own hook: a stale build is rebuilt first, which takes longer than a test.
  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([GatewayHarness.start(), launchBrowser()]);
    ({ context, problems } = await newContext(browser, gw.url));
    page = await context.newPage();
    // Two public plans and a private one. Plans are shared by every suite of the run, so names are unique.
    const suffix = Math.random().toString(36).slice(2, 8);
    for (const [key, body] of Object.entries({
      starter: {
        name: `Starter ${suffix}`,
        description: 'For a first product.',
        monthly_fee_usd: '0',
        public: true,
        request_limit_per_window: 600,
      },
      scale: {
        name: `Scale ${suffix}`,
        description: 'Lower prices at volume.',
        monthly_fee_usd: '49',
        resale_discount_bps: 1500,
        default_monthly_spend_cap_usd: '500',
        allowed_categories: ['text', 'vision', 'data'],
        public: true,
      },
      hidden: { name: `Internal ${suffix}`, monthly_fee_usd: '0.000000000001', public: false },
    })) {
      const created = await gw.admin('POST', '/plans', body);
      expect(created.status).toBe(201);
      plans[key] = created.body;
    }
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

  it('home: what the product is, and the way in', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toContain('Unified API');
    await page.getByRole('link', { name: 'Browse the catalog' }).waitFor();
    await capture(page, 'website-home');
  });

  it("footer: the API reference and the documentation, served by the gateway (the error codes' page among them)", async () => {
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    expect(await footer.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/reference');
    expect(await footer.getByRole('link', { name: 'Swagger UI' }).getAttribute('href')).toBe('/docs');
    await footer.getByRole('link', { name: 'Error codes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Errors' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/docs/guide/api/errors');
    expect(await page.locator('h3#budget_exceeded').count()).toBe(1);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Documentation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/docs/guide');
  });

  it('catalog: every endpoint of the public catalog with category, unit, price and latency; search and category filter', async () => {
    const catalog = (await (await fetch(`${gw.url}/api/public/v1/catalog`)).json()).data as any[];
    await page.goto('/catalog');
    const rows = page.locator('table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(catalog.length);
    for (const entry of catalog) {
      const row = rows.filter({ has: page.locator('td', { hasText: new RegExp(`^${entry.slug.replace('.', '\\.')}`) }) });
      expect(await row.count()).toBe(1);
      const text = await row.innerText();
      const ms: number = entry.declared_latency_ms;
      expect(text).toContain(ms < 10_000 ? `${ms.toLocaleString('en-US')} ms` : `${ms / 1000} s`);
      if (entry.price_usd_per_unit !== null) {
        // The exact price the API states (at least two decimals, never rounded), per the billing unit.
        expect(text).toContain(`per ${entry.billing_unit_label}`);
        expect(text).toContain(usdText(entry.price_usd_per_unit));
      } else {
        // Priced per meter: every meter's exact price, per 1M where the API prices per 1k.
        expect(text).toContain('per meter');
        for (const price of entry.prices) expect(text).toContain(meterPriceText(price.price_usd_per_unit, price.unit_label));
      }
    }
    await capture(page, 'website-catalog');

    // Search matches the slug and the description; the category filter keeps that category only.
    const slugsShown = async () => (await rows.locator('td:first-child .cell-title').allInnerTexts()).sort();
    await page.getByLabel('Search').fill('ocr');
    await page.waitForURL('**/catalog?q=ocr');
    const matching = catalog.filter((e) => `${e.slug} ${e.description}`.toLowerCase().includes('ocr')).map((e) => e.slug);
    expect(matching).toContain('vision.ocr');
    await waitFor('the search to apply', async () => JSON.stringify(await slugsShown()) === JSON.stringify(matching.sort()));

    await page.getByLabel('Search').fill('');
    await page.getByLabel('Category').selectOption('pay');
    const payments = catalog.filter((e) => e.category === 'pay').map((e) => e.slug);
    expect(payments).toEqual(expect.arrayContaining(['pay.charge', 'pay.payout']));
    await waitFor('the category filter to apply', async () => JSON.stringify(await slugsShown()) === JSON.stringify(payments.sort()));
    await capture(page, 'website-catalog-filtered');

    await page.getByLabel('Search').fill('no such thing');
    await page.getByRole('heading', { name: 'No endpoint matches' }).waitFor();
  });

  it('plans: the public plans with their terms; choosing one starts sign-up with it preselected', async () => {
    await page.goto('/plans');
    await page.getByRole('heading', { name: plans.scale.name }).waitFor();
    expect(await page.getByRole('heading', { name: plans.starter.name }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: plans.hidden.name }).count()).toBe(0);
    const scale = page.getByRole('article').filter({ hasText: plans.scale.name });
    const terms = await scale.innerText();
    expect(terms).toContain('$49.00');
    expect(terms).toContain('15 % off every catalog price');
    expect(terms).toContain('Text, Vision, Data');
    expect(terms).toContain('$500.00');
    await capture(page, 'website-plans');

    await scale.getByRole('link', { name: `Choose ${plans.scale.name}`, exact: true }).click();
    await page.waitForURL(`**/signup?plan=${plans.scale.id}`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.waitForFunction((id) => document.querySelector<HTMLSelectElement>('#signup-plan')?.value === id, plans.scale.id);
    expect(await page.locator('#signup-plan option:checked').innerText()).toContain(plans.scale.name);
    await capture(page, 'website-signup');
  });

  it('quick start: the curl and SDK snippets name this gateway', async () => {
    await page.goto('/quickstart');
    const curl = await page.getByTestId('snippet-curl-call').locator('pre').innerText();
    expect(curl).toContain(`${gw.url}/api/public/v1/text.generate`);
    expect(curl).toContain('$GATEWAY_KEY');
    expect(await page.getByTestId('snippet-sdk').locator('pre').innerText()).toContain(`baseUrl: '${gw.url}'`);
    await capture(page, 'website-quickstart');
  });

  it('sign-in and invitation pages; the console sends a visitor to sign in and back', async () => {
    await page.goto('/signin');
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Password').waitFor();
    await capture(page, 'website-signin');
    // A link whose token is not (or no longer) valid says so before anyone types a password.
    await page.goto('/console/accept-invitation#token=gwi_abc');
    await page.getByRole('heading', { name: 'Join your team' }).waitFor();
    await page.getByRole('alert').getByText('This invitation is unknown, expired, withdrawn or already used').waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);
    // The page's own POST /invitations/inspect answered 400 invalid_invitation: expected here.
    expect(problems.list()).toEqual(['console error: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    problems.clear();
    await page.goto('/console/keys');
    await page.waitForURL('**/signin?next=%2Fconsole%2Fkeys');
    await page.goto('/admin/tenants');
    await page.waitForURL('**/signin?next=%2Fadmin%2Ftenants');
  });

  it('an invitation link names the organization, the email and the role; accepting it signs the invitee in to that console', async () => {
    const owner = await ConsoleBrowser.signUp(gw, { organization: 'Babbage & Co' });
    const email = `invitee-${randomUUID()}@example.com`;
    const invited = await owner.console('POST', '/users', { email, role: 'developer' });
    expect(invited.status).toBe(201);
    // Its own context: accepting signs this browser in, and the other tests want a visitor.
    const { context: invitee, problems: inviteeProblems } = await newContext(browser, gw.url);
    try {
      const tab = await invitee.newPage();
      await tab.goto(invited.body.accept_url);
      await tab.getByRole('heading', { name: 'Join Babbage & Co', level: 1 }).waitFor();
      expect(await tab.locator('form').innerText()).toContain(`You are invited as ${email}, with the developer role.`);
      await capture(tab, 'website-invite');
      await tab.getByLabel('Your name').fill('Ada Invitee');
      await tab.getByLabel('Password').fill('a long enough passphrase');
      await tab.getByRole('button', { name: 'Accept invitation' }).click();
      await tab.waitForURL('**/console');
      await tab.getByText('Ada Invitee').first().waitFor();
      const users = (await owner.console('GET', '/users')).body.data as Array<{ email: string; role: string }>;
      expect(users.find((user) => user.email === email)?.role).toBe('developer');
      expect(inviteeProblems.list()).toEqual([]);
    } finally {
      await invitee.close();
    }
  });

  it('an unknown page of the app says so, with a way back', async () => {
    await page.goto('/console-nope'.replace('-nope', '/nope'));
    await page.waitForURL('**/signin**');
    await page.goto('/catalog');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/somewhere-else');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await capture(page, 'website-not-found');
  });

  it('keyboard: the skip link comes first and every control shows its focus', async () => {
    await page.goto('/catalog');
    await page.getByLabel('Search').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { tag: element.tagName, label: element.getAttribute('id'), outline: style.outlineStyle, width: style.outlineWidth };
    });
    expect(focused.tag).toBe('INPUT');
    expect(focused.outline).toBe('solid');
    expect(focused.width).toBe('3px');
  });

  it('at 375 px the main navigation is a menu button', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.locator('#site-menu').getByRole('link', { name: 'Plans' }).click();
    await page.waitForURL('**/plans');
    // The URL changes before React renders the new route (the router's update is a transition), so
    // wait for the header itself to show /plans as the current page: the menu's closing comes from
    // that same render of the site layout, so it is settled by then.
    await page.locator('.site-nav a[aria-current="page"]', { hasText: 'Plans' }).waitFor({ state: 'attached' });
    expect(await page.locator('#site-menu').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
