import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { csvRecords } from '../support/csv';
import { GatewayHarness } from '../support/gateway-harness';
import { startUpstream, type TestUpstream } from '../support/upstream-server';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { usdText } from './support/money-text';
import { signInOperator, signUpTenant, useSession, type TenantOwner } from './support/signed-in';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * A call's page and the CSV downloads, in a real browser: the audit trail's rows link to each
 * call's page (full request id with a copy button, what refused it, every amount), its margin
 * column, and the Download CSV buttons of the audit trail and the usage report download files whose
 * rows are the tables' (playwright's download event). The console as a reseller, the admin area as
 * an operator.
 */
describe('call detail and CSV downloads', () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let browser: Browser;
  let context: BrowserContext;
  let problems: PageProblems;
  let page: Page;
  let reseller: TenantOwner;
  let slug: string;
  const calls = { answered: [] as string[], refused: '' };

  const api = (method: string, path: string, body?: unknown) => gw.reseller(reseller.managementKey, method, path, body);

  /** Clicks the page's Download CSV button and reads the file the browser saved. */
  async function downloadCsv(): Promise<{ name: string; rows: Array<Record<string, string>> }> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), rows: csvRecords(readFileSync(path, 'utf8')) };
  }

  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([GatewayHarness.start({ EXPORT_PAGE_SIZE: '1' }), launchBrowser()]);
    upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    ({ slug } = await gw.createEndpoint({ maxQuantityPerCall: 1n, upstreams: [{ baseUrl: upstream.url }] }));
    reseller = await signUpTenant(gw, { organization: 'Calls Ltd', kind: 'reseller' });
    // Two customers priced differently (one below its cost: a negative margin), and a budget that refuses.
    for (const [name, price] of [
      ['Ada Ltd', '0.004'],
      ['Bob Ltd', '0.001'],
    ]) {
      const customer = (await api('POST', '/customers', { name })).body;
      await api('PUT', `/customers/${customer.id}/prices/${slug}`, { price_usd_per_unit: price });
      const key = (await api('POST', `/customers/${customer.id}/keys`, { name: `${name} key` })).body;
      for (let i = 0; i < 2; i++) {
        const res = await gw.call(slug, { key: key.key, body: {} });
        expect(res.status).toBe(200);
        calls.answered.push(res.headers.get('x-service-request-id')!);
      }
      if (name === 'Bob Ltd') {
        // A new budget starts from the audited spend of its period: the two calls above must be in the
        // audit trail first, or it starts below its cap and admits the next call.
        await gw.flushAudit();
        await api('PUT', `/keys/${key.id}/budget`, { period: 'monthly', cap_usd: '0.0005' });
        const refused = await gw.call(slug, { key: key.key, body: {} });
        expect(refused.status).toBe(402);
        calls.refused = refused.headers.get('x-service-request-id')!;
      }
    }
    await gw.flushAudit();
    ({ context, problems } = await newContext(browser, gw.url));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gw.url });
    await useSession(context, gw, reseller.owner);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await upstream?.close();
  });

  afterEach(() => {
    const seen = problems.list();
    problems.clear();
    expect(seen).toEqual([]);
  });

  it("console: the audit trail's Download CSV holds the table's rows and figures; each row opens its call's page", async () => {
    await page.goto('/console/audit');
    const rows = page.locator('table tbody tr');
    await page.waitForFunction((n) => document.querySelectorAll('table tbody tr').length === n, 5);
    const json = (await api('GET', '/audit')).body.data as Array<Record<string, string>>;
    // The margin column: billed − owed, exactly (Bob's price is below the resale price: negative).
    const bob = rows.filter({ has: page.locator(`[data-request-id="${calls.answered[3]}"]`) });
    expect(await bob.getByTestId('margin').innerText()).toBe(usdText('-0.0005'));
    await capture(page, 'console-audit-margin');

    const file = await downloadCsv();
    expect(file.name).toBe('audit-trail.csv');
    const shown = await page
      .locator('[data-testid="request-id"]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-request-id')));
    expect(file.rows.map((r) => r.request_id)).toEqual(shown);
    const billedShown = await rows.getByTestId('billed').allInnerTexts();
    expect(file.rows.map((r) => usdText(r.customer_price_usd))).toEqual(billedShown);
    expect(file.rows.map((r) => r.reseller_margin_usd)).toEqual(json.map((r) => r.reseller_margin_usd));

    // A filter applies to the download as to the table: the one refused call.
    await page.getByLabel('HTTP status').fill('402');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    expect((await downloadCsv()).rows.map((r) => r.request_id)).toEqual([calls.refused]);

    // The row opens the call's page: its full request id (copied by the button), what refused it.
    await rows.first().getByRole('link', { name: slug }).click();
    await page.waitForURL(`**/console/audit/${calls.refused}`);
    expect(await page.getByTestId('full-request-id').innerText()).toBe(calls.refused);
    await page.getByRole('heading', { name: 'Refused by a budget' }).waitFor();
    await page.getByRole('button', { name: 'Copy request id' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(calls.refused);
    await capture(page, 'console-audit-call-refused');

    await page.goto(`/console/audit/${calls.answered[0]}`);
    await page.getByTestId('amount-Margin').waitFor();
    expect(await page.getByTestId('amount-Billed').innerText()).toBe(usdText('0.004'));
    expect(await page.getByTestId('amount-You owe').innerText()).toBe(usdText('0.0015'));
    expect(await page.getByTestId('amount-Margin').innerText()).toBe(usdText('0.0025'));
    await capture(page, 'console-audit-call');
  });

  it("console: the usage report's Download CSV holds the table's rows, every page of them", async () => {
    await page.goto('/console/usage?by=customer');
    const rows = page.locator('table tbody tr');
    await rows.filter({ hasText: 'Bob Ltd' }).waitFor();
    const file = await downloadCsv();
    expect(file.name).toBe('usage-by-customer.csv');
    const json = (await api('GET', '/reports/usage?group_by=customer')).body;
    const data = file.rows.filter((r) => r.section === 'row');
    // Two customers, an export page each (EXPORT_PAGE_SIZE 1): every page joined, each row the table's.
    expect(data.map((r) => r.key)).toEqual(json.data.map((r: { key: string }) => r.key));
    expect(await rows.count()).toBe(data.length);
    const customers = (await api('GET', '/customers')).body.data as Array<{ id: string; name: string }>;
    for (const row of data) {
      const name = customers.find((c) => c.id === row.key)!.name;
      const text = await rows.filter({ hasText: name }).innerText();
      expect(text).toContain(usdText(row.customer_price_usd));
      expect(text).toContain(usdText(row.reseller_margin_usd));
    }
    expect(file.rows[file.rows.length - 1]).toMatchObject({ section: 'total', customer_price_usd: json.totals.customer_price_usd });
    await capture(page, 'console-usage-download');
  });

  it("admin: the whole trail's download and a call's page with the upstream, wholesale and both margins", async () => {
    const operator = await browser.newContext({ baseURL: gw.url });
    await useSession(operator, gw, await signInOperator(gw));
    const admin = await operator.newPage();
    page = admin;
    await admin.goto(`/admin/audit?tenant_id=${reseller.tenantId}`);
    await admin.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 5);
    const file = await downloadCsv();
    const shown = await admin
      .locator('table tbody [data-request-id]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-request-id')));
    expect(file.rows.map((r) => r.request_id)).toEqual(shown);
    expect(file.rows.map((r) => usdText(r.operator_margin_usd))).toEqual(await admin.getByTestId('operator-margin').allInnerTexts());
    await capture(admin, 'admin-audit-margin');

    await admin.goto(`/admin/audit/${calls.answered[0]}`);
    expect(await admin.getByTestId('full-request-id').innerText()).toBe(calls.answered[0]);
    expect(await admin.getByTestId('amount-Wholesale (upstream cost)').innerText()).toBe(usdText('0.001'));
    expect(await admin.getByTestId('amount-Your margin').innerText()).toBe(usdText('0.0005'));
    await admin.getByText('upstream-0 (http)').waitFor();
    await capture(admin, 'admin-audit-call');
    await operator.close();
  });
});
