import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { signInOperator, signUpTenant, tenantUser, useSession, type TenantOwner } from './support/signed-in';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * Nobody is locked out for good (test/web/README.md, `accounts and recovery`): an owner (Team) or an
 * operator (a tenant's Users card, Operators) issues a one-time reset link, shown once; the link's page
 * sets the new password and signs in with it; a used link says so without a form; the sign-in page
 * says whom to ask. The operator's tenant page lists the tenant's users with their emails, and a
 * developer opening Team gets the owners-only panel without asking the API for the team.
 */
describe('accounts and recovery', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let admin: { context: BrowserContext; problems: PageProblems; page: Page };
  let tenant: TenantOwner;
  const contexts: Array<{ context: BrowserContext; problems: PageProblems }> = [];
  const suffix = Math.random().toString(36).slice(2, 8);
  const OLD_PASSWORD = 'a long enough passphrase';

  /** A browser of its own (a member's, a visitor's), its problems checked after each test with the others. */
  const open = async () => {
    const opened = await newContext(browser, gw.url);
    contexts.push(opened);
    return { ...opened, page: await opened.context.newPage() };
  };
  const dialog = (page: Page) => page.locator('dialog[open]');
  const usersOf = async (owner: ConsoleBrowser) =>
    (await owner.console('GET', '/users')).body.data as Array<{ name: string; email: string }>;

  /** Opens a reset link in a signed-out browser, sets `password` there, and waits for the home it signs in to. */
  async function useResetLink(link: string, password: string, home: string, screenshot?: string) {
    const visitor = await open();
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
    await visitor.page.getByLabel('New password', { exact: true }).fill(password);
    await visitor.page.getByLabel('New password, again').fill(password);
    if (screenshot) await capture(visitor.page, screenshot);
    await visitor.page.getByRole('button', { name: 'Set password and sign in' }).click();
    // The link's own page is under /console: wait for the page it leaves to.
    await visitor.page.waitForURL((url) => url.pathname !== '/console/reset-password' && url.pathname.startsWith(home));
    await visitor.page.getByRole('heading', { level: 1 }).waitFor();
    return visitor;
  }

  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([GatewayHarness.start(), launchBrowser()]);
    admin = await open();
    await useSession(admin.context, gw, await signInOperator(gw));
    tenant = await signUpTenant(gw, { organization: `Recovery ${suffix}`, kind: 'direct' });
  });

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  afterEach(() => {
    const seen = contexts.flatMap(({ problems }) => problems.list());
    for (const { problems } of contexts) problems.clear();
    expect(seen).toEqual([]);
  });

  it('an owner issues a reset link on Team; the member sets a new password with it and signs in; the old password and the used link are refused', async () => {
    const member = await tenantUser(gw, tenant.owner, 'developer', 'Dora Developer');
    const email = (await usersOf(tenant.owner)).find((u) => u.name === 'Dora Developer')!.email;
    const owner = await open();
    await useSession(owner.context, gw, tenant.owner);
    await owner.page.goto('/console/team');
    // The owner resets others' passwords, not their own (Your account changes it).
    await owner.page.getByRole('button', { name: 'Reset password of Dora Developer' }).click();
    expect(await owner.page.getByRole('button', { name: 'Reset password of Ada Owner' }).count()).toBe(0);
    await dialog(owner.page).getByRole('heading', { name: 'Reset the password of Dora Developer?' }).waitFor();
    expect(await dialog(owner.page).innerText()).toContain(`You get a one-time link to send to ${email}.`);
    await capture(owner.page, 'console-team-reset-confirm');
    await dialog(owner.page).getByRole('button', { name: 'Create reset link' }).click();
    const link = await dialog(owner.page).getByTestId('secret-value').inputValue();
    expect(link).toMatch(new RegExp(`^${gw.url}/console/reset-password#token=gwr_[A-Za-z0-9_-]{43}$`));
    await dialog(owner.page).getByRole('button', { name: 'Copy' }).waitFor();
    await capture(owner.page, 'console-team-reset-link');
    await dialog(owner.page).getByRole('button', { name: 'I have saved it' }).click();
    await dialog(owner.page).waitFor({ state: 'detached' });

    // The link's page names the account, then sets the password and signs in to the console.
    const visitor = await open();
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { name: 'Reset your password', level: 1 }).waitFor();
    expect(await visitor.page.locator('form').innerText()).toContain(`A new password for Dora Developer (${email})`);
    await capture(visitor.page, 'website-reset-password');
    await visitor.page.getByLabel('New password', { exact: true }).fill('short');
    await visitor.page.getByText('At least 10 characters.').waitFor();
    await visitor.page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await visitor.page.getByLabel('New password, again').fill('a brand new passphrase');
    await visitor.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await visitor.page.waitForURL((url) => url.pathname === '/console');
    await visitor.page.getByRole('heading', { level: 1 }).waitFor();
    // Every session of the old password ended with it.
    expect((await member.console('GET', '/session')).status).toBe(401);

    // The sign-in page says whom to ask; the old password is refused there, the new one signs in.
    const signIn = await open();
    await signIn.page.goto('/signin');
    await signIn.page.getByText('Forgot your password? Ask an owner of your organization, or the operator, for a reset link.').waitFor();
    await signIn.page.getByLabel('Email').fill(email);
    await signIn.page.getByLabel('Password').fill(OLD_PASSWORD);
    await signIn.page.getByRole('button', { name: 'Sign in' }).click();
    await signIn.page.getByRole('alert').getByText('The email or the password is not correct.').waitFor();
    await capture(signIn.page, 'website-signin-forgot');
    await signIn.page.getByLabel('Password').fill('a brand new passphrase');
    await signIn.page.getByRole('button', { name: 'Sign in' }).click();
    await signIn.page.waitForURL((url) => url.pathname === '/console');
    expect((await new ConsoleBrowser(gw).signIn(email, OLD_PASSWORD)).status).toBe(401);

    // The same link again: said in words, with no form.
    const again = await open();
    await again.page.goto(link);
    await again.page
      .getByRole('alert')
      .getByText('This reset link is unknown, expired, replaced by a newer one or already used.')
      .waitFor();
    expect(await again.page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await capture(again.page, 'website-reset-password-used');
    // The page's own POST /password-resets/inspect answered 400 invalid_password_reset: expected here.
    expect(again.problems.list()).toEqual([
      'console error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    again.problems.clear();
  });

  it("the operator's tenant page lists the tenant's users with the API's emails, and issues a reset link that signs the user in", async () => {
    await tenantUser(gw, tenant.owner, 'viewer', 'Vic Viewer');
    const listed = (await gw.admin('GET', `/tenants/${tenant.tenantId}/users`)).body.data as Array<{
      id: string;
      name: string;
      email: string;
    }>;
    expect(listed.length).toBeGreaterThanOrEqual(2);
    const { page } = admin;
    await page.goto(`/admin/tenants/${tenant.tenantId}`);
    const card = page.locator('section.card', { has: page.getByRole('heading', { name: 'Users', level: 2 }) });
    await card.getByRole('link', { name: listed[0].email }).waitFor();
    expect(await card.locator('a[href^="mailto:"]').allInnerTexts()).toEqual(listed.map((u) => u.email));
    const table = await card.getByRole('table', { name: `Users of Recovery ${suffix}` }).innerText();
    for (const role of ['owner', 'developer', 'viewer']) expect(table).toContain(role);
    await capture(page, 'admin-tenant-users');

    const viewer = listed.find((u) => u.name === 'Vic Viewer')!;
    await card.getByRole('button', { name: 'Reset password of Vic Viewer' }).click();
    await dialog(page).getByRole('button', { name: 'Create reset link' }).click();
    const link = await dialog(page).getByTestId('secret-value').inputValue();
    expect(link).toMatch(/\/console\/reset-password#token=gwr_/);
    await capture(page, 'admin-tenant-user-reset-link');
    await dialog(page).getByRole('button', { name: 'I have saved it' }).click();
    await useResetLink(link, 'the viewer passphrase', '/console');
    expect((await new ConsoleBrowser(gw).signIn(viewer.email, 'the viewer passphrase')).status).toBe(200);
    expect((await new ConsoleBrowser(gw).signIn(viewer.email, OLD_PASSWORD)).status).toBe(401);
  });

  it('an operator issues a reset link for another operator (not for themselves), which signs them in to the admin area', async () => {
    const email = `ops-${suffix}@example.com`;
    const created = await gw.admin('POST', '/operators', { email, name: `Otto Operator ${suffix}`, password: 'a forgotten passphrase' });
    expect(created.status).toBe(201);
    const { page } = admin;
    await page.goto('/admin/operators');
    const me = page.locator('tbody tr').filter({ has: page.locator('.badge', { hasText: /^you$/ }) });
    await me.waitFor();
    expect(await me.getByRole('button', { name: /^Reset the password/ }).count()).toBe(0);
    await page.getByRole('button', { name: `Reset password of Otto Operator ${suffix}` }).click();
    await dialog(page).getByRole('button', { name: 'Create reset link' }).click();
    const link = await dialog(page).getByTestId('secret-value').inputValue();
    await capture(page, 'admin-operator-reset-link');
    await dialog(page).getByRole('button', { name: 'I have saved it' }).click();
    const otto = await useResetLink(link, 'a remembered passphrase', '/admin', 'website-reset-password-operator');
    await otto.page.getByRole('heading', { name: 'Tenants', level: 1 }).waitFor();
    expect((await new ConsoleBrowser(gw).signIn(email, 'a forgotten passphrase')).status).toBe(401);
  });

  it('a developer opening Team sees "Only owners manage the team", and the page asks the API for no team list (no 403)', async () => {
    const developer = await open();
    await useSession(developer.context, gw, await tenantUser(gw, tenant.owner, 'developer', 'Devi Developer'));
    const refused: string[] = [];
    const teamCalls: string[] = [];
    developer.page.on('response', (response: Response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() >= 400) refused.push(`${response.status()} ${path}`);
      if (/^\/api\/console\/v1\/(users|invitations)/.test(path)) teamCalls.push(path);
    });
    await developer.page.goto('/console/team');
    await developer.page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await developer.page.getByRole('heading', { name: 'Only owners manage the team', level: 2 }).waitFor();
    expect(await developer.page.getByText('(your role: developer)').count()).toBe(1);
    expect(await developer.page.getByRole('button', { name: 'Invite someone' }).count()).toBe(0);
    expect(await developer.page.getByRole('table').count()).toBe(0);
    expect(await developer.page.getByRole('alert').count()).toBe(0);
    await capture(developer.page, 'console-team-developer');
    expect(teamCalls).toEqual([]);
    expect(refused).toEqual([]);
  });
});
