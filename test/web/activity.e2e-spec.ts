import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GatewayHarness } from '../support/gateway-harness';
import { waitFor } from '../support/wait-for';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { signInOperator, signUpTenant, useSession, type TenantOwner } from './support/signed-in';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

interface Entry {
  id: string;
  tenant_id: string | null;
  actor_kind: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
}

/**
 * The activity pages (test/web/README.md, `activity pages`): the operator's `/admin/activity`
 * (every tenant, filtered by tenant, kind, actor and day) and a tenant's `/console/activity` (its
 * own only), each change said in words with its money formatted as everywhere else: when, who,
 * what, before → after, a price below cost marked.
 */
describe('activity pages', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let admin: { context: BrowserContext; problems: PageProblems; page: Page };
  let tenant: { context: BrowserContext; problems: PageProblems; page: Page };
  let a: TenantOwner;
  let b: TenantOwner;
  /** The signed-in users' emails, as the log records them. */
  let ownerEmail: string;
  let operatorEmail: string;
  /** Billed per call: the tenants' list cost is $0.0015. */
  let slug: string;
  const suffix = Math.random().toString(36).slice(2, 8);
  const nameA = `Activity A ${suffix}`;

  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([GatewayHarness.start(), launchBrowser()]);
    ({ slug } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator', name: 'sim' }] }));
    const open = async () => {
      const { context, problems } = await newContext(browser, gw.url);
      return { context, problems, page: await context.newPage() };
    };
    [admin, tenant] = [await open(), await open()];
    const operator = await signInOperator(gw);
    await useSession(admin.context, gw, operator);
    a = await signUpTenant(gw, { organization: nameA, kind: 'reseller' });
    const emailOf = async (user: typeof operator) =>
      ((await user.console('GET', '/session')).body as { user: { email: string } }).user.email;
    [ownerEmail, operatorEmail] = [await emailOf(a.owner), await emailOf(operator)];
    b = await signUpTenant(gw, { organization: `Activity B ${suffix}`, kind: 'reseller' });
    await useSession(tenant.context, gw, a.owner);
    // A's owner prices the endpoint, then lowers it below cost; the operator sets A's budget; B prices too.
    expect((await a.owner.reseller('PUT', `/prices/${slug}`, { price_usd_per_unit: '0.002' })).status).toBe(200);
    expect((await a.owner.reseller('PUT', `/prices/${slug}`, { price_usd_per_unit: '0.001' })).status).toBe(200);
    expect((await gw.admin('PUT', `/tenants/${a.tenantId}/budget`, { period: 'monthly', cap_usd: '25' })).status).toBe(200);
    expect((await b.owner.reseller('PUT', `/prices/${slug}`, { price_usd_per_unit: '0.003' })).status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  afterEach(() => {
    const seen = [...admin.problems.list(), ...tenant.problems.list()];
    admin.problems.clear();
    tenant.problems.clear();
    expect(seen).toEqual([]);
  });

  const adminEntries = async (query: string): Promise<Entry[]> => {
    const res = await gw.admin<{ data: Entry[] }>('GET', `/activity?limit=100&${query}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const rows = (page: Page) => page.getByRole('table', { name: 'Changes, newest first' }).locator('tbody tr');
  const rowCount = (page: Page, count: number) =>
    waitFor(`${count} changes on the page`, async () => (await rows(page).count()) === count && !(await page.locator('.loading').count()));

  it('admin: every change with who, what and before → after in words; filtered by tenant, kind, actor and day', async () => {
    const { page } = admin;
    const ofA = await adminEntries(`tenant_id=${a.tenantId}`);
    const prices = ofA.filter((e) => e.entity_type === 'price');
    expect(prices.map((e) => e.action)).toEqual(['price.update', 'price.create']);
    expect(prices[0]).toMatchObject({ actor_kind: 'tenant_user', actor_id: expect.any(String), actor_email: ownerEmail });

    // The tenant filter, picked by name as one types; applied, it is in the address bar.
    await page.goto('/admin/activity');
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Tenant' }).fill(nameA);
    await page.getByRole('option', { name: nameA, exact: true }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('tenant_id') === a.tenantId);
    await rowCount(page, ofA.length);

    // The price lowered below cost: who, what, before → after with the meter's unit, the cost named.
    const lowered = rows(page).filter({ hasText: `price of ${slug} (Calls) changed` });
    expect(await lowered.count()).toBe(1);
    const text = await lowered.innerText();
    expect(text).toContain(ownerEmail);
    expect(text).toContain(nameA);
    expect(text).toContain('Price: $0.002 / call → $0.001 / call');
    expect(text).toContain('Below cost');
    expect(text).toContain('cost $0.0015 / call');
    const created = await rows(page)
      .filter({ hasText: `price of ${slug} (Calls) set` })
      .innerText();
    expect(created).toContain('Price: none → $0.002 / call');
    expect(created).not.toContain('Below cost');
    // The operator's budget, by the admin token, money as the app writes it.
    const budget = await rows(page).filter({ hasText: 'budget set' }).innerText();
    expect(budget).toContain('The operator (admin token)');
    expect(budget).toContain('Cap: none → $25.00');
    expect(budget).toContain('Period: none → monthly');
    await capture(page, 'admin-activity');

    // The kind: budgets only.
    await page.getByLabel('Kind of change').selectOption('budget');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('entity_type') === 'budget');
    await rowCount(page, ofA.filter((e) => e.entity_type === 'budget').length);
    expect(await rows(page).first().innerText()).toContain('budget set');

    // The actor: the owner's button keeps the tenant and narrows to the owner's changes (signing up, two prices).
    await page.goto(`/admin/activity?tenant_id=${a.tenantId}`);
    await rowCount(page, ofA.length);
    await page
      .getByRole('button', { name: `Only the changes by ${ownerEmail}` })
      .first()
      .click();
    await page.waitForURL((url) => url.searchParams.get('actor_id') === prices[0].actor_id);
    const byOwner = ofA.filter((e) => e.actor_id === prices[0].actor_id);
    expect(byOwner.map((e) => e.action)).toEqual(['price.update', 'price.create', 'tenant.create']);
    await rowCount(page, byOwner.length);
    await rows(page)
      .filter({ hasText: `Tenant ${nameA} created` })
      .waitFor();
    expect(await page.getByRole('table').innerText()).not.toContain('admin token');

    // The day range: from tomorrow, nothing; from today, the owner's again.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From (UTC day)').fill(day(1));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('heading', { name: 'No change matches' }).waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBe(day(1));
    await page.getByLabel('From (UTC day)').fill(day(0));
    await page.getByLabel('Until (UTC day)').fill(day(0));
    await page.getByRole('button', { name: 'Apply' }).click();
    await rowCount(page, byOwner.length);
    await capture(page, 'admin-activity-filtered');
  });

  it('console: a tenant sees its own changes only (the operator’s of its account included), in words, and filters them', async () => {
    const { page } = tenant;
    const own = (await a.owner.reseller('GET', '/activity?limit=100')).body as { data: Entry[] };
    expect(own.data.length).toBeGreaterThanOrEqual(3);
    expect(own.data.every((e) => e.tenant_id === a.tenantId)).toBe(true);

    await page.goto('/console/activity');
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    await rowCount(page, own.data.length);
    const table = await page.getByRole('table', { name: 'Changes, newest first' }).innerText();
    expect(table).toContain(`Your price of ${slug} (Calls) changed`);
    expect(table).toContain('Price: $0.002 / call → $0.001 / call');
    expect(table).toContain('Your account’s budget set');
    // B's price ($0.003) is B's alone.
    expect(table).not.toContain('$0.003');
    expect(await page.getByLabel('Tenant').count()).toBe(0);
    await capture(page, 'console-activity');

    await page.getByLabel('Kind of change').selectOption('price');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('entity_type') === 'price');
    await rowCount(page, 2);

    // B, in the same browser, sees its one price and nothing of A's.
    const ofB = (await b.owner.reseller('GET', '/activity?limit=100')).body as { data: Entry[] };
    await useSession(tenant.context, gw, b.owner);
    await page.goto('/console/activity?entity_type=price');
    await rowCount(page, ofB.data.filter((e) => e.entity_type === 'price').length);
    const seenByB = await page.getByRole('table', { name: 'Changes, newest first' }).innerText();
    expect(seenByB).toContain('none → $0.003 / call');
    expect(seenByB).not.toContain('$0.002');
    await useSession(tenant.context, gw, a.owner);
  });

  it('console: a customer’s price below cost shows the loss live and asks first; Cancel saves nothing, confirming saves, logged below cost by the owner', async () => {
    const { page } = tenant;
    const customer = await a.owner.reseller('POST', '/customers', { name: `Below ${suffix}` });
    expect(customer.status).toBe(201);
    const id = (customer.body as { id: string }).id;
    const logged = await adminEntries(`tenant_id=${a.tenantId}`);
    await page.goto(`/console/customers/${id}`);
    await page.getByRole('button', { name: `Set the price of ${slug} per call` }).click();
    const form = page.locator('dialog[open]', {
      has: page.getByRole('heading', { name: `Price of ${slug} per call for Below ${suffix}` }),
    });
    // The negative margin as it is typed: the cost is the list price $0.0015 (no plan, no discount).
    await form.getByLabel('USD per call').fill('0.0005');
    expect(await form.getByTestId('dialog-margin').innerText()).toBe('-$0.001');
    expect(await form.getByTestId('dialog-margin').getAttribute('class')).toBe('loss');
    await form.getByRole('button', { name: 'Save price' }).click();
    const warning = page.locator('dialog[open]', { has: page.getByRole('heading', { name: `Price ${slug} below your cost?` }) });
    await warning.waitFor();
    expect(await warning.innerText()).toContain(`you would lose $0.001 on every call Below ${suffix} uses`);
    await capture(page, 'console-customer-price-below-cost');
    // Cancel: nothing saved, nothing logged.
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    expect((await a.owner.reseller('GET', `/customers/${id}/prices`)).body).toMatchObject({ data: [] });
    expect(await adminEntries(`tenant_id=${a.tenantId}`)).toEqual(logged);
    // Confirmed: saved, and logged by the signed-in owner with the cost it is below.
    await form.getByRole('button', { name: 'Save price' }).click();
    await warning.getByRole('button', { name: 'Save below cost' }).click();
    await form.waitFor({ state: 'detached' });
    expect((await a.owner.reseller('GET', `/customers/${id}/prices`)).body).toMatchObject({
      data: [expect.objectContaining({ slug, price_usd_per_unit: '0.0005' })],
    });
    const [entry] = await adminEntries(`tenant_id=${a.tenantId}`);
    expect(entry).toMatchObject({
      action: 'price.create',
      actor_kind: 'tenant_user',
      actor_email: ownerEmail,
      entity_id: `customer:${id}:${slug}:calls`,
      before: null,
      after: { price_usd_per_unit: '0.0005', below_cost: true, cost_usd_per_unit: '0.0015' },
    });
    await page.goto('/console/activity?entity_type=price');
    const row = rows(page).filter({ hasText: `Below ${suffix}’s price of ${slug} (Calls) set` });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Price: none → \$0\.0005 \/ call[\s\S]*Below cost[\s\S]*cost \$0\.0015 \/ call/);
    expect(await row.innerText()).toContain(ownerEmail);
  });

  it('admin: a resale below wholesale shows the negative margin live and asks first; Cancel saves nothing, confirming saves, logged below cost by the operator', async () => {
    const { page } = admin;
    // An endpoint of its own (wholesale $0.001, resale $0.0015): the other tests' tenants keep their cost.
    const { slug: own } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator', name: 'sim' }] });
    const resaleNow = async () =>
      ((await gw.admin('GET', `/catalog/${own}`)).body as { prices: Array<{ resale_usd_per_unit: string }> }).prices[0].resale_usd_per_unit;
    const logged = () => adminEntries(`entity_type=catalog_price&entity_id=${own}:calls`);
    await page.goto(`/admin/catalog/${own}`);
    const settings = page.locator('section', { has: page.getByRole('heading', { name: 'Prices and settings' }) });
    await settings.getByLabel('Resale (USD)').fill('0.0008');
    const margin = settings.getByTestId('meter-margin');
    expect(await margin.innerText()).toBe('-$0.0002 (-25 % of resale)');
    expect(await margin.getAttribute('class')).toBe('loss');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    const warning = page.locator('dialog[open]', { has: page.getByRole('heading', { name: `Sell ${own} below cost?` }) });
    await warning.waitFor();
    expect(await warning.innerText()).toContain('resale $0.0008 is below wholesale $0.001: you lose $0.0002 per call');
    await capture(page, 'admin-endpoint-below-cost');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(await resaleNow()).toBe('0.0015');
    expect(await logged()).toEqual([]);

    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await warning.getByRole('button', { name: 'Save below cost' }).click();
    await page.getByText('Endpoint saved; it applies at once').waitFor();
    expect(await resaleNow()).toBe('0.0008');
    const entries = await logged();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'catalog_price.update',
      tenant_id: null,
      actor_kind: 'operator_user',
      actor_email: operatorEmail,
      before: { resale_usd_per_unit: '0.0015' },
      after: { resale_usd_per_unit: '0.0008', below_cost: true, cost_usd_per_unit: '0.001' },
    });

    await page.goto(`/admin/activity?entity_id=${own}:calls`);
    await rowCount(page, 1);
    const text = await rows(page).first().innerText();
    expect(text).toContain(`${operatorEmail} (operator)`);
    expect(text).toContain(`Catalog price of ${own} (Calls) changed`);
    expect(text).toContain('Resale: $0.0015 / call → $0.0008 / call');
    expect(text).toMatch(/Below cost[\s\S]*cost \$0\.001 \/ call/);
    await capture(page, 'admin-activity-catalog-below-cost');
  });
  it('admin: a new endpoint priced below cost asks first; Cancel adds nothing and logs nothing, confirming adds it, logged below cost', async () => {
    const { page } = admin;
    const operation = `below_${suffix}`;
    const own = `infra.${operation}`;
    const logged = () => adminEntries(`entity_type=catalog_price&entity_id=${own}:calls`);
    const exists = async () => (await gw.admin('GET', `/catalog/${own}`)).status;
    await page.goto('/admin/catalog/new');
    await page.getByRole('heading', { name: 'New endpoint', level: 1 }).waitFor();
    await page.getByLabel('Category').selectOption('infra');
    await page.getByLabel('Operation').fill(operation);
    await page.getByLabel('Wholesale (USD)').fill('0.001');
    await page.getByLabel('Resale (USD)').fill('0.0008');
    const margin = page.getByTestId('meter-margin');
    expect(await margin.innerText()).toBe('-$0.0002 (-25 % of resale)');
    expect(await margin.getAttribute('class')).toBe('loss');
    await page.getByLabel('Default limit per window').fill('100');
    await page.getByLabel('Name', { exact: true }).fill('local');
    // Never called: adding an endpoint does not reach its upstream.
    await page.getByLabel('Base URL').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const warning = page.locator('dialog[open]', { has: page.getByRole('heading', { name: `Sell ${own} below cost?` }) });
    await warning.waitFor();
    expect(await warning.innerText()).toContain('resale $0.0008 is below wholesale $0.001: you lose $0.0002 per call');
    await capture(page, 'admin-endpoint-new-below-cost');
    // Cancel: nothing added, nothing logged, the form as it was.
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(await exists()).toBe(404);
    expect(await logged()).toEqual([]);
    expect(page.url()).toMatch(/\/admin\/catalog\/new$/);
    expect(await page.getByLabel('Resale (USD)').inputValue()).toBe('0.0008');

    // Confirmed: added at that price, and logged below cost by the signed-in operator.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await warning.getByRole('button', { name: 'Save below cost' }).click();
    await page.waitForURL(`**/admin/catalog/${own}`);
    await page.getByRole('heading', { name: own, level: 1 }).waitFor();
    expect((await gw.admin('GET', `/catalog/${own}`)).body).toMatchObject({
      wholesale_usd_per_unit: '0.001',
      resale_usd_per_unit: '0.0008',
    });
    const entries = await logged();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'catalog_price.create',
      tenant_id: null,
      actor_kind: 'operator_user',
      actor_email: operatorEmail,
      before: null,
      after: { wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.0008', below_cost: true, cost_usd_per_unit: '0.001' },
    });
    await page.goto(`/admin/activity?entity_id=${own}:calls`);
    await rowCount(page, 1);
    const text = await rows(page).first().innerText();
    expect(text).toContain(`Catalog price of ${own} (Calls) set`);
    expect(text).toMatch(/Below cost[\s\S]*cost \$0\.001 \/ call/);
    await capture(page, 'admin-activity-new-endpoint-below-cost');
  });

  it('admin: a model priced below cost asks first, naming the model; Cancel saves nothing and logs nothing, confirming saves, logged below cost', async () => {
    const { page } = admin;
    const { slug: own } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator', name: 'sim' }] });
    const modelsNow = async () => ((await gw.admin('GET', `/catalog/${own}`)).body as { models: unknown[] }).models;
    const logged = () => adminEntries(`entity_type=catalog_price&entity_id=${own}:calls:model:cheap`);
    await page.goto(`/admin/catalog/${own}`);
    const models = page.locator('section', { has: page.getByRole('heading', { name: 'Models', exact: true, level: 2 }) });
    await models.getByText('No models').waitFor();
    await models.getByRole('button', { name: 'Edit models' }).click();
    await models.getByRole('button', { name: 'Add a model' }).click();
    const row = models.locator('fieldset').last();
    await row.getByLabel('Model name').fill('cheap');
    await row.getByLabel('Wholesale (USD)').fill('0.002');
    await row.getByLabel('Resale (USD)').fill('0.0015');
    expect(await row.getByTestId('meter-margin').innerText()).toBe('-$0.0005 (-33.33 % of resale)');
    expect(await row.getByTestId('meter-margin').getAttribute('class')).toBe('loss');
    await models.getByRole('button', { name: 'Save models' }).click();
    const warning = page.locator('dialog[open]', { has: page.getByRole('heading', { name: `Sell ${own} model cheap below cost?` }) });
    await warning.waitFor();
    expect(await warning.innerText()).toContain('resale $0.0015 is below wholesale $0.002: you lose $0.0005 per call');
    await capture(page, 'admin-endpoint-models-below-cost');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(await modelsNow()).toEqual([]);
    expect(await logged()).toEqual([]);
    // The form stays open as it was.
    expect(await row.getByLabel('Resale (USD)').inputValue()).toBe('0.0015');

    await models.getByRole('button', { name: 'Save models' }).click();
    await warning.getByRole('button', { name: 'Save below cost' }).click();
    await models.getByRole('button', { name: 'Edit models' }).waitFor();
    expect(await modelsNow()).toEqual([
      expect.objectContaining({ name: 'cheap', wholesale_usd_per_unit: '0.002', resale_usd_per_unit: '0.0015' }),
    ]);
    const entries = await logged();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'catalog_price.create',
      tenant_id: null,
      actor_kind: 'operator_user',
      actor_email: operatorEmail,
      before: null,
      after: { wholesale_usd_per_unit: '0.002', resale_usd_per_unit: '0.0015', below_cost: true, cost_usd_per_unit: '0.002' },
    });
    await page.goto(`/admin/activity?entity_id=${own}:calls:model:cheap`);
    await rowCount(page, 1);
    const text = await rows(page).first().innerText();
    expect(text).toContain(`Catalog price of ${own} model cheap (Calls) set`);
    expect(text).toMatch(/Below cost[\s\S]*cost \$0\.002 \/ call/);
  });
});
