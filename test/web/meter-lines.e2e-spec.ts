import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { AuditMeters } from '../../src/audit/audit-record';
import { AuditWriterService } from '../../src/audit/audit-writer.service';
import { StatementCloser } from '../../src/statements/statement-closer';
import { auditRecord } from '../support/audit-fixtures';
import { GatewayHarness } from '../support/gateway-harness';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { usdText } from './support/money-text';
import { signInOperator, signUpTenant, useSession, type TenantOwner } from './support/signed-in';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * Lines per slug and meter on the pages (issue 19): a slug priced in input and output tokens shows
 * its meter lines under its line in the console's usage report and statement, the admin's revenue
 * report and tenant statement, and each call's figures per meter in both audit trails, every figure
 * equal to what the API answers. Usage goes in as audit records with meters through the gateway's
 * own writer; last month is closed with the statements job's closer, so the suite runs on a
 * database of its own (as console-billing.e2e-spec.ts).
 */
describe('meter lines on the pages', () => {
  let db: SuiteDatabase;
  let gw: GatewayHarness;
  let browser: Browser;
  let reseller: TenantOwner;
  let text: { slug: string; id: string };
  const sessions: Array<{ context: BrowserContext; problems: PageProblems }> = [];
  let consolePage: Page;
  let adminPage: Page;
  let lastMonth: string;

  const api = (path: string) => gw.reseller(reseller.managementKey, 'GET', path);
  /** A cell of a DataTable row, by its column (each cell carries its header as data-label). */
  const cell = (row: Locator, column: string) => row.locator(`td[data-label="${column}"]`);
  const count = (n: number | string) => BigInt(n).toLocaleString('en-US');
  const measure = (meter: string, quantity: string | number) =>
    `${meter.replace('_tokens', ' token')}${String(quantity) === '1' ? '' : 's'}`;
  /** Under a call's total (the audit trail), the meter's short word. */
  const short: Record<string, string> = { input_tokens: 'input', output_tokens: 'output' };
  const label: Record<string, string> = { input_tokens: 'Input tokens', output_tokens: 'Output tokens' };

  /** The meter lines table the page shows under a line, by its caption. */
  const meterLines = (page: Page, caption: string) =>
    page.locator('[data-testid="meter-lines"]', { has: page.locator('caption', { hasText: caption }) });

  /** The table shows exactly these meter lines (the API's), with the money columns given. */
  async function expectMeterLines(table: Locator, lines: any[], money: Record<string, string>): Promise<void> {
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(lines.length);
    for (const line of lines) {
      const row = table.locator('tbody tr', { hasText: label[line.meter] });
      expect(await cell(row, 'Quantity').innerText()).toBe(`${count(line.quantity)} ${measure(line.meter, line.quantity)}`);
      for (const [header, field] of Object.entries(money)) expect(await cell(row, header).innerText()).toBe(usdText(line[field]));
    }
  }

  // Its own hook: a stale build is rebuilt first, which takes longer than a test.
  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    db = await createSuiteDatabase('meter_lines_web');
    [gw, browser] = await Promise.all([GatewayHarness.start({ DATABASE_URL: db.url }), launchBrowser()]);
    reseller = await signUpTenant(gw, { organization: 'Meters Co', kind: 'reseller' });
    text = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      prices: [
        { meter: 'input_tokens', wholesalePicoUsdPerUnit: 1_000_000_000n, resalePicoUsdPerUnit: 1_500_000_000n },
        { meter: 'output_tokens', wholesalePicoUsdPerUnit: 4_000_000_000n, resalePicoUsdPerUnit: 6_000_000_000n },
      ],
      upstreams: [{ baseUrl: 'http://127.0.0.1:9' }],
    });

    // Two calls last month and two this month (a minute ago: inside the reports' default 30 days).
    const now = new Date();
    const monthStart = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1));
    lastMonth = monthStart(-1).toISOString().slice(0, 7);
    const writer = gw.app.get(AuditWriterService);
    const call = (at: Date, input: bigint, output: bigint) => {
      // Resale at the list prices; the callers billed a third more (the tenant's own keys: at resale, here a price of its own).
      const figures = (q: bigint, wholesale: bigint, resale: bigint) => [
        q,
        (q * wholesale) / 1000n,
        (q * resale) / 1000n,
        (q * resale * 4n) / 3000n,
      ];
      const [i, o] = [figures(input, 1_000_000_000n, 1_500_000_000n), figures(output, 4_000_000_000n, 6_000_000_000n)];
      const meters: AuditMeters = { input_tokens: i.map(String) as never, output_tokens: o.map(String) as never };
      return auditRecord({
        tenantId: reseller.tenantId,
        apiKeyId: randomUUID(),
        endpointId: text.id,
        createdAt: at,
        quantity: input + output,
        wholesalePicoUsd: i[1] + o[1],
        resalePicoUsd: i[2] + o[2],
        customerPricePicoUsd: i[3] + o[3],
        meters,
      });
    };
    const lastMonthDay = new Date(monthStart(-1).getTime() + 9 * 86_400_000);
    for (const r of [call(lastMonthDay, 1200n, 300n), call(lastMonthDay, 7n, 4096n)]) writer.enqueue(r);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    for (const r of [call(aMinuteAgo, 2500n, 125n), call(aMinuteAgo, 1n, 1n)]) writer.enqueue(r);
    await gw.flushAudit();
    // Last month closes an hour after it ended, as the statements job closes it.
    const closed = await gw.app.get(StatementCloser).run(new Date(monthStart(0).getTime() + 61 * 60_000));
    expect(closed.closed).toEqual([lastMonth]);

    const [tenantSide, operatorSide] = [await newContext(browser, gw.url), await newContext(browser, gw.url)];
    sessions.push(tenantSide, operatorSide);
    await useSession(tenantSide.context, gw, reseller.owner);
    await useSession(operatorSide.context, gw, await signInOperator(gw));
    [consolePage, adminPage] = [await tenantSide.context.newPage(), await operatorSide.context.newPage()];
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await db?.drop();
  });

  afterEach(() => {
    // Cleared first, so one test's problem is reported once, not again by every later test.
    const seen = sessions.flatMap((s) => s.problems.list());
    for (const s of sessions) s.problems.clear();
    expect(seen).toEqual([]);
  });

  it('console: each call of the audit trail shows its usage, billed amount and what you owe per meter', async () => {
    await consolePage.goto(`/console/audit?slug=${text.slug}`);
    await consolePage.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor();
    const records = (await api(`/audit?slug=${text.slug}`)).body.data;
    expect(records).toHaveLength(4);
    for (const record of records) {
      const row = consolePage.locator('table tbody tr', { has: consolePage.locator(`[data-request-id="${record.request_id}"]`) });
      await row.waitFor();
      for (const m of record.meters) {
        expect(await cell(row, 'Usage').locator(`[data-meter="${m.meter}"]`).innerText()).toBe(`${count(m.quantity)} ${short[m.meter]}`);
        expect(await cell(row, 'Billed').locator(`[data-meter="${m.meter}"]`).innerText()).toBe(usdText(m.billed_usd));
        expect(await cell(row, 'You owe').locator(`[data-meter="${m.meter}"]`).innerText()).toBe(usdText(m.resale_usd));
      }
      expect(await cell(row, 'Billed').getByTestId('billed').innerText()).toBe(usdText(record.customer_price_usd));
    }
    await capture(consolePage, 'console-audit-meters');
  });

  it('console: the usage report per endpoint shows the slug’s meter lines under its row, as the API sums them', async () => {
    await consolePage.goto('/console/usage?by=slug');
    const report = (await api('/reports/usage?group_by=slug')).body;
    const row = report.data.find((r: any) => r.key === text.slug);
    expect(row.meters.map((m: any) => m.meter)).toEqual(['input_tokens', 'output_tokens']);
    await expectMeterLines(meterLines(consolePage, `Usage of ${text.slug} per meter`), row.meters, {
      Billed: 'customer_price_usd',
      'You owe': 'resale_usd',
      Margin: 'reseller_margin_usd',
    });
    await capture(consolePage, 'console-usage-meters');
  });

  it('console: a closed statement shows each line’s meter lines as frozen with it', async () => {
    await consolePage.goto(`/console/statements/${lastMonth}`);
    const statement = (await api(`/statements/${lastMonth}`)).body;
    expect(statement.status).toBe('closed');
    const [line] = statement.lines;
    await expectMeterLines(meterLines(consolePage, `Usage of ${text.slug} per meter`), line.meters, {
      Billed: 'customer_price_usd',
      'You owe': 'resale_usd',
      Margin: 'reseller_margin_usd',
    });
    await capture(consolePage, 'console-statement-meters');
  });

  it('admin: the audit trail, the revenue report per endpoint and the tenant’s statement show the meter lines with the wholesale cost', async () => {
    await adminPage.goto(`/admin/audit?tenant_id=${reseller.tenantId}`);
    const records = (await gw.admin('GET', `/audit?tenant_id=${reseller.tenantId}`)).body.data;
    for (const record of records) {
      const row = adminPage.locator('table tbody tr', { has: adminPage.locator(`[data-request-id="${record.request_id}"]`) });
      await row.waitFor();
      for (const m of record.meters) {
        expect(await cell(row, 'Wholesale').locator(`[data-meter="${m.meter}"]`).innerText()).toBe(usdText(m.wholesale_usd));
        expect(await cell(row, 'Caller paid').locator(`[data-meter="${m.meter}"]`).innerText()).toBe(usdText(m.billed_usd));
      }
    }
    await capture(adminPage, 'admin-audit-meters');

    await adminPage.goto('/admin/revenue?by=slug');
    const revenue = (await gw.admin('GET', '/reports/revenue?group_by=slug')).body.data.find((r: any) => r.key === text.slug);
    await expectMeterLines(meterLines(adminPage, `Revenue of ${text.slug} per meter`), revenue.meters, {
      Wholesale: 'wholesale_usd',
      Resale: 'resale_usd',
      'Customer price': 'customer_price_usd',
      'Your margin': 'operator_margin_usd',
    });
    await capture(adminPage, 'admin-revenue-meters');

    // The tenant's page opens on its newest statement: the month in progress, live.
    await adminPage.goto(`/admin/tenants/${reseller.tenantId}`);
    const month = new Date().toISOString().slice(0, 7);
    const statement = (await gw.admin('GET', `/tenants/${reseller.tenantId}/statements/${month}`)).body;
    await expectMeterLines(adminPage.getByTestId('statement').locator('[data-testid="meter-lines"]'), statement.lines[0].meters, {
      'Billed to callers': 'customer_price_usd',
      'Owed (resale)': 'resale_usd',
      'Wholesale cost': 'wholesale_usd',
      'Your margin': 'operator_margin_usd',
    });
    await capture(adminPage, 'admin-tenant-statement-meters');
  });
});
