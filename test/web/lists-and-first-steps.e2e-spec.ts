import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { GatewayHarness } from '../support/gateway-harness';
import type { TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';
import { deliveries, registerEndpoint, startReceiver, webhookEnv } from '../support/webhook-fixtures';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { signInOperator, signUpTenant, useSession, type TenantOwner } from './support/signed-in';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * Small things that make the console and the admin area usable (test/web/README.md, `lists and first
 * steps`): the plan form silent until touched, the search boxes of the lists the API searches (`q`,
 * in the address bar), the console's "Get going" steps checked from the API, and a webhook
 * endpoint's "Send test event" with its delivery in the log (a real receiver on 127.0.0.1).
 */
describe('lists and first steps', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let admin: { context: BrowserContext; problems: PageProblems; page: Page };
  let tenant: { context: BrowserContext; problems: PageProblems; page: Page };
  let reseller: TenantOwner;
  let receiver: TestUpstream;
  const suffix = Math.random().toString(36).slice(2, 8);

  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser, receiver] = await Promise.all([GatewayHarness.start(webhookEnv()), launchBrowser(), startReceiver()]);
    const open = async () => {
      const { context, problems } = await newContext(browser, gw.url);
      return { context, problems, page: await context.newPage() };
    };
    [admin, tenant] = [await open(), await open()];
    await useSession(admin.context, gw, await signInOperator(gw));
    reseller = await signUpTenant(gw, { organization: `Steps ${suffix}`, kind: 'reseller' });
    await useSession(tenant.context, gw, reseller.owner);
  });

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await receiver?.close();
  });

  afterEach(() => {
    const seen = [...admin.problems.list(), ...tenant.problems.list()];
    admin.problems.clear();
    tenant.problems.clear();
    expect(seen).toEqual([]);
  });

  it('the plan form shows no problem before anything is typed; a field’s problem after it is left, all of them on submit', async () => {
    const { page } = admin;
    const dialog = page.locator('dialog[open]');
    await page.goto('/admin/plans');
    await page.getByRole('button', { name: 'New plan' }).click();
    await dialog.getByLabel('Name').waitFor();
    expect(await dialog.locator('.error-text, [aria-invalid="true"], [role="alert"]').count()).toBe(0);
    await capture(page, 'admin-plan-form-fresh');

    // Left empty: the name's problem, tied to its field; typing a name clears it.
    await dialog.getByLabel('Name').focus();
    await dialog.getByLabel('Monthly fee (USD)').focus();
    await dialog.getByText('A plan needs a name.').waitFor();
    expect(await dialog.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText('The monthly fee must be').count()).toBe(0);
    await dialog.getByLabel('Name').fill(`Form ${suffix}`);
    await waitFor('the name problem to clear', async () => (await dialog.getByText('A plan needs a name.').count()) === 0);

    // Submitted with a bad fee never left: its problem shows, nothing is created.
    await dialog.getByLabel('Monthly fee (USD)').fill('abc');
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await dialog.getByText('The monthly fee must be an amount in USD (at most 12 decimals).').waitFor();
    expect(await dialog.getByLabel('Monthly fee (USD)').getAttribute('aria-invalid')).toBe('true');
    await capture(page, 'admin-plan-form-problems');
    const plans = (await gw.admin('GET', '/plans?limit=500')).body.data as Array<{ name: string }>;
    expect(plans.some((p) => p.name === `Form ${suffix}`)).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  /** The problems of a 400 invalid_request answer, as the API words them. */
  const problemsOf = (res: { status: number; body: unknown }): string[] => {
    expect(res.status).toBe(400);
    return (res.body as { error: { details: { problems: string[] } } }).error.details.problems;
  };
  /** The API's problem that starts with `path` (the property it is about). */
  const problemOn = (problems: string[], path: string): string => {
    const found = problems.find((p) => p.startsWith(`${path} `));
    expect(found).toBeTruthy();
    return found!;
  };
  /**
   * The API's `message` is shown on the field labelled `label` in `form`, tied to it (aria-invalid, its id in
   * aria-describedby), and not repeated in the notice under the form; one character typed into the field
   * removes the message and both attributes.
   */
  const apiProblemOnField = async (form: Locator, label: string, message: string) => {
    const field = form.getByLabel(label, { exact: true });
    // `has` takes a locator relative to the `.field` it filters: one from the page, not from `form`.
    const error = form.locator('.field', { has: form.page().getByLabel(label, { exact: true }) }).locator('.error-text');
    await error.waitFor();
    expect(await error.innerText()).toBe(message);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const errorId = await error.getAttribute('id');
    expect(errorId).toBeTruthy();
    expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    expect(await form.getByRole('alert').innerText()).not.toContain(message);
    /** Types `typed` at the end of the field (one the form's own checks accept, so only the API's message is at stake). */
    return async (typed = 'x') => {
      await field.press('End');
      await field.pressSequentially(typed);
      await error.waitFor({ state: 'detached' });
      expect(await field.getAttribute('aria-invalid')).toBeNull();
      expect((await field.getAttribute('aria-describedby')) ?? '').not.toContain(errorId!);
    };
  };

  it('the plan form: what the API refuses shows on the field it is about, tied to it until the next input into it; nothing is created', async () => {
    const { page, problems } = admin;
    const name = `Long ${suffix} ${'n'.repeat(100)}`;
    // The same body the form sends: the name past 100 characters, the ceiling past the largest limit (the form's own checks pass both).
    const refused = problemsOf(await gw.admin('POST', '/plans', { name, monthly_fee_usd: '0', request_limit_per_window: 99_999_999_999 }));
    const nameProblem = problemOn(refused, 'name');
    const ceilingProblem = problemOn(refused, 'request_limit_per_window');
    await page.goto('/admin/plans');
    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Request ceiling per window').fill('99999999999');
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    const clearName = await apiProblemOnField(dialog, 'Name', nameProblem);
    const clearCeiling = await apiProblemOnField(dialog, 'Request ceiling per window', ceilingProblem);
    expect(await dialog.getByRole('alert').innerText()).toContain('Please check the form.');
    await capture(page, 'admin-plan-form-api-problems');
    // Typing into one field clears its message only.
    await clearName();
    expect(await dialog.getByLabel('Request ceiling per window').getAttribute('aria-invalid')).toBe('true');
    // Still past the largest limit, but the API has not said so of this value: its message goes until the next answer.
    await clearCeiling('9');
    const plans = (await gw.admin('GET', '/plans?limit=500')).body.data as Array<{ name: string }>;
    expect(plans.some((p) => p.name.startsWith(`Long ${suffix}`))).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The browser logged the API's 400: the answer this test provoked, and the only one.
    expect(problems.list()).toEqual([expect.stringContaining('status of 400')]);
    problems.clear();
  });

  it('the customer forms: what the API refuses shows on the field it is about, tied to it until the next input into it, when adding and editing', async () => {
    const { page, problems } = tenant;
    const badId = `crm ${suffix}`;
    const refused = problemsOf(await reseller.owner.reseller('POST', '/customers', { name: 'n'.repeat(201), external_id: badId }));
    const nameProblem = problemOn(refused, 'name');
    const idProblem = problemOn(refused, 'external_id');
    const before = ((await reseller.owner.reseller('GET', '/customers?limit=100')).body as { data: unknown[] }).data.length;

    await page.goto('/console/customers');
    await page.getByRole('button', { name: 'New customer' }).first().click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByLabel('Name').fill('n'.repeat(201));
    await dialog.getByLabel('Your id for it (optional)').fill(badId);
    await dialog.getByRole('button', { name: 'Create customer' }).click();
    const clearName = await apiProblemOnField(dialog, 'Name', nameProblem);
    const clearId = await apiProblemOnField(dialog, 'Your id for it (optional)', idProblem);
    await capture(page, 'console-customer-new-api-problems');
    await clearId();
    expect(await dialog.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await clearName();
    expect(((await reseller.owner.reseller('GET', '/customers?limit=100')).body as { data: unknown[] }).data).toHaveLength(before);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Its details' edit: the same for the id.
    const created = await reseller.owner.reseller('POST', '/customers', { name: `Edited ${suffix}` });
    const id = (created.body as { id: string }).id;
    await page.goto(`/console/customers/${id}`);
    const details = page.locator('section', { has: page.getByRole('heading', { name: 'Details', exact: true }) });
    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    await details.getByLabel('Your id for it').fill(badId);
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    const clearEditedId = await apiProblemOnField(details, 'Your id for it', idProblem);
    await capture(page, 'console-customer-edit-api-problems');
    await clearEditedId();
    expect((await reseller.owner.reseller('GET', `/customers/${id}`)).body).toMatchObject({ external_id: null });
    await details.getByRole('button', { name: 'Cancel' }).click();
    expect(problems.list()).toEqual([expect.stringContaining('status of 400'), expect.stringContaining('status of 400')]);
    problems.clear();
  });

  it('admin tenants: the search box sets ?q= (once typing pauses) and lists exactly the tenants whose name starts with it', async () => {
    const { page } = admin;
    const names = [`Zephyr ${suffix} One`, `Zephyr ${suffix} Two`, `Other ${suffix}`];
    for (const name of names) expect((await gw.admin('POST', '/tenants', { name })).status).toBe(201);
    await page.goto('/admin/tenants');
    await page.getByLabel('Search').fill(`zephyr ${suffix}`);
    await page.waitForURL((url) => url.searchParams.get('q') === `zephyr ${suffix}`);
    const shown = () => page.locator('table tbody tr td:first-child .cell-title').allInnerTexts();
    await waitFor('the search to apply', async () => JSON.stringify((await shown()).sort()) === JSON.stringify(names.slice(0, 2).sort()));
    await capture(page, 'admin-tenants-search');
    // Reloaded, the search is still there.
    await page.reload();
    expect(await page.getByLabel('Search').inputValue()).toBe(`zephyr ${suffix}`);
    await page.getByLabel('Search').fill(`nobody ${suffix}`);
    await page.getByRole('heading', { name: `No tenant matches “nobody ${suffix}”` }).waitFor();
  });

  it('console customers: the search box finds by name prefix or exact external id, in ?q=', async () => {
    const { page } = tenant;
    for (const [name, external_id] of [
      ['Ada Labs', `crm-ada-${suffix}`],
      ['Adams & Co', null],
      ['Bob Corp', `crm-bob-${suffix}`],
    ])
      expect((await reseller.owner.reseller('POST', '/customers', { name, ...(external_id ? { external_id } : {}) })).status).toBe(201);
    await page.goto('/console/customers');
    const shown = () => page.locator('table tbody tr td:first-child .cell-title').allInnerTexts();
    await page.getByLabel('Search').fill('ada');
    await page.waitForURL((url) => url.searchParams.get('q') === 'ada');
    await waitFor(
      'the name search to apply',
      async () => JSON.stringify((await shown()).sort()) === JSON.stringify(['Ada Labs', 'Adams & Co']),
    );
    await capture(page, 'console-customers-search');
    await page.getByLabel('Search').fill(`crm-bob-${suffix}`);
    await waitFor('the external id search to apply', async () => JSON.stringify(await shown()) === JSON.stringify(['Bob Corp']));
  });

  it('“Get going” on a fresh reseller account: every step to do, then done (in words) once the API holds it', async () => {
    const fresh = await signUpTenant(gw, { organization: `Fresh ${suffix}`, kind: 'reseller' });
    // A browser of its own: the suite's tenant page stays signed in to the suite's reseller.
    const own = await newContext(browser, gw.url);
    const page = await own.context.newPage();
    await useSession(own.context, gw, fresh.owner);
    const steps = page.getByRole('list', { name: 'First steps' }).locator('li');
    const states = async () =>
      Object.fromEntries(
        await steps.evaluateAll((items) => items.map((li) => [li.getAttribute('data-step'), li.querySelector('.badge')?.textContent])),
      );
    const checked = async (count: number) => {
      await waitFor('the steps to be checked', async () => {
        const now = Object.values(await states());
        return now.length === count && !now.includes('Checking');
      });
    };
    await page.goto('/console');
    await checked(5);
    expect(await states()).toEqual({ key: 'To do', call: 'To do', customer: 'To do', customerKey: 'To do', prices: 'To do' });
    await page.getByText('0 of 5 steps done').waitFor();
    await capture(page, 'console-get-going-fresh');

    const key = await fresh.owner.reseller('POST', '/keys', { name: 'first' });
    expect(key.status).toBe(201);
    expect((await gw.call('infra.dns', { key: key.body.key, body: { domain: 'example.com' } })).status).toBe(200);
    await gw.flushAudit();
    const customer = await fresh.owner.reseller('POST', '/customers', { name: 'First customer' });
    expect((await fresh.owner.reseller('POST', `/customers/${customer.body.id}/keys`, { name: 'theirs' })).status).toBe(201);
    await page.reload();
    await checked(5);
    expect(await states()).toEqual({ key: 'Done', call: 'Done', customer: 'Done', customerKey: 'Done', prices: 'To do' });
    await page.getByText('4 of 5 steps done').waitFor();

    expect((await fresh.owner.reseller('PUT', '/markups/vision.ocr', { markup_bps: 2000 })).status).toBe(200);
    await page.reload();
    await page.getByText('5 of 5 steps done').waitFor();
    expect(Object.values(await states())).toEqual(['Done', 'Done', 'Done', 'Done', 'Done']);
    await capture(page, 'console-get-going-done');

    // A direct account has the two common steps only.
    const direct = await signUpTenant(gw, { organization: `Direct ${suffix}`, kind: 'direct' });
    await useSession(own.context, gw, direct.owner);
    await page.goto('/console');
    await page.getByText('0 of 2 steps done').waitFor();
    await checked(2);
    expect(Object.keys(await states())).toEqual(['key', 'call']);
    const seen = own.problems.list();
    await own.context.close();
    expect(seen).toEqual([]);
  });

  it('webhooks: “Send test event” delivers a signed test event to that endpoint, and the log shows it delivered', async () => {
    const { page } = tenant;
    const endpoint = await registerEndpoint(gw, reseller.managementKey, receiver, ['key.rotated']);
    const url = `${receiver.url}/hook`;
    await page.goto('/console/webhooks');
    await page.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await page.getByText('Test event sent').waitFor();
    await receiver.waitForRequests(1);
    const body = JSON.parse(receiver.received[0].body);
    expect(body).toMatchObject({ type: 'test', data: { endpoint: { id: endpoint.id, url } } });
    expect(receiver.received[0].headers['webhook-signature']).toMatch(/^v1,/);
    // Delivered as the API says, then the page read again shows it so.
    await waitFor(
      'the API to hold the test delivery as delivered',
      async () => (await deliveries(gw, reseller.managementKey, `endpoint_id=${endpoint.id}&event=test`))[0]?.state === 'delivered',
      15_000,
    );
    await page.reload();
    const row = page.getByRole('table', { name: 'Webhook deliveries' }).locator('tbody tr', { hasText: 'test' }).filter({ hasText: url });
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toMatch(/delivered/i);
    expect(await row.innerText()).toContain('HTTP 200');
    await capture(page, 'console-webhook-test-event');
  });
});
