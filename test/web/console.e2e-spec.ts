import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { GatewayHarness } from '../support/gateway-harness';
import { waitFor } from '../support/wait-for';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { usdText } from './support/money-text';
import { signUpTenant, tenantUser, useSession, type TenantOwner } from './support/signed-in';
import { visitEveryNavEntry } from './support/navigation';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * The console's pages in a real browser, for a reseller tenant: keys, customers, prices, budgets,
 * limits, the audit trail, usage charts, webhooks, plan, team. Every action is checked where it
 * lands (the reseller API, the gateway), destructive ones through their confirmation dialog.
 * The browser carries a real console session (support/signed-in.ts): every change the pages make
 * goes through the session cookie and its CSRF token, as a signed-in user's would.
 */
describe('console', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let context: BrowserContext;
  let problems: PageProblems;
  let page: Page;
  let reseller: TenantOwner;

  const api = (method: string, path: string, body?: unknown) => gw.reseller(reseller.managementKey, method, path, body);
  /** The confirmation dialog that is open now. */
  const dialog = () => page.locator('dialog[open]');

  // Its own hook: a stale build is rebuilt first, which takes longer than a test.
  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([GatewayHarness.start(), launchBrowser()]);
    reseller = await signUpTenant(gw, { organization: 'Resell Co', kind: 'reseller' });
    ({ context, problems } = await newContext(browser, gw.url));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await useSession(context, gw, reseller.owner);
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

  it('keys: a new key is shown once with a copy button, listed, and calls the gateway', async () => {
    await page.goto('/console/keys');
    await page.getByRole('heading', { name: 'No keys yet' }).waitFor();
    await capture(page, 'console-keys-empty');

    await page.getByRole('button', { name: 'Create a key' }).first().click();
    await dialog().getByLabel('Name').fill('production backend');
    await dialog().getByRole('button', { name: 'Create key' }).click();
    const secretInput = dialog().getByTestId('secret-value');
    await secretInput.waitFor();
    const secret = await secretInput.inputValue();
    expect(secret).toMatch(/^gw_[A-Za-z0-9]{12}_[A-Za-z0-9]{32}$/);
    await expect(dialog().innerText()).resolves.toContain('only time it is shown');
    await dialog().getByRole('button', { name: 'Copy' }).click();
    await dialog().getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await capture(page, 'console-key-created');
    await dialog().getByRole('button', { name: 'I have saved it' }).click();

    await page.getByRole('link', { name: 'production backend', exact: true }).waitFor();
    const [listed] = (await api('GET', '/keys')).body.data;
    expect(listed).toMatchObject({ name: 'production backend', customer_id: null, status: 'active' });
    expect(secret.startsWith(listed.prefix)).toBe(true);
    expect((await gw.call('infra.dns', { key: secret, body: { domain: 'example.com' } })).status).toBe(200);
    await capture(page, 'console-keys');
  });

  it('a key: limits and budget are saved; rotate shows the new secret once; revoke asks first', async () => {
    const key = (await api('POST', '/keys', { name: 'to rotate' })).body;
    await page.goto(`/console/keys/${key.id}`);
    await page.getByRole('heading', { name: 'to rotate' }).waitFor();

    // Limits: 5 calls a window on text.generate, and only text.* and data.enrich.
    const limits = page.locator('section', { has: page.getByRole('heading', { name: 'Limits', exact: true }) });
    await limits.getByRole('button', { name: 'Edit limits' }).click();
    await limits.getByRole('button', { name: 'Add a per-endpoint limit' }).click();
    await limits.getByLabel('Endpoint', { exact: true }).selectOption('text.generate');
    await limits.getByLabel('Requests per window').fill('5');
    await limits.getByLabel('Allowed endpoints').fill('text.*, data.enrich');
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await limits.getByText('text.generate: 5 per minute (60 s)').waitFor();
    expect((await api('GET', `/keys/${key.id}/limits`)).body).toEqual({
      requests_per_window: null,
      per_slug: { 'text.generate': 5 },
      allowed_endpoints: ['text.*', 'data.enrich'],
    });

    // Budget: $2,500.50 a month.
    const budget = page.locator('section', { has: page.getByRole('heading', { name: 'Budget', exact: true }) });
    await budget.getByRole('button', { name: 'Set a budget' }).click();
    await budget.getByLabel('Cap (USD)').fill('2,500.50');
    await budget.getByRole('button', { name: 'Save budget' }).click();
    await budget.getByTestId('budget-summary').waitFor();
    expect((await api('GET', `/keys/${key.id}/budget`)).body).toMatchObject({ period: 'monthly', cap_usd: '2500.5' });
    // What one call of each endpoint the key may call (text.* and data.enrich) holds on it: a data.enrich
    // call one record ($0.009), at most its cap of 100,000 records ($900).
    await budget.getByText('What one call holds while it runs').click();
    const holds = budget.getByTestId('call-holds').locator('tbody tr');
    const slugs = await holds.locator('td[data-label="Endpoint"]').allInnerTexts();
    expect(slugs).toEqual(expect.arrayContaining(['data.enrich', 'text.embed', 'text.generate']));
    expect(slugs.filter((slug) => slug !== 'data.enrich' && !slug.startsWith('text.'))).toEqual([]);
    const enrichHold = holds.filter({ has: page.getByText('data.enrich', { exact: true }) });
    expect(await enrichHold.locator('td').allInnerTexts()).toEqual(['data.enrich', usdText('0.009'), usdText('900')]);
    await capture(page, 'console-key');

    // Rotate: the new secret once; the old key keeps working for its grace period.
    await page.getByRole('button', { name: 'Rotate' }).click();
    await dialog().getByLabel('Grace period for the old key').selectOption('3600');
    await dialog().getByRole('button', { name: 'Rotate key' }).click();
    const rotatedSecret = await dialog().getByTestId('secret-value').inputValue();
    expect(rotatedSecret).not.toBe(key.key);
    await dialog().getByRole('button', { name: 'I have saved it' }).click();
    const rotated = await waitFor('the new key', async () =>
      (await api('GET', '/keys')).body.data.find((k: any) => k.rotated_from_id === key.id),
    );
    await page.waitForURL(`**/console/keys/${rotated.id}`);
    const enrich = { email: 'ada@example.com' };
    expect((await gw.call('data.enrich', { key: key.key, body: enrich })).status).toBe(200); // the old key, in its grace period
    expect((await gw.call('data.enrich', { key: rotatedSecret, body: enrich })).status).toBe(200);

    // Revoke: Cancel changes nothing; confirming revokes at once.
    await page.getByRole('button', { name: 'Revoke' }).click();
    await dialog()
      .getByRole('heading', { name: /Revoke/ })
      .waitFor();
    await capture(page, 'console-key-revoke-confirm');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect((await api('GET', `/keys/${rotated.id}`)).body.status).toBe('active');
    await page.getByRole('button', { name: 'Revoke' }).click();
    await dialog().getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('revoked', { exact: true }).first().waitFor();
    expect((await api('GET', `/keys/${rotated.id}`)).body.status).toBe('revoked');
    const refused = await gw.call('data.enrich', { key: rotatedSecret, body: enrich });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('revoked_api_key');
  });

  it('customers: create one, give it a key, a budget and a price; suspending asks first and refuses its keys', async () => {
    await page.goto('/console/customers');
    await page.getByRole('heading', { name: 'No customers yet' }).waitFor();
    await page.getByRole('button', { name: 'New customer' }).click();
    await dialog().getByLabel('Name').fill('Ada Ltd');
    await dialog().getByLabel('Your id for it (optional)').fill('crm-42');
    await dialog().getByRole('button', { name: 'Create customer' }).click();
    await page.getByRole('heading', { name: 'Ada Ltd', level: 1 }).waitFor();
    const customer = (await api('GET', '/customers?external_id=crm-42')).body.data[0];
    expect(page.url()).toContain(`/console/customers/${customer.id}`);

    await page.getByRole('button', { name: 'New key' }).click();
    await dialog().getByRole('button', { name: 'Create key' }).click();
    const customerKey = await dialog().getByTestId('secret-value').inputValue();
    await dialog().getByRole('button', { name: 'I have saved it' }).click();

    const budget = page.locator('section', { has: page.getByRole('heading', { name: 'Budget', exact: true }) });
    await budget.getByRole('button', { name: 'Set a budget' }).click();
    await budget.getByLabel('Period').selectOption('daily');
    await budget.getByLabel('Cap (USD)').fill('3');
    await budget.getByRole('button', { name: 'Save budget' }).click();
    await budget.getByTestId('budget-summary').waitFor();
    expect((await api('GET', `/customers/${customer.id}/budget`)).body).toMatchObject({ period: 'daily', cap_usd: '3' });

    // Its own price for text.generate's output: $0.008 per 1k output tokens (above the $0.006 list price), sent as the exact decimal string "0.008".
    await page.getByRole('button', { name: 'Set the price of text.generate per 1k output tokens' }).click();
    await dialog().getByLabel('USD per 1k output tokens').fill('0.008');
    await dialog().getByRole('button', { name: 'Save price' }).click();
    await page.getByRole('button', { name: 'Remove the price of text.generate per 1k output tokens' }).waitFor();
    expect((await api('GET', `/customers/${customer.id}/prices`)).body.data).toEqual([
      expect.objectContaining({ slug: 'text.generate', meter: 'output_tokens', price_usd_per_unit: '0.008' }),
    ]);
    await capture(page, 'console-customer');

    expect((await gw.call('infra.dns', { key: customerKey, body: { domain: 'example.com' } })).status).toBe(200);
    await page.getByRole('button', { name: 'Suspend' }).click();
    await dialog().getByRole('button', { name: 'Suspend customer' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect((await api('GET', `/customers/${customer.id}`)).body.status).toBe('suspended');
    const refused = await gw.call('infra.dns', { key: customerKey, body: { domain: 'example.com' } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('customer_suspended');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Suspend' }).waitFor();

    await page.goto('/console/customers');
    await page.getByRole('link', { name: 'Ada Ltd', exact: true }).waitFor();
    await capture(page, 'console-customers');
  });

  it('prices: your cost and margin beside every price; a price below cost asks first; the price is set in USD and sent exactly', async () => {
    // On a plan with 20 % off, vision.ocr lists at $0.0025 an image and costs the reseller $0.002.
    const plan = (await gw.admin('POST', '/plans', { name: `Prices ${Date.now()}`, monthly_fee_usd: '0', resale_discount_bps: 2000 })).body;
    expect((await gw.admin('PATCH', `/tenants/${reseller.tenantId}`, { plan_id: plan.id })).status).toBe(200);
    try {
      await page.goto('/console/prices');
      const row = page.locator('tbody tr', { has: page.getByText('vision.ocr', { exact: true }) });
      const margin = row.getByTestId('margin');
      await margin.waitFor();
      expect(await row.getByTestId('cost').innerText()).toBe(usdText('0.002'));
      // No price: customers pay the list price, so the plan's discount is the margin.
      expect(await margin.innerText()).toBe(usdText('0.0005'));
      const priceDialog = page.locator('dialog[open]', { has: page.getByRole('heading', { name: /^Price of vision\.ocr/ }) });
      const warning = page.locator('dialog[open]', { has: page.getByRole('heading', { name: 'Price vision.ocr below your cost?' }) });

      // Above cost: the dialog shows the margin as it is typed, and saves without asking.
      await page.getByRole('button', { name: 'Set the price of vision.ocr' }).click();
      expect(await priceDialog.getByTestId('price-terms').innerText()).toContain(usdText('0.002'));
      await priceDialog.getByLabel('USD per image').fill('0.003');
      expect(await priceDialog.getByTestId('dialog-margin').innerText()).toBe(usdText('0.001'));
      await priceDialog.getByRole('button', { name: 'Save price' }).click();
      await page.getByRole('button', { name: 'Remove the price of vision.ocr' }).waitFor();
      await row.getByTestId('margin').getByText(usdText('0.001'), { exact: true }).waitFor();
      expect((await api('GET', '/prices')).body.data).toEqual([
        expect.objectContaining({ slug: 'vision.ocr', price_usd_per_unit: '0.003' }),
      ]);

      // Below cost: a confirmation first; Cancel saves nothing.
      await page.getByRole('button', { name: 'Change the price of vision.ocr' }).click();
      await priceDialog.getByLabel('USD per image').fill('0.000000000001');
      expect(await priceDialog.getByTestId('dialog-margin').innerText()).toBe(usdText('-0.001999999999'));
      await priceDialog.getByRole('button', { name: 'Save price' }).click();
      await warning.waitFor();
      expect(await warning.innerText()).toContain(`you would lose ${usdText('0.001999999999')} on every image`);
      await capture(page, 'console-price-below-cost');
      await warning.getByRole('button', { name: 'Cancel' }).click();
      await warning.waitFor({ state: 'detached' });
      expect((await api('GET', '/prices')).body.data).toEqual([expect.objectContaining({ price_usd_per_unit: '0.003' })]);
      // Confirmed: sent exactly, 1 pico-USD, and the row shows the loss.
      await priceDialog.getByRole('button', { name: 'Save price' }).click();
      await warning.getByRole('button', { name: 'Save below cost' }).click();
      await row.getByTestId('margin').getByText(usdText('-0.001999999999'), { exact: true }).waitFor();
      expect((await api('GET', '/prices')).body.data).toEqual([
        expect.objectContaining({ slug: 'vision.ocr', price_usd_per_unit: '0.000000000001' }),
      ]);
      await capture(page, 'console-prices');
      await page.getByRole('button', { name: 'Remove the price of vision.ocr' }).click();
      await dialog().getByRole('button', { name: 'Remove price' }).click();
      await page.getByRole('button', { name: 'Remove the price of vision.ocr' }).waitFor({ state: 'detached' });
      expect((await api('GET', '/prices')).body.data).toEqual([]);
    } finally {
      await gw.admin('PATCH', `/tenants/${reseller.tenantId}`, { plan_id: null });
    }
  });

  it('prices per meter and markups: on every slug and on one, for every customer and one customer; what applies and the margin per meter; billed so', async () => {
    // No plan: the reseller's cost is the list price. text.generate (its simulator model) lists at
    // $0.0015 per 1k input tokens and $0.006 per 1k output tokens, vision.ocr at $0.0025 an image.
    await page.goto('/console/prices');
    const markups = page.locator('section', { has: page.getByRole('heading', { name: 'Markups' }) });
    const row = (slug: string, unit: string) =>
      page.locator('tbody tr', { has: page.getByText(slug, { exact: true }) }).filter({ hasText: `per ${unit}` });
    const output = row('text.generate', '1k output tokens');
    const input = row('text.generate', '1k input tokens');
    const ocr = row('vision.ocr', 'image');
    await markups.getByRole('heading', { name: 'No markups' }).waitFor();
    expect(await output.getByTestId('pays-source').innerText()).toBe('list price');

    // 25 % on every slug: every meter without a price costs 1.25 times the cost.
    await markups.getByRole('button', { name: 'Add a markup' }).click();
    await dialog().getByLabel('Markup (%)').fill('25');
    await dialog().getByRole('button', { name: 'Save markup' }).click();
    await markups.getByTestId('markup').getByText('25 %', { exact: true }).waitFor();
    expect((await api('GET', '/markups')).body.data).toEqual([expect.objectContaining({ slug: '*', customer_id: null, markup_bps: 2500 })]);
    await output.getByTestId('pays').getByText(usdText('0.0075'), { exact: true }).waitFor();
    expect(await output.getByTestId('pays-source').innerText()).toBe('markup of 25 % on every slug');
    expect(await output.getByTestId('margin').innerText()).toBe(usdText('0.0015'));

    // 10 % on text.generate beats it there, and only there.
    await markups.getByRole('button', { name: 'Add a markup' }).click();
    await dialog().getByLabel('On').selectOption('text.generate');
    await dialog().getByLabel('Markup (%)').fill('10');
    await dialog().getByRole('button', { name: 'Save markup' }).click();
    await output.getByTestId('pays-source').getByText('markup of 10 %', { exact: true }).waitFor();
    expect(await output.getByTestId('pays').innerText()).toBe(usdText('0.0066'));
    expect(await ocr.getByTestId('pays').innerText()).toBe(usdText('0.003125'));
    expect((await api('GET', '/markups')).body.data.map((m: { slug: string; markup_bps: number }) => [m.slug, m.markup_bps])).toEqual([
      ['*', 2500],
      ['text.generate', 1000],
    ]);

    // A fixed price on the input meter beats the markups there; the output meter keeps its markup.
    await page.getByRole('button', { name: 'Set the price of text.generate per 1k input tokens' }).click();
    await dialog().getByLabel('USD per 1k input tokens').fill('0.002');
    await dialog().getByRole('button', { name: 'Save price' }).click();
    await input.getByTestId('pays-source').getByText('your price', { exact: true }).waitFor();
    expect(await input.getByTestId('margin').innerText()).toBe(usdText('0.0005'));
    expect(await output.getByTestId('pays-source').innerText()).toBe('markup of 10 %');
    expect((await api('GET', '/prices')).body.data).toEqual([
      expect.objectContaining({ slug: 'text.generate', meter: 'input_tokens', price_usd_per_unit: '0.002' }),
    ]);
    await capture(page, 'console-prices-markups');

    // One customer: every customer's price and markups apply, then its own beat them.
    const customer = (await api('POST', '/customers', { name: 'Meter Ltd' })).body;
    const { key } = (await api('POST', `/customers/${customer.id}/keys`, {})).body;
    await page.goto(`/console/customers/${customer.id}`);
    const own = page.locator('section', { has: page.getByRole('heading', { name: 'Markups' }) });
    await input.getByTestId('pays-source').getByText('every customer’s price', { exact: true }).waitFor();
    expect(await output.getByTestId('pays-source').innerText()).toBe('every customer’s markup of 10 %');
    await own.getByRole('button', { name: 'Set the markup on every slug' }).click();
    await dialog().getByLabel('Markup (%)').fill('50');
    await dialog().getByRole('button', { name: 'Save markup' }).click();
    await ocr.getByTestId('pays-source').getByText('its own markup of 50 % on every slug', { exact: true }).waitFor();
    expect(await ocr.getByTestId('pays').innerText()).toBe(usdText('0.00375'));
    // Less specific than the markup for every customer on text.generate: that one still applies there.
    expect(await output.getByTestId('pays-source').innerText()).toBe('every customer’s markup of 10 %');
    await page.getByRole('button', { name: 'Set the price of text.generate per 1k output tokens' }).click();
    await dialog().getByLabel('USD per 1k output tokens').fill('0.01');
    await dialog().getByRole('button', { name: 'Save price' }).click();
    await output.getByTestId('pays-source').getByText('its own price', { exact: true }).waitFor();
    expect((await api('GET', `/customers/${customer.id}/markups`)).body.data).toEqual([
      expect.objectContaining({ slug: '*', markup_bps: 5000 }),
    ]);
    await capture(page, 'console-customer-prices');

    // The gateway bills what the page says applies: input at every customer's price, output at the customer's own.
    const res = await gw.call('text.generate', { key, body: { input: 'priced per meter' } });
    expect(res.status).toBe(200);
    const record = (await gw.auditRecord(res.headers.get('x-service-request-id')!))!;
    const meters = record.meters as Record<string, string[]>;
    const perMeter = (meter: string, picoPer1k: bigint) => (BigInt(meters[meter][0]) * picoPer1k * 2n + 1000n) / 2000n;
    expect(record.customerPricePicoUsd).toBe(perMeter('input_tokens', 2_000_000_000n) + perMeter('output_tokens', 10_000_000_000n));

    // Removing asks first; the markups of every customer go too, so later tests see list prices.
    await own.getByRole('button', { name: 'Remove the markup on every slug' }).click();
    await dialog().getByRole('button', { name: 'Remove markup' }).click();
    await own.getByRole('button', { name: 'Remove the markup on every slug' }).waitFor({ state: 'detached' });
    expect((await api('GET', `/customers/${customer.id}/markups`)).body.data).toEqual([]);
    for (const path of ['/markups/*', '/markups/text.generate', '/prices/text.generate'])
      expect((await api('DELETE', path)).status).toBe(204);
  });

  it('audit trail: every call with what it was billed, filtered like the API, loaded page after page by scrolling', async () => {
    const { key } = (await api('POST', '/keys', { name: 'busy key' })).body;
    const requestIds: string[] = [];
    for (let i = 0; i < 55; i++) {
      const res = await gw.call('infra.dns', { key, body: { domain: `host${i}.example.com` } });
      requestIds.push(res.headers.get('x-service-request-id')!);
    }
    const generated = await gw.call('text.generate', { key, body: { input: 'a priced call' } });
    const generatedId = generated.headers.get('x-service-request-id')!;
    const record = await gw.auditRecord(generatedId);
    await gw.auditRecord(requestIds[54]);

    await page.goto('/console/audit');
    const rows = page.locator('table tbody tr');
    await rows.first().waitFor();
    // The newest call first, with its exact price.
    const newest = rows.filter({ has: page.locator(`[data-request-id="${generatedId}"]`) });
    const billedUsd = (await api('GET', `/audit?api_key_id=${record!.apiKeyId}&slug=text.generate`)).body.data[0]
      .customer_price_usd as string;
    expect(await newest.getByTestId('billed').innerText()).toBe(usdText(billedUsd));
    await capture(page, 'console-audit');

    // Infinite scroll: the first page holds 50; scrolling to the end loads the rest.
    const total = (await api('GET', '/audit?limit=500')).body.data.length;
    expect(total).toBeGreaterThan(50);
    expect(await rows.count()).toBe(50);
    await page.getByTestId('list-footer').scrollIntoViewIfNeeded();
    await page.waitForFunction((n) => document.querySelectorAll('table tbody tr').length === n, total);
    await page.getByText(`All ${total} records shown`).waitFor();

    // Filters are the API's: endpoint and status, kept in the address bar.
    await page.getByLabel('Endpoint').fill('text.generate');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL('**/console/audit?slug=text.generate');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('table tbody tr').length >= 1 &&
        [...document.querySelectorAll('table tbody tr')].every((tr) => tr.textContent.includes('text.generate')),
    );
    await page.getByLabel('HTTP status').fill('404');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('heading', { name: 'No calls match' }).waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL(/\/console\/audit$/);
  });

  it('usage: spend charted per day, per endpoint and per customer, with exact totals', async () => {
    await page.goto('/console/usage');
    await page.getByTestId('chart').locator('.recharts-bar-rectangle').first().waitFor();
    const totals = (await api('GET', '/reports/usage?group_by=day')).body.totals;
    const footer = await page.locator('table tfoot').innerText();
    expect(footer).toContain(totals.calls.toLocaleString('en-US'));
    await capture(page, 'console-usage-day');
    await page.getByRole('button', { name: 'Per endpoint' }).click();
    await page.waitForURL('**by=slug');
    await page.locator('table tbody tr', { hasText: 'infra.dns' }).waitFor();
    await capture(page, 'console-usage-endpoint');
    await page.getByRole('button', { name: 'Per customer' }).click();
    await page.locator('table tbody tr', { hasText: 'Ada Ltd' }).waitFor();
    await capture(page, 'console-usage-customer');
  });

  it('audit trail: names are looked up by the ids on screen (a customer past the newest 500 too); "Your own keys" filters', async () => {
    // A customer older than the newest 500 (the console used to name only those), and its call.
    const farBack = (await api('POST', '/customers', { name: 'Far Back Ltd' })).body;
    await gw.prisma.customer.update({ where: { id: farBack.id }, data: { createdAt: new Date('2026-01-01T00:00:00Z') } });
    await gw.prisma.customer.createMany({
      // Older than every other customer of the suite too, so that the customers page still starts with those.
      data: Array.from({ length: 501 }, (_, i) => ({
        tenantId: reseller.tenantId,
        name: `Filler ${i}`,
        metadata: {},
        createdAt: new Date(Date.parse('2026-01-02T00:00:00Z') + i * 1000),
      })),
    });
    const farKey = (await api('POST', `/customers/${farBack.id}/keys`, { name: 'far key' })).body;
    const farCall = (await gw.call('infra.dns', { key: farKey.key, body: { domain: 'far.example.com' } })).headers.get(
      'x-service-request-id',
    )!;
    await gw.auditRecord(farCall);
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/reseller\/v1\/(customers|keys)\?/.test(request.url())) lookups.push(decodeURIComponent(request.url()));
    });

    await page.goto(`/console/audit?customer_id=${farBack.id}`);
    const row = page.locator('table tbody tr', { has: page.locator(`[data-request-id="${farCall}"]`) });
    await row.getByRole('link', { name: 'Far Back Ltd' }).waitFor();
    await row.getByRole('link', { name: 'far key' }).waitFor();
    // The filter shows the customer by name though it is not among the newest 500 choices.
    const picker = page.getByRole('combobox', { name: 'Customer' });
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[role="combobox"]')?.value === 'Far Back Ltd');
    const lookedUp = (list: string, id: string) =>
      lookups.some((url) => url.includes(`/${list}?`) && new URL(url).searchParams.get('ids')?.split(',').includes(id));
    expect(lookedUp('customers', farBack.id)).toBe(true);
    expect(lookedUp('keys', farKey.id)).toBe(true);
    await capture(page, 'console-audit-customer');

    // The customer filter searches the API as one types (502 customers: too many for a list): a few
    // letters, the arrow key, Enter; Escape puts back the choice in force.
    await page.goto('/console/audit');
    const matches = page.getByRole('listbox').getByRole('option');
    await picker.fill('far b');
    await matches.filter({ hasText: 'Far Back Ltd' }).waitFor();
    expect(await matches.allInnerTexts()).toEqual(['Far Back Ltd']);
    expect(lookups.some((url) => new URL(url).searchParams.get('q') === 'far b')).toBe(true);
    await picker.press('ArrowDown');
    expect(await picker.getAttribute('aria-activedescendant')).toBe(
      await page.getByRole('option', { name: 'Far Back Ltd' }).getAttribute('id'),
    );
    await picker.press('Enter');
    expect(await picker.inputValue()).toBe('Far Back Ltd');
    await picker.fill('filler');
    await matches.first().waitFor();
    await picker.press('Escape');
    expect(await picker.inputValue()).toBe('Far Back Ltd');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`**/console/audit?customer_id=${farBack.id}`);
    await row.waitFor();

    // "Your own keys": the calls of keys of no customer only, every one of them "You".
    await picker.click();
    await matches.filter({ hasText: 'Your own keys' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL('**/console/audit?customer_id=none');
    const ownTotal = (await api('GET', '/audit?customer_id=none&limit=50')).body.data.length;
    expect(ownTotal).toBeGreaterThan(0);
    await page.waitForFunction((n) => document.querySelectorAll('table tbody tr').length === n, ownTotal);
    const callers = await page
      .locator('table tbody tr')
      .evaluateAll((rows) => rows.map((tr) => tr.querySelector('td[data-label="Caller"]')?.textContent ?? ''));
    expect(callers.filter((text) => !text.startsWith('You'))).toEqual([]);
    await capture(page, 'console-audit-own-keys');

    // A deleted customer's calls stay, marked deleted.
    expect((await api('DELETE', `/customers/${farBack.id}`)).status).toBe(204);
    await page.goto(`/console/audit?api_key_id=${farKey.id}`);
    await page
      .locator('table tbody tr')
      .getByRole('link', { name: `${farBack.id.split('-')[0]} (deleted)` })
      .waitFor();
  });

  it('webhooks: a new endpoint shows its signing secret once; disabling and deleting ask first', async () => {
    await page.goto('/console/webhooks');
    await page.getByRole('heading', { name: 'No endpoints' }).waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    await dialog().getByLabel('URL').fill('https://hooks.example.com/gateway');
    await dialog()
      .getByLabel(/key\.rotated/)
      .check();
    await dialog().getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByTestId('secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    const [endpoint] = (await api('GET', '/webhook-endpoints')).body.data;
    expect(endpoint).toMatchObject({
      url: 'https://hooks.example.com/gateway',
      events: ['budget.threshold', 'key.rotated'],
      status: 'active',
    });
    await capture(page, 'console-webhooks');
    await page.getByRole('button', { name: 'I have saved it' }).click();

    await page.getByRole('button', { name: 'Disable' }).click();
    await dialog().getByRole('button', { name: 'Disable endpoint' }).click();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    expect((await api('GET', `/webhook-endpoints/${endpoint.id}`)).body.status).toBe('disabled');
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect((await api('GET', `/webhook-endpoints/${endpoint.id}`)).status).toBe(200);
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog().getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByRole('heading', { name: 'No endpoints' }).waitFor();
    expect((await api('GET', `/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
  });

  it('overview, plan, team and account pages', async () => {
    const { key } = (await api('POST', '/keys', { name: 'overview key' })).body;
    const call = await gw.call('infra.dns', { key, body: { domain: 'example.com' } });
    await gw.auditRecord(call.headers.get('x-service-request-id')!);
    await page.goto('/console');
    await page.getByRole('heading', { name: 'Resell Co', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Recent calls' }).waitFor();
    await page.locator('.recent-calls li').first().waitFor();
    await capture(page, 'console-overview');
    const plan = (
      await gw.admin('POST', '/plans', {
        name: `Pro ${Date.now()}`,
        monthly_fee_usd: '29',
        resale_discount_bps: 500,
        public: true,
      })
    ).body;
    // Owners move between public plans (having none, the account asks the operator).
    const starter = (await gw.admin('POST', '/plans', { name: `Starter ${Date.now()}`, monthly_fee_usd: '0', public: true })).body;
    expect((await gw.admin('PATCH', `/tenants/${reseller.tenantId}`, { plan_id: starter.id })).status).toBe(200);
    await page.goto('/console/plan');
    await page.getByRole('heading', { name: starter.name, level: 2 }).waitFor();
    await page.getByRole('button', { name: `Switch to ${plan.name}` }).click();
    await dialog()
      .getByRole('button', { name: `Switch to ${plan.name}` })
      .click();
    await page.getByRole('heading', { name: plan.name, level: 2 }).waitFor();
    expect((await api('GET', '/me')).body.plan).toMatchObject({ id: plan.id, resale_discount_bps: 500 });
    await capture(page, 'console-plan');
    await tenantUser(gw, reseller.owner, 'developer', 'Grace Developer');
    await page.goto('/console/team');
    await page.getByText('Grace Developer').waitFor();
    // Inviting shows the link once; withdrawing asks first.
    await page.getByRole('button', { name: 'Invite someone' }).click();
    await dialog().getByLabel('Email').fill('new.hire@example.com');
    await dialog().getByLabel('Role').selectOption('viewer');
    await dialog().getByRole('button', { name: 'Create invitation' }).click();
    const link = await dialog().getByTestId('secret-value').inputValue();
    expect(link).toMatch(/\/console\/accept-invitation#token=gwi_/);
    await dialog().getByRole('button', { name: 'I have saved it' }).click();
    await page.getByRole('cell', { name: 'new.hire@example.com', exact: true }).waitFor();
    await capture(page, 'console-team');
    await page.getByRole('button', { name: 'Withdraw the invitation of new.hire@example.com' }).click();
    await dialog().getByRole('button', { name: 'Withdraw invitation' }).click();
    await page.getByRole('cell', { name: 'new.hire@example.com', exact: true }).waitFor({ state: 'detached' });
    expect((await reseller.owner.console('GET', '/invitations')).body.data).toEqual([]);
    await page.goto('/console/account');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await capture(page, 'console-account');
  });

  it('every page of the side navigation opens from it, with a heading and a title of its own', async () => {
    // From the last entry's page, so the first click (Overview) changes the page too.
    await page.goto('/console/account');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Console navigation' });
    const labels = await nav.getByRole('link').allInnerTexts();
    // An owner of a reseller sees every entry.
    expect(labels).toEqual([
      'Overview',
      'Keys',
      'Customers',
      'Prices',
      'Webhooks',
      'Management keys',
      'Audit trail',
      'Usage',
      'Statements',
      'Activity',
      'Plan',
      'Team',
      'Your account',
    ]);
    const titles = new Set(await visitEveryNavEntry(page, 'Console navigation', labels));
    // Each its own: no page keeps the title of the one before.
    expect(titles.size).toBe(labels.length);
  });

  it('an unknown console page says so in the console, with the way back to its overview', async () => {
    await page.goto('/console/no-such-page');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Console navigation' }).count()).toBe(1);
    await capture(page, 'console-not-found');
    await page.getByRole('link', { name: 'Back to the overview' }).click();
    await page.waitForURL(/\/console$/);
  });

  it('keyboard: a dialog takes the focus, keeps it while tabbing, and gives it back when Escape closes it', async () => {
    await page.goto('/console/keys');
    const opener = page.getByRole('button', { name: 'Create a key' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    const focusInDialog = () => page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);
    expect(await focusInDialog()).toBe(true);
    // Past the last control and round again (a date field takes three stops: month, day, year).
    const stops = await dialog().locator('input, select, textarea, button, a[href]').count();
    for (let i = 0; i < stops + 4; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog()).toBe(true);
      // Every stop shows where the focus is.
      const focused = await page.evaluate(() => {
        const element = document.activeElement!;
        return { element: element.outerHTML.slice(0, 80), outline: getComputedStyle(element).outlineStyle };
      });
      expect(focused).toEqual({ element: focused.element, outline: 'solid' });
    }
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('keyboard: an edit that opens in place takes the focus to its first field; Save or Cancel gives it back to the button that opened it', async () => {
    const { id } = (await api('POST', '/keys', { name: 'inline edit key' })).body;
    await page.goto(`/console/keys/${id}`);
    const card = (title: string) => page.locator('section', { has: page.getByRole('heading', { name: title, exact: true, level: 2 }) });
    // Waits for the focus to land (React moves it after the form has rendered), failing on the locator's timeout.
    const focusLandsOn = async (target: Locator) =>
      page.waitForFunction((element) => element === document.activeElement, await target.elementHandle(), { timeout: 10_000 });

    // Rename (a details card): opened with Enter, saved with Enter.
    const details = card('Details');
    await details.getByRole('button', { name: 'Rename' }).focus();
    await page.keyboard.press('Enter');
    const name = details.getByLabel('Name', { exact: true });
    await focusLandsOn(name);
    await name.fill('renamed in place');
    await name.press('Enter');
    await name.waitFor({ state: 'detached' });
    await focusLandsOn(details.getByRole('button', { name: 'Rename' }));
    expect((await api('GET', `/keys/${id}`)).body.name).toBe('renamed in place');

    // The limits: opened, then cancelled.
    const limits = card('Limits');
    await limits.getByRole('button', { name: 'Edit limits' }).focus();
    await page.keyboard.press('Enter');
    await focusLandsOn(limits.getByLabel('All endpoints together'));
    await limits.getByRole('button', { name: 'Cancel' }).click();
    await limits.getByLabel('All endpoints together').waitFor({ state: 'detached' });
    await focusLandsOn(limits.getByRole('button', { name: 'Edit limits' }));

    // The budget: its form's first field is the period.
    const budget = card('Budget');
    await budget.getByRole('button', { name: 'Set a budget' }).focus();
    await page.keyboard.press('Enter');
    await focusLandsOn(budget.getByLabel('Period'));
    await budget.getByRole('button', { name: 'Cancel' }).click();
    await focusLandsOn(budget.getByRole('button', { name: 'Set a budget' }));
  });

  it('at 375 px the navigation is a menu; destructive actions stay behind their dialog', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/console/keys');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#app-sidebar').getByRole('link', { name: 'Audit trail' }).click();
    await page.waitForURL('**/console/audit');
    await page.locator('#app-sidebar').waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a viewer sees every page without the buttons that change things', async () => {
    const viewer = await newContext(browser, gw.url);
    await useSession(viewer.context, gw, await tenantUser(gw, reseller.owner, 'viewer', 'Val Viewer'));
    const viewerPage = await viewer.context.newPage();
    await viewerPage.goto('/console/keys');
    await viewerPage.getByRole('link', { name: 'production backend', exact: true }).waitFor();
    expect(await viewerPage.getByRole('button', { name: 'Create a key' }).count()).toBe(0);
    await viewerPage.goto('/console/customers');
    await viewerPage.getByRole('link', { name: 'Ada Ltd', exact: true }).waitFor();
    expect(await viewerPage.getByRole('button', { name: 'New customer' }).count()).toBe(0);
    expect(viewer.problems.list()).toEqual([]);
    await viewer.context.close();
  });
});
