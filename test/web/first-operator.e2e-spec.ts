import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { OperatorSetupService } from '../../src/users/operator-setup.service';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * A fresh install's first operator, created in the browser (test/web/README.md, `first operator`):
 * /admin and the sign-in page offer it, /admin/setup takes the admin token or reads the start-up log's
 * setup link, signs the operator in and opens the admin area; a wrong token or link is refused in
 * words; once an operator exists the page says so and points to sign-in. On a database of its own:
 * the shared test database has operators from other suites.
 */
describe('first operator', () => {
  let db: SuiteDatabase;
  let gw: GatewayHarness;
  let browser: Browser;
  let visitor: { context: BrowserContext; problems: PageProblems; page: Page };
  const PASSWORD = 'the first operator passphrase';
  const operatorCount = () => gw.prisma.user.count({ where: { role: 'operator' } });

  /** Fills the operator's own fields (the proof is each test's business). */
  async function fillOperator(page: Page, email: string) {
    await page.getByLabel('Your name').fill('Fiona First');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
  }

  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    db = await createSuiteDatabase('web_first_operator');
    [gw, browser] = await Promise.all([GatewayHarness.start({ DATABASE_URL: db.url, SIGN_IN_RATE_LIMIT: '1000' }), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await db?.drop();
  });

  // Each test starts on a fresh install (no operator, no setup link), in a signed-out browser.
  beforeEach(async () => {
    await gw.prisma.user.deleteMany({ where: { role: 'operator' } });
    await gw.prisma.operatorSetupToken.deleteMany({});
    const { context, problems } = await newContext(browser, gw.url);
    visitor = { context, problems, page: await context.newPage() };
  });

  afterEach(async () => {
    const seen = visitor.problems.list();
    await visitor.context.close();
    expect(seen).toEqual([]);
  });

  it('with the admin token: /admin offers it, a wrong token is refused in words, the right one signs the operator in to /admin', async () => {
    const { page } = visitor;
    await page.goto('/admin');
    await page.waitForURL('**/signin?next=%2Fadmin');
    await page.getByText('This gateway has no operator yet.').waitFor();
    await capture(page, 'website-signin-first-run');
    await page.getByRole('link', { name: 'Create the first operator' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/setup');
    await page.getByRole('heading', { name: 'Create the first operator', level: 1 }).waitFor();

    const email = `first-${randomUUID()}@example.com`;
    await page.getByLabel('Admin token').fill(`${gw.adminToken}x`);
    await fillOperator(page, email);
    await page.getByRole('button', { name: 'Create the first operator' }).click();
    await page.getByText('This is not the admin token of this gateway.').waitFor();
    expect(await page.getByLabel('Admin token').getAttribute('aria-invalid')).toBe('true');
    await capture(page, 'admin-setup-wrong-token');
    expect(await operatorCount()).toBe(0);

    await page.getByLabel('Admin token').fill(gw.adminToken);
    await page.getByRole('button', { name: 'Create the first operator' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/tenants');
    await page.getByRole('heading', { name: 'Tenants', level: 1 }).waitFor();
    expect(await page.getByText('Fiona First').count()).toBeGreaterThan(0);
    const operators = await gw.prisma.user.findMany({ where: { role: 'operator' } });
    expect(operators.map((o) => [o.email, o.name])).toEqual([[email, 'Fiona First']]);
    expect((await new ConsoleBrowser(gw).signIn(email, PASSWORD)).status).toBe(200);

    // Closed now: the page says so, and the sign-in page no longer offers it.
    await page.goto('/admin/setup');
    await page.getByRole('heading', { name: 'This gateway has its operator', level: 1 }).waitFor();
    expect(await page.getByLabel('Admin token').count()).toBe(0);
    // Signed in as the new operator: on to the admin area (signed out: sign-in, below).
    expect(await page.getByRole('link', { name: 'Open the admin area' }).getAttribute('href')).toBe('/admin');
    await capture(page, 'admin-setup-closed');
  });

  it('with the setup link from the start-up log: no token to paste, the operator is created and signed in; a wrong link is refused in words', async () => {
    const { page } = visitor;
    // A link that is not (or no longer) live: said in words, with the way to the admin token.
    await page.goto(`/admin/setup#token=gws_${'A'.repeat(43)}`);
    await page.getByText('Proven by the setup link from the start-up log').waitFor();
    expect(await page.getByLabel('Admin token').count()).toBe(0);
    await fillOperator(page, `wrong-${randomUUID()}@example.com`);
    await page.getByRole('button', { name: 'Create the first operator' }).click();
    await page.getByRole('alert').getByText('This setup link is unknown, expired or already used.').waitFor();
    await capture(page, 'admin-setup-wrong-link');
    await page.getByRole('link', { name: 'use the admin token instead' }).click();
    await page.getByLabel('Admin token').waitFor();
    expect(await operatorCount()).toBe(0);

    // The link the start-up log prints (src/app/startup-summary.ts): <base>/admin/setup#token=gws_…
    const link = (await gw.app.get(OperatorSetupService).issueSetupToken())!;
    const email = `linked-${randomUUID()}@example.com`;
    await page.goto(`/admin/setup#token=${link.token}`);
    await page.getByText('Proven by the setup link from the start-up log').waitFor();
    await fillOperator(page, email);
    await capture(page, 'admin-setup-link');
    await page.getByRole('button', { name: 'Create the first operator' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/tenants');
    await page.getByRole('heading', { name: 'Tenants', level: 1 }).waitFor();
    expect((await gw.prisma.user.findMany({ where: { role: 'operator' } })).map((o) => o.email)).toEqual([email]);
    // The link was used up with the setup: no second operator through it.
    expect(await gw.prisma.operatorSetupToken.count()).toBe(0);
  });

  it('an operator created meanwhile (409 operator_exists): the form says the setup is closed, in words, and points to sign-in', async () => {
    const { page } = visitor;
    await page.goto('/admin/setup');
    await page.getByLabel('Admin token').fill(gw.adminToken);
    await fillOperator(page, `late-${randomUUID()}@example.com`);
    // Someone else was first, while this form stood open.
    const first = await gw.admin('POST', '/operators', { email: `early-${randomUUID()}@example.com`, name: 'Early', password: PASSWORD });
    expect(first.status).toBe(201);
    await page.getByRole('button', { name: 'Create the first operator' }).click();
    await page.getByRole('heading', { name: 'This gateway has its operator', level: 1 }).waitFor();
    await page.getByText('An operator exists already, so the first-operator setup is closed.').waitFor();
    expect(await operatorCount()).toBe(1);
    await capture(page, 'admin-setup-taken');
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/signin?next=%2Fadmin');
    expect(await page.getByText('This gateway has no operator yet.').count()).toBe(0);
  });
});
