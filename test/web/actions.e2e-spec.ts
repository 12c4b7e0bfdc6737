import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import type { TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';
import { deliveries, docsVerifier, registerEndpoint, startReceiver, waitForDelivery, webhookEnv } from '../support/webhook-fixtures';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { usdText } from './support/money-text';
import { signInOperator, signUpTenant, tenantUser, useSession, type TenantOwner } from './support/signed-in';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * The page actions the other browser suites do not drive: changing a password, creating and editing
 * a tenant, editing and deleting a plan, revoking a tenant's key, renaming and expiring a key,
 * deleting a customer, leaving a plan, a team member's role and removal, the webhook secret's
 * rotation, the delivery log's filters and redeliver, and the custom period of the reports. Each is
 * driven through the page and checked where a user relies on it: the API, the gateway, sign-in, a
 * webhook receiver the test starts on 127.0.0.1.
 */
describe('page actions', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let context: BrowserContext;
  let problems: PageProblems;
  let page: Page;
  let operator: ConsoleBrowser;
  let reseller: TenantOwner;
  const receivers: TestUpstream[] = [];

  const api = (method: string, path: string, body?: unknown) => gw.reseller(reseller.managementKey, method, path, body);
  /** The confirmation dialog (or form dialog) that is open now. */
  const dialog = () => page.locator('dialog[open]');
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();
  const asOperator = () => useSession(context, gw, operator);
  const asReseller = () => useSession(context, gw, reseller.owner);
  const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

  // Its own hook: a stale build is rebuilt first, which takes longer than a test.
  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    // The job worker delivers webhooks, to receivers on 127.0.0.1 over plain HTTP.
    [gw, browser] = await Promise.all([GatewayHarness.start(webhookEnv()), launchBrowser()]);
    [operator, reseller] = await Promise.all([signInOperator(gw), signUpTenant(gw, { organization: 'Actions Resale', kind: 'reseller' })]);
    ({ context, problems } = await newContext(browser, gw.url));
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  afterEach(() => {
    // Cleared first, so one test's problem is reported once, not again by every later test.
    const seen = problems.list();
    problems.clear();
    expect(seen).toEqual([]);
  });

  /** Fills the account page's password form and waits for its success message. */
  async function changePassword(current: string, next: string): Promise<void> {
    await page.getByLabel('Current password').fill(current);
    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel('New password, again').fill(next);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Other sessions were signed out.').waitFor();
  }

  it('console account: a wrong current password is refused; the new password signs in, the old one no longer', async () => {
    const owner = await ConsoleBrowser.signUp(gw, { organization: 'Password Co', kind: 'direct', name: 'Pat Owner' });
    await useSession(context, gw, owner);
    await page.goto('/console/account');
    await page.getByLabel('Current password').fill('not the password at all');
    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await page.getByLabel('New password, again').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is not correct.').waitFor();
    expect((await new ConsoleBrowser(gw).signIn(owner.email, owner.password)).status).toBe(200);

    await page.getByLabel('Current password').fill(owner.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Other sessions were signed out.').waitFor();
    await capture(page, 'console-account-password-changed');
    expect((await new ConsoleBrowser(gw).signIn(owner.email, owner.password)).status).toBe(401);
    expect((await new ConsoleBrowser(gw).signIn(owner.email, 'a brand new passphrase')).status).toBe(200);
    // The page's own session is kept.
    expect((await owner.console('GET', '/session')).status).toBe(200);
  });

  it('admin account: the new password signs the operator in, the old one no longer', async () => {
    const email = `operator-${randomUUID()}@example.com`;
    const password = 'the first operator passphrase';
    expect((await gw.admin('POST', '/operators', { email, password, name: 'Olga Operator' })).status).toBe(201);
    const signedIn = new ConsoleBrowser(gw);
    expect((await signedIn.signIn(email, password)).status).toBe(200);
    await useSession(context, gw, signedIn);
    await page.goto('/admin/account');
    await changePassword(password, 'the second operator passphrase');
    expect((await new ConsoleBrowser(gw).signIn(email, password)).status).toBe(401);
    const fresh = new ConsoleBrowser(gw);
    expect((await fresh.signIn(email, 'the second operator passphrase')).status).toBe(200);
    expect((await fresh.admin('GET', '/tenants?limit=1')).status).toBe(200);
  });

  it('admin tenants: one created in the form, its plan, kind, limit and budget edited, its key revoked after confirming', async () => {
    await asOperator();
    const plan = (await gw.admin('POST', '/plans', { name: `Tenant plan ${randomUUID().slice(0, 6)}`, monthly_fee_usd: '0' })).body;
    const name = `Made by hand ${randomUUID().slice(0, 6)}`;
    await page.goto('/admin/tenants');
    await page.getByRole('button', { name: 'New tenant' }).click();
    await dialog().getByLabel('Name').fill(name);
    await dialog().getByLabel('Kind').selectOption('direct');
    await capture(page, 'admin-tenant-new');
    await dialog().getByRole('button', { name: 'Create tenant' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await toast(`Tenant ${name} created`);
    const id = page.url().split('/').pop()!;
    expect((await gw.admin('GET', `/tenants/${id}`)).body).toMatchObject({ name, kind: 'direct', plan_id: null, status: 'active' });

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Kind').selectOption('reseller');
    await page.getByLabel('Plan').selectOption(plan.id);
    await page.getByLabel('Account-wide limit').fill('120');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Tenant saved');
    await page.getByText('120 per minute (60 s)').waitFor();
    expect((await gw.admin('GET', `/tenants/${id}`)).body).toMatchObject({
      kind: 'reseller',
      plan_id: plan.id,
      rate_limit_per_window: 120,
    });

    await page.getByRole('button', { name: 'Set a budget' }).click();
    await page.getByLabel('Cap (USD)').fill('75.25');
    await page.getByRole('button', { name: 'Save budget' }).click();
    await toast('Budget saved');
    expect((await gw.admin('GET', `/tenants/${id}/budget`)).body).toMatchObject({ cap_usd: '75.25' });

    // A key of the tenant, revoked from its page: Cancel keeps it, confirming refuses it at once.
    const mk = await gw.admin('POST', `/tenants/${id}/management-keys`, { name: 'checks' });
    const key = (await gw.reseller(mk.body.key, 'POST', '/keys', { name: 'tenant key' })).body;
    expect((await gw.call('infra.dns', { key: key.key, body: { domain: 'example.com' } })).status).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Revoke tenant key' }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect((await gw.call('infra.dns', { key: key.key, body: { domain: 'example.com' } })).status).toBe(200);
    await page.getByRole('button', { name: 'Revoke tenant key' }).click();
    await capture(page, 'admin-tenant-key-revoke-confirm');
    await dialog().getByRole('button', { name: 'Revoke key' }).click();
    await toast('Key revoked');
    await page.getByRole('button', { name: 'Revoke tenant key' }).waitFor({ state: 'detached' });
    const refused = await gw.call('infra.dns', { key: key.key, body: { domain: 'example.com' } });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('revoked_api_key');
    await capture(page, 'admin-tenant-edited');
  });

  it('admin plans: an edit applies to the API at once; a plan a tenant is on is not deleted, one no tenant is on is', async () => {
    await asOperator();
    const plan = (
      await gw.admin('POST', '/plans', { name: `Editable ${randomUUID().slice(0, 6)}`, monthly_fee_usd: '0', resale_discount_bps: 100 })
    ).body;
    const tenant = await gw.createTenantWithKey();
    expect((await gw.admin('PATCH', `/tenants/${tenant.tenantId}`, { plan_id: plan.id })).status).toBe(200);
    await page.goto('/admin/plans');
    await page.getByRole('button', { name: `Edit ${plan.name}` }).click();
    await dialog().getByLabel('Monthly fee (USD)').fill('5.5');
    await dialog().getByLabel('Discount on catalog prices (%)').fill('7.25');
    await dialog().getByRole('button', { name: 'Save plan' }).click();
    await toast('Plan saved; it applies to its tenants at once');
    expect((await gw.admin('GET', `/plans/${plan.id}`)).body).toMatchObject({
      monthly_fee_usd: '5.5',
      resale_discount_bps: 725,
    });

    // The API's rule: a plan a tenant is on cannot be deleted; the page says why, and it stays.
    await page.getByRole('button', { name: `Delete ${plan.name}` }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Delete ${plan.name}` }).click();
    await dialog().getByRole('button', { name: 'Delete plan' }).click();
    await page.getByText('Tenants are still on this plan: move them first.').waitFor();
    await capture(page, 'admin-plan-delete-refused');
    expect((await gw.admin('GET', `/plans/${plan.id}`)).status).toBe(200);
    expect((await gw.admin('GET', `/tenants/${tenant.tenantId}`)).body.plan_id).toBe(plan.id);

    // Once no tenant is on it, it goes.
    expect((await gw.admin('PATCH', `/tenants/${tenant.tenantId}`, { plan_id: null })).status).toBe(200);
    await page.getByRole('button', { name: `Delete ${plan.name}` }).click();
    await dialog().getByRole('button', { name: 'Delete plan' }).click();
    await toast('Plan deleted');
    await page.getByRole('button', { name: `Delete ${plan.name}` }).waitFor({ state: 'detached' });
    expect((await gw.admin('GET', `/plans/${plan.id}`)).status).toBe(404);
  });

  /** Picks the "Custom" period, yesterday to today, and returns the report response the page then shows. */
  async function customPeriod(reportPath: string): Promise<{ url: URL; body: any }> {
    await page.getByRole('button', { name: 'Custom', exact: true }).click();
    await page.getByLabel('From (UTC day)').waitFor();
    const answered = page.waitForResponse(
      (res: Response) => res.url().includes(reportPath) && new URL(res.url()).searchParams.get('from') === `${utcDay(1)}T00:00:00.000Z`,
    );
    await page.getByLabel('From (UTC day)').fill(utcDay(1));
    const response = await answered;
    expect(response.status()).toBe(200);
    return { url: new URL(response.url()), body: await response.json() };
  }

  it('revenue and usage: the custom period sends its UTC days as from/to and shows the API’s totals for them', async () => {
    const { key } = (await api('POST', '/keys', { name: 'report key' })).body;
    const call = await gw.call('text.generate', { key, body: { input: 'for the custom period' } });
    await gw.auditRecord(call.headers.get('x-service-request-id')!);

    await asOperator();
    await page.goto('/admin/revenue');
    const revenue = await customPeriod('/reports/revenue');
    // From yesterday 00:00 to the end of today (exclusive: tomorrow 00:00), UTC.
    expect(revenue.url.searchParams.get('to')).toBe(`${utcDay(-1)}T00:00:00.000Z`);
    await page.waitForURL(`**from=${utcDay(1)}**`);
    expect(new URL(page.url()).searchParams.get('until')).toBe(utcDay(0));
    await page.getByText(`For ${utcDay(1)} to ${utcDay(0)} (UTC)`).waitFor();
    const resale = page.locator('.stat', { hasText: 'Resale revenue' }).locator('.value');
    await waitFor('the custom period’s totals', async () => (await resale.innerText()) === usdText(revenue.body.totals.resale_usd));
    expect(Number(revenue.body.totals.resale_usd)).toBeGreaterThan(0);
    await capture(page, 'admin-revenue-custom');

    await asReseller();
    await page.goto('/console/usage');
    const usage = await customPeriod('/reports/usage');
    expect(usage.url.searchParams.get('to')).toBe(`${utcDay(-1)}T00:00:00.000Z`);
    const totals = (await api('GET', `/reports/usage?group_by=day&from=${utcDay(1)}T00:00:00.000Z&to=${utcDay(-1)}T00:00:00.000Z`)).body
      .totals;
    expect(usage.body.totals).toEqual(totals);
    expect(totals.calls).toBeGreaterThanOrEqual(1);
    await page.locator('table tfoot', { hasText: totals.calls.toLocaleString('en-US') }).waitFor();
    await capture(page, 'console-usage-custom');
  });

  it('a key: renamed on its page; "Expire now" asks first, then the gateway refuses it', async () => {
    await asReseller();
    const key = (await api('POST', '/keys', { name: 'old name' })).body;
    await page.goto(`/console/keys/${key.id}`);
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Name').fill('staging backend');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Key renamed');
    await page.getByRole('heading', { name: 'staging backend', level: 1 }).waitFor();
    expect((await api('GET', `/keys/${key.id}`)).body.name).toBe('staging backend');

    await page.getByRole('button', { name: 'Expire now' }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect((await gw.call('infra.dns', { key: key.key, body: { domain: 'example.com' } })).status).toBe(200);
    await page.getByRole('button', { name: 'Expire now' }).click();
    await dialog().getByRole('button', { name: 'Expire key' }).click();
    await page.getByRole('button', { name: 'Expire now' }).waitFor({ state: 'detached' });
    const refused = await gw.call('infra.dns', { key: key.key, body: { domain: 'example.com' } });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('expired_api_key');
    await capture(page, 'console-key-expired');
  });

  it('a customer: deleting asks first; Cancel keeps it, confirming deletes it and its keys stop working', async () => {
    await asReseller();
    const customer = (await api('POST', '/customers', { name: 'Short Lived Ltd' })).body;
    const key = (await api('POST', `/customers/${customer.id}/keys`, { name: 'its key' })).body;
    await page.goto(`/console/customers/${customer.id}`);
    await page.getByRole('heading', { name: 'Short Lived Ltd', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await capture(page, 'console-customer-delete-confirm');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect((await api('GET', `/customers/${customer.id}`)).status).toBe(200);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog().getByRole('button', { name: 'Delete customer' }).click();
    await page.waitForURL('**/console/customers');
    await toast('Customer deleted');
    expect((await api('GET', `/customers/${customer.id}`)).status).toBe(404);
    expect((await gw.call('infra.dns', { key: key.key, body: { domain: 'example.com' } })).status).toBe(401);
  });

  it('plan and team: switching plans asks first, a private plan is the operator’s; a member’s role is changed and removing them asks first', async () => {
    await asReseller();
    const planNamed = async (prefix: string, isPublic: boolean) =>
      (await gw.admin('POST', '/plans', { name: `${prefix} ${randomUUID().slice(0, 6)}`, monthly_fee_usd: '0', public: isPublic })).body;
    const plan = await planNamed('Current', true);
    const next = await planNamed('Next', true);
    expect((await gw.admin('PATCH', `/tenants/${reseller.tenantId}`, { plan_id: plan.id })).status).toBe(200);
    await page.goto('/console/plan');
    await page.getByRole('heading', { name: plan.name, level: 2 }).waitFor();
    // No way off every plan: leaving is the operator's decision.
    expect(await page.getByRole('button', { name: 'Leave this plan' }).count()).toBe(0);
    await page.getByRole('button', { name: `Switch to ${next.name}` }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect((await api('GET', '/me')).body.plan).toMatchObject({ id: plan.id });
    await page.getByRole('button', { name: `Switch to ${next.name}` }).click();
    await dialog()
      .getByRole('button', { name: `Switch to ${next.name}` })
      .click();
    await toast(`You are on ${next.name}`);
    await page.getByRole('heading', { name: next.name, level: 2 }).waitFor();
    expect((await api('GET', '/me')).body.plan).toMatchObject({ id: next.id });

    // From a plan with a fee to a smaller one: scheduled for the next month, said so, and cancellable.
    const dear = (await gw.admin('POST', '/plans', { name: `Dear ${randomUUID().slice(0, 6)}`, monthly_fee_usd: '20', public: true })).body;
    expect((await gw.admin('PATCH', `/tenants/${reseller.tenantId}`, { plan_id: dear.id })).status).toBe(200);
    await page.goto('/console/plan');
    await page.getByRole('heading', { name: dear.name, level: 2 }).waitFor();
    await page.getByRole('button', { name: `Switch to ${next.name}` }).click();
    await dialog().getByText(`You keep ${dear.name}, its discount, bounds and fee until then`).waitFor();
    await dialog()
      .getByRole('heading', { name: `Switch to ${next.name} at a month’s start?` })
      .waitFor();
    await dialog()
      .getByRole('button', { name: `Switch to ${next.name}` })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: `moves to ${next.name} on` })
      .waitFor();
    const moves = (await api('GET', '/me')).body.scheduled_plan_change;
    expect(moves.plan.id).toBe(next.id);
    const on = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'short', day: '2-digit', timeZone: 'UTC' }).format(
      new Date(moves.effective_from),
    );
    await toast(`You move to ${next.name} on ${on}`);
    await page
      .getByRole('status')
      .filter({ hasText: `moves to ${next.name} on ${on}` })
      .waitFor();
    await page.getByRole('heading', { name: dear.name, level: 2 }).waitFor();
    await page.getByRole('button', { name: `Stay on ${dear.name}` }).click();
    await toast(`You stay on ${dear.name}`);
    expect((await api('GET', '/me')).body).toMatchObject({ plan: { id: dear.id }, scheduled_plan_change: null });
    await page.getByRole('button', { name: `Stay on ${dear.name}` }).waitFor({ state: 'detached' });

    // A private plan the operator set: the page says so and offers no switch.
    const hidden = await planNamed('Negotiated', false);
    expect((await gw.admin('PATCH', `/tenants/${reseller.tenantId}`, { plan_id: hidden.id })).status).toBe(200);
    await page.goto('/console/plan');
    await page.getByRole('heading', { name: hidden.name, level: 2 }).waitFor();
    await page.getByText('only the operator can change it').waitFor();
    await page.getByRole('heading', { name: 'Other plans' }).waitFor();
    expect(await page.getByRole('button', { name: /^Switch to / }).count()).toBe(0);

    await tenantUser(gw, reseller.owner, 'developer', 'Dora Developer');
    const member = () => reseller.owner.console('GET', '/users').then((res) => res.body.data.find((u: any) => u.name === 'Dora Developer'));
    await page.goto('/console/team');
    await page.getByLabel('Role of Dora Developer').selectOption('viewer');
    await toast('Role changed');
    expect(await member()).toMatchObject({ role: 'viewer' });

    await page.getByRole('button', { name: 'Remove Dora Developer' }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await member()).toBeDefined();
    await page.getByRole('button', { name: 'Remove Dora Developer' }).click();
    await capture(page, 'console-team-remove-confirm');
    await dialog().getByRole('button', { name: 'Remove user' }).click();
    await toast('User removed');
    await page.getByText('Dora Developer').waitFor({ state: 'detached' });
    expect(await member()).toBeUndefined();
  });

  it('webhooks: the rotated secret is shown once and signs the next delivery; the log filters like the API; redeliver sends it again', async () => {
    await asReseller();
    const verify = docsVerifier();
    const [receiver, other] = await Promise.all([startReceiver(), startReceiver()]);
    receivers.push(receiver, other);
    const endpoint = await registerEndpoint(gw, reseller.managementKey, receiver, ['customer.suspended', 'key.rotated']);
    const otherEndpoint = await registerEndpoint(gw, reseller.managementKey, other, ['customer.suspended']);

    await page.goto('/console/webhooks');
    await page.getByRole('button', { name: `Rotate secret of ${receiver.url}/hook` }).click();
    await dialog().getByRole('button', { name: 'Rotate secret' }).click();
    // Shown once, above the endpoints, naming the endpoint it signs for.
    await page.getByRole('heading', { name: `New signing secret of ${receiver.url}/hook` }).waitFor();
    const secret = await page.getByTestId('secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    await capture(page, 'console-webhook-secret-rotated');
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.getByTestId('secret-value').waitFor({ state: 'detached' });

    // Two events: a customer suspended (both endpoints), a key rotated (the first only).
    const customer = (await api('POST', '/customers', { name: 'Hooked Ltd' })).body;
    expect((await api('POST', `/customers/${customer.id}/suspend`)).status).toBe(200);
    const key = (await api('POST', '/keys', { name: 'rotated for the hook' })).body;
    expect((await api('POST', `/keys/${key.id}/rotate`, {})).status).toBe(201);
    await receiver.waitForRequests(2);
    await other.waitForRequests(1);
    for (const req of receiver.received) expect(verify(secret, req.headers, req.body)).toBe(true);
    const all = await waitFor('three delivered', async () => {
      const rows = await deliveries(gw, reseller.managementKey);
      return rows.filter((d) => d.state === 'delivered').length >= 3 ? rows : null;
    });

    // The filters go to the address bar and to the API; the rows are the API's.
    await page.reload();
    const listed = page.getByRole('table', { name: 'Webhook deliveries' }).locator('tbody tr');
    await waitFor('every delivery listed', async () => (await listed.count()) === all.length);
    const filtered = (query: string) =>
      page.waitForResponse((res: Response) => res.url().includes('/webhook-deliveries?') && res.url().includes(query));
    let answered = filtered('event=key.rotated');
    await page.getByLabel('Event', { exact: true }).selectOption('key.rotated');
    await answered;
    await page.waitForURL('**event=key.rotated**');
    await waitFor('key.rotated rows only', async () => (await listed.count()) === 1);
    expect(await listed.first().innerText()).toContain('key.rotated');
    await page.getByLabel('Event', { exact: true }).selectOption('');
    answered = filtered(`endpoint_id=${otherEndpoint.id}`);
    await page.getByLabel('Endpoint').selectOption(otherEndpoint.id);
    await answered;
    const ofOther = await deliveries(gw, reseller.managementKey, `endpoint_id=${otherEndpoint.id}`);
    expect(ofOther).toHaveLength(1);
    await waitFor('the other endpoint’s rows only', async () => (await listed.count()) === 1);
    expect(await listed.first().innerText()).toContain(`${other.url}/hook`);
    answered = filtered('state=failed');
    await page.getByLabel('State').selectOption('failed');
    await answered;
    await page.getByRole('heading', { name: 'No deliveries' }).waitFor();
    await capture(page, 'console-webhook-log-filtered');

    // Redeliver: the receiver gets the same delivery again, the log counts a second attempt.
    await page.getByLabel('State').selectOption('delivered');
    await listed
      .first()
      .getByRole('button', { name: /^Details of delivery/ })
      .click();
    await dialog().getByRole('button', { name: 'Redeliver now' }).click();
    await toast('Delivery queued again');
    await other.waitForRequests(2);
    expect(other.received[1].headers['webhook-id']).toBe(other.received[0].headers['webhook-id']);
    const [delivery] = ofOther;
    const again = await waitForDelivery(gw, reseller.managementKey, delivery.id, (d) => d.attempts.length === 2 && d.state === 'delivered');
    expect(again.attempt_count).toBe(2);
  });
});
