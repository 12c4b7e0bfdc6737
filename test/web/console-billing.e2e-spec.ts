import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { AuditRecord } from '../../src/audit/audit-record';
import { AuditWriterService } from '../../src/audit/audit-writer.service';
import { recordPlanAssignment } from '../../src/plans/plan-assignments.repository';
import { StatementCloser } from '../../src/statements/statement-closer';
import { auditRecord } from '../support/audit-fixtures';
import { GatewayHarness } from '../support/gateway-harness';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { usdText } from './support/money-text';
import { signUpTenant, tenantUser, useSession, type TenantOwner } from './support/signed-in';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * The console's billing pages in a real browser: management keys (owners only) and monthly
 * statements (the tenant's, a customer's, the CSV download). Every figure on a page is compared with
 * what the reseller API answers for the same thing.
 *
 * Closed statements need a closed month, and closing a month closes it for every tenant of a
 * database (test/statements drives that timeline in the run's shared database), so this suite runs
 * its gateway on a database of its own (support/suite-database.ts) and closes months there with the
 * statements job's closer, as test/statements does. Usage of the past months goes in through the
 * gateway's own audit writer (its batch keeps the rollups statements are read from); this month's is
 * real calls through the gateway.
 */
/** A table's own rows: not the meter lines shown in a row's detail (a slug priced per meter, text.generate's seeded default). */
const LINE_ROWS = 'table:not(.detail-cell table) > tbody > tr:not(.detail-row)';

describe('console: management keys and statements', () => {
  let db: SuiteDatabase;
  let gw: GatewayHarness;
  let browser: Browser;
  let context: BrowserContext;
  let problems: PageProblems;
  let page: Page;
  let reseller: TenantOwner;

  const api = (method: string, path: string, body?: unknown) => gw.reseller(reseller.managementKey, method, path, body);
  const dialog = () => page.locator('dialog[open]');
  /** A cell of a DataTable row, by its column (each cell carries its header as data-label). */
  const cell = (row: Locator, column: string) => row.locator(`td[data-label="${column}"]`);
  const count = (n: number | string) => BigInt(n).toLocaleString('en-US');
  const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthName = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00.000Z`));

  // Its own hook: a stale build is rebuilt first, which takes longer than a test.
  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    db = await createSuiteDatabase('console_billing');
    [gw, browser] = await Promise.all([GatewayHarness.start({ DATABASE_URL: db.url }), launchBrowser()]);
    reseller = await signUpTenant(gw, { organization: 'Billing Co', kind: 'reseller' });
    ({ context, problems } = await newContext(browser, gw.url));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await useSession(context, gw, reseller.owner);
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await db?.drop();
  });

  afterEach(() => {
    // Cleared first, so one test's problem is reported once, not again by every later test.
    const seen = problems.list();
    problems.clear();
    expect(seen).toEqual([]);
  });

  describe('management keys', () => {
    let created: { secret: string; prefix: string };

    it('a key made on the page is shown once, with a copy button, and calls the reseller API', async () => {
      await page.goto('/console/management-keys');
      await page.getByRole('heading', { name: 'Management keys', level: 1 }).waitFor();
      // The one signUpTenant made through the operator API is listed (never its secret).
      await page.locator('table tbody tr', { hasText: 'test checks' }).waitFor();

      await page.getByRole('button', { name: 'Create a management key' }).click();
      await dialog().getByLabel('Name').fill('billing backend');
      await dialog().getByRole('button', { name: 'Create management key' }).click();
      const secret = await dialog().getByTestId('secret-value').inputValue();
      expect(secret).toMatch(/^gwm_/);
      await expect(dialog().innerText()).resolves.toContain('only time it is shown');
      await dialog().getByRole('button', { name: 'Copy' }).click();
      await dialog().getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await capture(page, 'console-management-key-created');
      await dialog().getByRole('button', { name: 'I have saved it' }).click();

      // Listed by its prefix; the secret is gone from the page, and opening the dialog again asks for a new key.
      const row = page.locator('table tbody tr', { hasText: 'billing backend' });
      await row.waitFor();
      const listed = (await api('GET', '/management-keys')).body.data.find((k: any) => k.name === 'billing backend');
      expect(secret.startsWith(listed.prefix)).toBe(true);
      expect(await row.innerText()).toContain(listed.prefix);
      // Issued by the signed-in owner (named as on Team); the operator's key by the operator.
      const issuer = (await reseller.owner.console('GET', '/users')).body.data.find((u: any) => u.id === listed.created_by_user_id);
      await row.getByText(issuer.name).waitFor();
      await page.locator('table tbody tr', { hasText: 'test checks' }).getByText('The operator').waitFor();
      expect(await page.content()).not.toContain(secret);
      await page.getByRole('button', { name: 'Create a management key' }).click();
      await dialog().getByLabel('Name').waitFor();
      expect(await dialog().getByTestId('secret-value').count()).toBe(0);
      await dialog().getByRole('button', { name: 'Cancel' }).click();

      const me = await gw.reseller(secret, 'GET', '/me');
      expect(me.status).toBe(200);
      expect(me.body.tenant.id).toBe(reseller.tenantId);
      created = { secret, prefix: listed.prefix };
      await capture(page, 'console-management-keys');
    });

    it('revoking asks first: Cancel keeps the key, confirming revokes it and the API refuses it (401)', async () => {
      await page.goto('/console/management-keys');
      const row = page.locator('table tbody tr', { hasText: 'billing backend' });
      await row.getByRole('button', { name: 'Revoke billing backend' }).click();
      await dialog().getByRole('heading', { name: 'Revoke billing backend?' }).waitFor();
      await capture(page, 'console-management-key-revoke-confirm');
      await dialog().getByRole('button', { name: 'Cancel' }).click();
      expect((await gw.reseller(created.secret, 'GET', '/me')).status).toBe(200);

      await row.getByRole('button', { name: 'Revoke billing backend' }).click();
      await dialog().getByRole('button', { name: 'Revoke management key' }).click();
      await cell(row, 'Status').getByText('revoked').waitFor();
      expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
      const refused = await gw.reseller(created.secret, 'GET', '/me');
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('invalid_management_key');
      // The other key is untouched.
      expect((await api('GET', '/me')).status).toBe(200);
    });

    it('a viewer cannot: no menu entry, no list, no button, and the API refuses it', async () => {
      const viewerUser = await tenantUser(gw, reseller.owner, 'viewer', 'Val Viewer');
      const viewer = await newContext(browser, gw.url);
      await useSession(viewer.context, gw, viewerUser);
      const viewerPage = await viewer.context.newPage();
      await viewerPage.goto('/console/management-keys');
      await viewerPage.getByRole('heading', { name: 'Only owners manage these keys' }).waitFor();
      expect(await viewerPage.getByRole('button', { name: /Create/ }).count()).toBe(0);
      expect(await viewerPage.locator('#app-sidebar').getByRole('link', { name: 'Management keys' }).count()).toBe(0);
      expect(await viewerPage.getByText(created.prefix).count()).toBe(0);
      await capture(viewerPage, 'console-management-keys-viewer');
      const refused = await viewerUser.reseller('POST', '/management-keys', { name: 'by a viewer' });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('insufficient_role');
      expect(viewer.problems.list()).toEqual([]);
      await viewer.context.close();
    });
  });

  describe('statements', () => {
    let customerId: string;
    /** The two months before this one (closed by the test) and this one (open). */
    let months: { older: string; last: string; current: string };

    const utcMonth = (date: Date) => date.toISOString().slice(0, 7);

    /** Records through the gateway's audit writer, at `at` (its batch statement keeps the rollups). */
    async function land(records: Array<Partial<AuditRecord>>, at: Date): Promise<void> {
      const writer = gw.app.get(AuditWriterService);
      for (const changes of records) writer.enqueue(auditRecord({ tenantId: reseller.tenantId, createdAt: at, ...changes }));
      await gw.flushAudit();
    }

    async function endpointId(slug: string): Promise<string> {
      return (await gw.prisma.catalogEndpoint.findUniqueOrThrow({ where: { slug } })).id;
    }

    /** The CSV the API serves for a statement, read with the management key. */
    async function apiCsv(path: string): Promise<{ text: string; disposition: string | null }> {
      const res = await fetch(`${gw.url}/api/reseller/v1${path}?format=csv`, {
        headers: { authorization: `Bearer ${reseller.managementKey}` },
      });
      return { text: await res.text(), disposition: res.headers.get('content-disposition') };
    }

    /** The statement row of a month in a statements table, by its month's name. */
    const monthRow = (scope: Locator | Page, month: string) => {
      const owner = 'mainFrame' in scope ? scope : scope.page();
      return scope.locator('table tbody tr', { has: owner.getByRole('link', { name: monthName(month), exact: true }) });
    };

    /** The row shows the API's totals of the month, to the unit. */
    async function expectTotals(row: Locator, totals: any): Promise<void> {
      expect(await cell(row, 'Calls').innerText()).toBe(count(totals.calls));
      expect(await cell(row, 'Billed').innerText()).toBe(usdText(totals.customer_price_usd));
      expect(await cell(row, 'You owe').innerText()).toBe(usdText(totals.resale_usd));
      expect(await cell(row, 'Margin').innerText()).toBe(usdText(totals.reseller_margin_usd));
    }

    /** Every line of the API's statement is a row of the page's lines table, with the same figures. */
    async function expectLines(statement: any): Promise<void> {
      const table = page.locator('section', { has: page.getByRole('heading', { name: 'Usage per endpoint' }) });
      await table.locator(LINE_ROWS).first().waitFor();
      expect(await table.locator(LINE_ROWS).count()).toBe(statement.lines.length);
      for (const line of statement.lines) {
        const row = table.locator(LINE_ROWS, { hasText: line.slug ?? 'No endpoint' });
        expect(await cell(row, 'Calls').innerText()).toBe(count(line.calls));
        expect(await cell(row, 'Errors').innerText()).toBe(count(line.errors));
        const measure = { tokens_1k: ['token', 'tokens'], call: ['call', 'calls'] }[line.billing_unit as string];
        const quantity = measure ? `${count(line.quantity)} ${measure[line.quantity === '1' ? 0 : 1]}` : count(line.quantity);
        expect(await cell(row, 'Quantity').innerText()).toBe(quantity);
        await expectTotals(row, line);
      }
      const footer = table.locator('tfoot tr');
      expect(await cell(footer, 'Calls').innerText()).toBe(count(statement.usage.calls));
      expect(await cell(footer, 'Billed').innerText()).toBe(usdText(statement.usage.customer_price_usd));
      expect(await cell(footer, 'You owe').innerText()).toBe(usdText(statement.usage.resale_usd));
    }

    /** Clicks a CSV link and returns the file the browser saved, with its name. */
    async function download(link: Locator): Promise<{ name: string; text: string }> {
      const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const path = await file.path();
      return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
    }

    beforeAll(async () => {
      customerId = (await api('POST', '/customers', { name: 'Ada Ltd', external_id: 'crm-7' })).body.id;
      const now = new Date();
      const monthStart = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1));
      months = { older: utcMonth(monthStart(-2)), last: utcMonth(monthStart(-1)), current: utcMonth(now) };
      const [text, dns] = [await endpointId('text.generate'), await endpointId('infra.dns')];
      const inMonth = (n: number, day: number) => new Date(monthStart(n).getTime() + (day - 1) * 86_400_000 + 3_600_000);

      // The reseller is on a 49 USD plan since two months back (its plan history dated there, as the
      // tenants repository writes it): each month's statement carries the whole fee.
      const plan = (await gw.admin('POST', '/plans', { name: 'Billing Pro', monthly_fee_usd: '49' })).body.id;
      await gw.prisma.$transaction(async (tx) => {
        await tx.tenant.update({ where: { id: reseller.tenantId }, data: { planId: plan } });
        await recordPlanAssignment(tx, reseller.tenantId, monthStart(-2));
      });

      // Two months back: the tenant's own keys and the customer; amounts past 2^53 pico-USD on one line.
      await land(
        [
          { endpointId: text, quantity: 12_345n, resalePicoUsd: 37_035_000_000n, customerPricePicoUsd: 37_035_000_000n },
          { endpointId: dns, customerId, quantity: 1n, resalePicoUsd: 1_500_000_000n, customerPricePicoUsd: 2_000_000_000n },
          { endpointId: dns, customerId, quantity: 1n, resalePicoUsd: 1_500_000_000n, customerPricePicoUsd: 9_007_199_254_740_993n },
        ],
        inMonth(-2, 3),
      );
      // Last month: the customer's calls, one failed, and a call that named no endpoint.
      await land(
        [
          { endpointId: text, customerId, quantity: 4_321n, resalePicoUsd: 12_963_000_000n, customerPricePicoUsd: 17_284_000_000n },
          { endpointId: text, customerId, quantity: 0n, httpStatus: 500, resalePicoUsd: 0n, customerPricePicoUsd: 0n },
          { endpointId: dns, quantity: 1n, resalePicoUsd: 1_500_000_000n, customerPricePicoUsd: 1_500_000_000n },
          { endpointId: null, httpStatus: 404, quantity: 0n, resalePicoUsd: 0n, customerPricePicoUsd: 0n },
        ],
        inMonth(-1, 20),
      );
      // Both close an hour after the last one ended, as the statements job closes them.
      const closer = gw.app.get(StatementCloser);
      const closeAt = new Date(monthStart(0).getTime() + 61 * 60_000);
      expect((await closer.run(closeAt)).closed).toEqual([months.older, months.last]);
      // A record of last month lands after it closed: an adjustment on this month's statement, found by the next run.
      await land(
        [{ endpointId: dns, customerId, quantity: 1n, resalePicoUsd: 1_500_000_000n, customerPricePicoUsd: 2_500_000_000n }],
        inMonth(-1, 28),
      );
      expect((await closer.run(new Date(Math.max(Date.now(), closeAt.getTime())))).adjustments).toBeGreaterThan(0);

      // This month: real calls, the customer's key and one of the tenant's own.
      const customerKey = (await api('POST', `/customers/${customerId}/keys`, { name: 'ada prod' })).body.key;
      const ownKey = (await api('POST', '/keys', { name: 'own' })).body.key;
      for (const [key, slug, body] of [
        [customerKey, 'infra.dns', { domain: 'example.com' }],
        [customerKey, 'text.generate', { input: 'a statement line' }],
        [ownKey, 'infra.dns', { domain: 'example.org' }],
      ] as const) {
        const res = await gw.call(slug, { key, body });
        expect(res.status).toBe(200);
        await gw.auditRecord(res.headers.get('x-service-request-id')!);
      }
    });

    it('the statements page lists this month (open, with its adjustments) and the closed months, as the API lists them', async () => {
      await page.goto('/console/statements');
      await page.getByRole('heading', { name: 'Statements', level: 1 }).waitFor();
      const listed = (await api('GET', '/statements')).body.data;
      expect(listed.map((s: any) => [s.month, s.status])).toEqual([
        [months.current, 'open'],
        [months.last, 'closed'],
        [months.older, 'closed'],
      ]);
      const [open] = listed;
      expect(open.adjustment_totals.calls).toBeGreaterThan(0);
      expect(open.totals).toEqual((await api('GET', `/statements/${months.current}`)).body.totals);

      const rows = page.locator('table tbody tr');
      await monthRow(page, months.current).waitFor();
      expect(await rows.count()).toBe(3);
      // Newest first: the month in progress, then the closed months.
      expect(await rows.first().innerText()).toContain(monthName(months.current));
      const openRow = monthRow(page, months.current);
      expect(await cell(openRow, 'Status').innerText()).toBe('open');
      expect(await openRow.innerText()).toContain(`In progress · adjustments ${usdText(open.adjustment_totals.customer_price_usd)}`);
      await expectTotals(openRow, open.totals);
      for (const summary of listed.slice(1)) {
        const row = monthRow(page, summary.month);
        expect(await cell(row, 'Status').innerText()).toBe('closed');
        expect(await row.innerText()).not.toContain('adjustments');
        await expectTotals(row, summary.totals);
      }
      // Every month carries the plan's fee beside the usage, and what it totals with it.
      for (const summary of listed) {
        expect(summary.plan_fee_usd).toBe('49');
        const row = monthRow(page, summary.month);
        expect(await row.getByTestId('plan-fee').innerText()).toBe(`plan fee ${usdText('49')} · total ${usdText(summary.total_usd)}`);
      }
      await capture(page, 'console-statements');
    });

    it("a closed statement shows the API's lines per endpoint and unit, and its CSV downloads with the session", async () => {
      await page.goto('/console/statements');
      await monthRow(page, months.last)
        .getByRole('link', { name: `View the statement of ${monthName(months.last)}` })
        .click();
      await page.waitForURL(`**/console/statements/${months.last}`);
      await page.getByRole('heading', { name: monthName(months.last), level: 1 }).waitFor();
      const statement = (await api('GET', `/statements/${months.last}`)).body;
      expect(statement.status).toBe('closed');
      await expectLines(statement);
      expect(await page.getByTestId('statement-totals').innerText()).toContain(usdText(statement.totals.customer_price_usd));
      // What the reseller owes: the usage's resale plus the plan fee, its one line in the plan fee table.
      expect(statement.plan_fees).toHaveLength(1);
      expect(statement.total_usd).not.toBe(statement.totals.resale_usd);
      expect(await page.getByTestId('statement-totals').innerText()).toContain(usdText(statement.total_usd));
      const fees = page.locator('section', { has: page.getByRole('heading', { name: 'Plan fee', exact: true }) });
      const feeRow = fees.locator('tbody tr', { hasText: 'Billing Pro' });
      expect(await cell(feeRow, 'Fee').innerText()).toBe(usdText(statement.plan_fees[0].fee_usd));
      expect(await cell(fees.locator('tfoot tr'), 'Fee').innerText()).toBe(usdText(statement.plan_fee_usd));
      await page.getByText('No adjustments on this statement.').waitFor();
      await capture(page, 'console-statement');

      // The browser downloads exactly what the API serves (a same-origin GET with the session cookie; the page's CSP allows it).
      const file = await download(page.getByRole('link', { name: `Download CSV of the statement of ${monthName(months.last)}` }));
      const expected = await apiCsv(`/statements/${months.last}`);
      expect(expected.disposition).toBe(`attachment; filename="${file.name}"`);
      expect(file.name).toBe(`statement-${months.last}.csv`);
      expect(file.text).toBe(expected.text);
      const csvLines = file.text.split('\r\n');
      for (const line of statement.lines) {
        expect(csvLines.some((row) => row.startsWith(`${months.last},closed,,usage,,${line.slug ?? ''},`))).toBe(true);
      }
    });

    it('the open month shows its usage so far and the adjustments of the closed one', async () => {
      await page.goto(`/console/statements/${months.current}`);
      const statement = (await api('GET', `/statements/${months.current}`)).body;
      await page.getByRole('heading', { name: monthName(months.current), level: 1 }).waitFor();
      await expectLines(statement);
      const adjustments = page.locator('section', { has: page.getByRole('heading', { name: 'Adjustments' }) });
      const [adjustment] = statement.adjustments;
      const row = adjustments.locator('tbody tr', { hasText: adjustment.slug });
      expect(await cell(row, 'Corrects').innerText()).toContain(monthName(months.last));
      expect(await cell(row, 'Billed').innerText()).toBe(usdText(adjustment.customer_price_usd));
      // Usage plus adjustments: the statement's totals.
      const total = page.locator('section', { has: page.getByRole('heading', { name: 'Total', exact: true }) }).locator('tfoot tr');
      await expectTotals(total, statement.totals);
      await capture(page, 'console-statement-open');
    });

    it("a customer's page lists its statements; one opens with its lines and its own CSV", async () => {
      await page.goto(`/console/customers/${customerId}`);
      await page.getByRole('heading', { name: 'Ada Ltd', level: 1 }).waitFor();
      const card = page.locator('section', { has: page.getByRole('heading', { name: 'Statements', exact: true }) });
      const listed = (await api('GET', `/customers/${customerId}/statements`)).body.data;
      expect(listed.map((s: any) => s.month)).toEqual([months.current, months.last, months.older]);
      expect(listed[0].totals).toEqual((await api('GET', `/customers/${customerId}/statements/${months.current}`)).body.totals);
      await monthRow(card, months.current).waitFor();
      for (const summary of listed) await expectTotals(monthRow(card, summary.month), summary.totals);
      await capture(page, 'console-customer-statements');

      await monthRow(card, months.older)
        .getByRole('link', { name: monthName(months.older), exact: true })
        .click();
      await page.waitForURL(`**/console/customers/${customerId}/statements/${months.older}`);
      await page.getByRole('heading', { name: `Ada Ltd: ${monthName(months.older)}`, level: 1 }).waitFor();
      const statement = (await api('GET', `/customers/${customerId}/statements/${months.older}`)).body;
      await expectLines(statement);
      // 2^53 + 1 pico-USD and more: exact on the page.
      expect(statement.totals.customer_price_usd).toBe('9007.201254740993');
      await capture(page, 'console-customer-statement');
      const file = await download(page.getByRole('link', { name: `Download CSV of the statement of ${monthName(months.older)}` }));
      expect(file.name).toBe(`statement-${months.older}-customer-${customerId}.csv`);
      expect(file.text).toBe((await apiCsv(`/customers/${customerId}/statements/${months.older}`)).text);
      await page.getByRole('link', { name: '← Ada Ltd' }).click();
      await page.waitForURL(`**/console/customers/${customerId}`);
    });

    it("the overview shows what this month comes to with the plan's fee", async () => {
      const open = (await api('GET', `/statements/${months.current}`)).body;
      await page.goto('/console');
      const margin = page.locator('.stat', { hasText: 'Your margin' });
      await margin.getByText(`You owe ${usdText(open.total_usd)} with the ${usdText('49')} plan fee`).waitFor();
    });

    it('a direct account sees one amount per month: what its own keys cost', async () => {
      const direct = await signUpTenant(gw, { organization: 'Direct Co', kind: 'direct' });
      const { key } = (await gw.reseller(direct.managementKey, 'POST', '/keys', { name: 'direct key' })).body;
      const res = await gw.call('infra.dns', { key, body: { domain: 'example.net' } });
      await gw.auditRecord(res.headers.get('x-service-request-id')!);
      const own = await newContext(browser, gw.url);
      await useSession(own.context, gw, direct.owner);
      const directPage = await own.context.newPage();
      await directPage.goto('/console/statements');
      const open = (await gw.reseller(direct.managementKey, 'GET', `/statements/${months.current}`)).body;
      const row = monthRow(directPage, months.current);
      await cell(row, 'Amount').waitFor();
      expect(await cell(row, 'Amount').innerText()).toBe(usdText(open.totals.resale_usd));
      expect(await directPage.locator('table th', { hasText: 'Billed' }).count()).toBe(0);
      await directPage.getByText('No closed months yet.').waitFor();
      await capture(directPage, 'console-statements-direct');
      expect(own.problems.list()).toEqual([]);
      await own.context.close();
    });
  });
});
