import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GatewayHarness } from '../support/gateway-harness';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { meterPriceText, usdText } from './support/money-text';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * The website's own pages beyond the catalog list (test/web/README.md, `website pages`): an
 * endpoint's page with its request fields and a working example, the API reference from the
 * gateway's OpenAPI document with the operator API apart, and the not-found page a browser gets,
 * with a 404, for a path no page has.
 */
describe('website pages: endpoints, API reference, not found', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let context: BrowserContext;
  let problems: PageProblems;
  let page: Page;

  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([GatewayHarness.start(), launchBrowser()]);
    ({ context, problems } = await newContext(browser, gw.url));
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  afterEach(() => {
    const seen = problems.list();
    problems.clear();
    expect(seen).toEqual([]);
  });

  const catalogEntry = async (slug: string) =>
    ((await (await fetch(`${gw.url}/api/public/v1/catalog`)).json()).data as any[]).find((e) => e.slug === slug);

  it('a catalog row opens its endpoint page: description, category, unit, price, request fields and an example that works', async () => {
    const entry = await catalogEntry('vision.ocr');
    await page.goto('/catalog');
    await page.getByRole('link', { name: 'vision.ocr', exact: true }).click();
    await page.waitForURL('**/catalog/vision.ocr');
    await page.getByRole('heading', { level: 1, name: 'vision.ocr' }).waitFor();
    expect(await page.title()).toContain('vision.ocr');
    const main = page.locator('main');
    await main.getByText(entry.description).first().waitFor();
    const facts = await page.locator('dl.details').innerText();
    expect(facts).toContain('Vision');
    expect(facts).toContain(`per ${entry.billing_unit_label}`);
    expect(facts).toContain(usdText(entry.price_usd_per_unit));

    const fields = page.getByRole('table', { name: 'Request fields of vision.ocr' });
    await fields.waitFor();
    const fieldNames = await fields.locator('tbody tr td:first-child').allInnerTexts();
    expect(fieldNames).toEqual(expect.arrayContaining(['image_url', 'images']));
    expect(await fields.locator('tbody tr', { hasText: 'image_url' }).innerText()).toContain('one of');
    expect(await page.getByTestId('one-of').innerText()).toBe('Send exactly one of: image_url or images.');

    const curl = await page.getByTestId('snippet-curl').locator('pre').innerText();
    expect(curl).toContain(`curl -s ${gw.url}/api/public/v1/vision.ocr`);
    expect(curl).toContain('Authorization: Bearer $GATEWAY_KEY');
    const sdk = await page.getByTestId('snippet-sdk').locator('pre').innerText();
    expect(sdk).toContain(`baseUrl: '${gw.url}'`);
    expect(sdk).toContain("gateway.call('vision.ocr', {");
    // The example's body, as a reader would paste it, is a call the gateway answers.
    const body = JSON.parse(/-d '(.*)'$/m.exec(curl)![1]);
    const { key } = await gw.createTenantWithKey();
    const call = await gw.call('vision.ocr', { key, body });
    expect(call.status).toBe(200);
    await capture(page, 'website-endpoint');
  });

  it('an endpoint priced per meter says so with each meter’s price; a streaming one names its stream field', async () => {
    const entry = await catalogEntry('text.generate');
    expect(entry.price_usd_per_unit).toBeNull();
    await page.goto('/catalog/text.generate');
    await page.getByRole('heading', { level: 1, name: 'text.generate' }).waitFor();
    const facts = await page.locator('dl.details').innerText();
    expect(facts).toContain('per meter');
    for (const price of entry.prices) expect(facts).toContain(meterPriceText(price.price_usd_per_unit, price.unit_label));
    const fields = await page
      .getByRole('table', { name: 'Request fields of text.generate' })
      .locator('tbody tr td:first-child')
      .allInnerTexts();
    expect(fields).toEqual(expect.arrayContaining(['input', 'messages', 'max_tokens', 'stream']));
    expect(await page.getByTestId('one-of').innerText()).toBe('Send exactly one of: input or messages.');
    await capture(page, 'website-endpoint-meters');
  });

  it('an unknown slug is the site’s not-found page', async () => {
    const res = await page.goto('/catalog/no.such-endpoint');
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Footer' }).count()).toBe(1);
  });

  it('a path no page has (/login, /pricing, /foo/bar) is the site’s not-found page with a 404; /api/… stays JSON', async () => {
    for (const path of ['/login', '/pricing', '/foo/bar']) {
      const res = await page.goto(path);
      expect({ path, status: res?.status(), type: res?.headers()['content-type'] }).toEqual({
        path,
        status: 404,
        type: 'text/html; charset=utf-8',
      });
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(await page.title()).toContain('Page not found');
    }
    await page.getByRole('link', { name: 'Catalog' }).first().waitFor();
    await capture(page, 'website-not-found-404');
    const api = await page.goto('/api/nope');
    expect(api?.status()).toBe(404);
    expect(api?.headers()['content-type']).toMatch(/^application\/json/);
    expect((await api!.json()).error.code).toBe('route_not_found');
  });

  it('the API reference, in the site’s frame, lists every public and reseller operation from openapi.json; the operator API is apart', async () => {
    const doc = await (await fetch(`${gw.url}/docs/openapi.json`)).json();
    const operations = (prefixes: string[]) =>
      Object.entries(doc.paths as Record<string, object>)
        .filter(([path]) => prefixes.some((prefix) => path.startsWith(prefix)))
        .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
        .sort();

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL('**/reference');
    await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe(
      '/reference',
    );
    for (const title of ['Public API', 'Reseller API']) await page.getByRole('heading', { level: 2, name: title }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Operator API' }).count()).toBe(0);
    const shown = (await page.locator('details.operation').evaluateAll((all) => all.map((d) => d.getAttribute('data-operation')!))).sort();
    expect(shown).toEqual(operations(['/api/public/', '/api/openai/', '/api/reseller/', '/api/console/']));
    expect(shown.some((op) => op.includes('/api/admin/'))).toBe(false);
    await capture(page, 'website-reference');
  }, 120_000);

  it('an operation of the API reference opens to its parameters and its request and response fields', async () => {
    await page.goto('/reference');
    await page.getByRole('heading', { level: 2, name: 'Reseller API' }).waitFor();
    const list = page.locator('details.operation[data-operation="GET /api/reseller/v1/customers"]');
    await list.locator('summary').click();
    const parameters = await list.getByRole('table', { name: 'Parameters of GET /api/reseller/v1/customers' }).innerText();
    expect(parameters).toContain('q');
    expect(parameters).toContain('Search as you type');
    const response = await list.getByRole('table', { name: 'Response 200 of GET /api/reseller/v1/customers' }).innerText();
    expect(response).toContain('data[].external_id');
    expect(response).toContain('string or null');
    const create = page.locator('details.operation[data-operation="POST /api/reseller/v1/customers"]');
    await create.locator('summary').click();
    expect(await create.getByRole('table', { name: 'Request body of POST /api/reseller/v1/customers' }).innerText()).toContain(
      'external_id',
    );
    expect(await page.locator('details.operation[open]').count()).toBe(2);

    // An error answers with the error body, shown once for the API and linked from each error response.
    const unauthorized = list.locator('.operation-response', { hasText: /^401/ });
    const body = unauthorized.getByRole('link', { name: 'ErrorBody' });
    expect(await body.getAttribute('href')).toBe('#reseller-error-errorbody');
    expect(await list.getByRole('table', { name: /^Response 4/ }).count()).toBe(0);
    await body.click();
    expect(new URL(page.url()).hash).toBe('#reseller-error-errorbody');
    const fields = page.locator('section[data-api="reseller"]').getByRole('table', { name: 'Error body ErrorBody' });
    expect(await fields.count()).toBe(1);
    expect(await fields.innerText()).toContain('error.request_id');
  }, 120_000);

  it('the operator API is on a page of its own, marked as the operator’s; Swagger UI stays at /docs', async () => {
    const doc = await (await fetch(`${gw.url}/docs/openapi.json`)).json();
    const operatorOperations = Object.entries(doc.paths as Record<string, object>)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    await page.goto('/reference');
    await page.getByRole('link', { name: 'Operator API reference' }).click();
    await page.waitForURL('**/reference/operator');
    await page.getByRole('heading', { level: 1, name: 'Operator API reference' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Operator API' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('not for tenants');
    const operatorShown = (
      await page.locator('details.operation').evaluateAll((all) => all.map((d) => d.getAttribute('data-operation')!))
    ).sort();
    expect(operatorShown).toEqual(operatorOperations);
    await capture(page, 'website-reference-operator');

    // Swagger UI stays where it was.
    expect(await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Swagger UI' }).getAttribute('href')).toBe(
      '/docs',
    );
    expect((await page.goto('/docs'))?.status()).toBe(200);
  }, 120_000);
});
