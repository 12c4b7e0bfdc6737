import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { sendJson, startUpstream, type TestUpstream } from '../support/upstream-server';
import { capture, launchBrowser, newContext, type PageProblems } from './support/browser';
import { usdText } from './support/money-text';
import { signInOperator, useSession } from './support/signed-in';
import { ensureWebAppBuilt, WEB_BUILD_TIMEOUT_MS } from './support/web-build';

/**
 * The admin pages that manage what the operator API offers beyond admin.e2e-spec.ts: adding a
 * catalog endpoint (on the public catalog and callable at once, billed at the entered price), the
 * API's field problems shown in the form, an endpoint's models, the model aliases, the operators, and a tenant's
 * statements with the operator's margins. A real operator session drives a real browser; every
 * result is read back through the operator API or the gateway itself.
 */
describe('admin area: catalog endpoints, models, operators, statements', () => {
  let gw: GatewayHarness;
  let browser: Browser;
  let context: BrowserContext;
  let problems: PageProblems;
  let page: Page;
  let operatorName: string;
  const dialog = () => page.locator('dialog[open]');
  /** The error the form shows under the field labelled `label`. */
  const fieldError = (label: string) => page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.error-text');
  const thisMonth = () => new Date().toISOString().slice(0, 7);

  // Its own hook: a stale build is rebuilt first, which takes longer than a test.
  beforeAll(() => ensureWebAppBuilt(), WEB_BUILD_TIMEOUT_MS);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([GatewayHarness.start(), launchBrowser()]);
    ({ context, problems } = await newContext(browser, gw.url));
    operatorName = `Olive ${randomBytes(3).toString('hex')}`;
    await useSession(context, gw, await signInOperator(gw, operatorName));
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

  /** The new-endpoint form filled in for `operation` (an infra endpoint: billed per call). */
  async function fillNewEndpoint(operation: string, upstream: { url: string; path: string }) {
    await page.goto('/admin/catalog');
    await page.getByRole('link', { name: 'New endpoint' }).click();
    await page.getByRole('heading', { name: 'New endpoint', level: 1 }).waitFor();
    await page.getByLabel('Category').selectOption('infra');
    await page.getByLabel('Operation').fill(operation);
    await page.getByLabel('Description').fill('Looks a thing up on a local upstream.');
    await page.getByLabel('Wholesale (USD)').fill('0.0021');
    await page.getByLabel('Resale (USD)').fill('0.0042');
    await page.getByLabel('Default limit per window').fill('250');
    await page.getByLabel('Declared latency (ms)').fill('120');
    await page.getByLabel('Name', { exact: true }).fill('local');
    await page.getByLabel('Base URL').fill(upstream.url);
    await page.getByLabel('Path').fill(upstream.path);
  }

  describe('with an upstream on 127.0.0.1', () => {
    let upstream: TestUpstream;
    beforeAll(async () => {
      upstream = await startUpstream((req, res) => sendJson(res, 200, { looked_up: JSON.parse(req.body || '{}') }));
    });
    afterAll(() => upstream?.close());

    it('an endpoint added in the form is on the public catalog at once, callable, and billed at the entered price', async () => {
      const operation = `lookup_${randomBytes(4).toString('hex')}`;
      const slug = `infra.${operation}`;
      await fillNewEndpoint(operation, { url: upstream.url, path: '/lookup' });
      await capture(page, 'admin-endpoint-new');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.waitForURL(`**/admin/catalog/${slug}`);
      await page.getByRole('heading', { name: slug, level: 1 }).waitFor();

      const stored = (await gw.admin('GET', `/catalog/${slug}`)).body;
      expect(stored).toMatchObject({
        slug,
        category: 'infra',
        billing_unit: 'call',
        description: 'Looks a thing up on a local upstream.',
        wholesale_usd_per_unit: '0.0021',
        resale_usd_per_unit: '0.0042',
        default_rate_limit: 250,
        declared_latency_ms: 120,
        enabled: true,
        models: [],
      });
      expect(stored.upstreams).toEqual([expect.objectContaining({ name: 'local', kind: 'http', base_url: upstream.url, path: '/lookup' })]);

      // The public website's catalog lists it, at its resale price.
      await page.goto('/catalog');
      const row = page.locator('tr', { hasText: slug });
      await row.waitFor();
      expect(await row.innerText()).toContain(usdText('0.0042'));

      // Callable through the gateway, answered by the upstream, billed at the entered prices.
      const { key } = await gw.createTenantWithKey();
      const call = await gw.call(slug, { key, body: { name: 'example.com' } });
      expect(call.status).toBe(200);
      expect(await call.json()).toMatchObject({ result: { looked_up: { name: 'example.com' } }, billed_usd: 0.0042 });
      expect(upstream.received.at(-1)).toMatchObject({ method: 'POST', url: '/lookup' });
      const record = await gw.auditRecord(call.headers.get('x-service-request-id')!);
      expect(record).toMatchObject({ httpStatus: 200, quantity: 1n, wholesalePicoUsd: 2_100_000_000n, resalePicoUsd: 4_200_000_000n });
    });

    it('a field the API refuses shows the API’s own message next to it, tied to the field until the next input into it, and nothing is added', async () => {
      const tag = randomBytes(6).toString('hex');
      const operation = `Bad Name ${tag}`;
      const refused = await gw.admin('POST', '/catalog', {
        slug: `infra.${operation}`,
        wholesale_usd_per_unit: '0.000000000001',
        resale_usd_per_unit: '0.000000000002',
        default_rate_limit: 1,
        upstreams: [{ name: 'local', kind: 'http', base_url: upstream.url }],
      });
      expect(refused.status).toBe(400);
      const message: string = refused.body.error.details.problems.find((p: string) => p.startsWith('slug '));
      expect(message).toBeTruthy();

      const slugs = async (): Promise<string[]> => (await gw.admin('GET', '/catalog')).body.data.map((e: { slug: string }) => e.slug);
      const before = new Set(await slugs());
      await fillNewEndpoint(operation, { url: upstream.url, path: '/lookup' });
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await fieldError('Operation').waitFor();
      expect(await fieldError('Operation').innerText()).toBe(message);
      expect(await page.getByLabel('Operation').getAttribute('aria-invalid')).toBe('true');
      expect(page.url()).toMatch(/\/admin\/catalog\/new$/);
      // Nothing made of this name was added (other suites add endpoints to the shared catalog meanwhile).
      expect((await slugs()).filter((slug) => !before.has(slug) && slug.toLowerCase().includes(tag))).toEqual([]);
      await capture(page, 'admin-endpoint-new-error');
      // The message is the field's description (aria-describedby names the error text's id).
      const operationField = page.getByLabel('Operation', { exact: true });
      const errorId = await fieldError('Operation').getAttribute('id');
      expect(errorId).toBeTruthy();
      expect((await operationField.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
      // Typing into the field drops the message and the attributes at once: it was about the old value.
      await operationField.press('End');
      await operationField.pressSequentially('x');
      await fieldError('Operation').waitFor({ state: 'detached' });
      expect(await operationField.getAttribute('aria-invalid')).toBeNull();
      expect(await operationField.getAttribute('aria-describedby')).not.toContain(errorId);
      // Submitted again as refused, the API's message is back on the field.
      await operationField.fill(operation);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await fieldError('Operation').waitFor();
      expect(await fieldError('Operation').innerText()).toBe(message);
      expect(await operationField.getAttribute('aria-invalid')).toBe('true');
      // The browser logged the API's two 400s: the answers this test provoked, and the only ones.
      expect(problems.list()).toEqual([expect.stringContaining('status of 400'), expect.stringContaining('status of 400')]);
      problems.clear();
    });
  });

  it('models edited on the endpoint page are what the API holds; removing one asks first', async () => {
    const endpoint = await gw.createEndpoint({ upstreams: [{ kind: 'simulator' }] });
    await page.goto(`/admin/catalog/${endpoint.slug}`);
    const models = page.locator('section', { has: page.getByRole('heading', { name: 'Models', exact: true, level: 2 }) });
    await models.getByText('No models').waitFor();
    await models.getByRole('button', { name: 'Edit models' }).click();
    for (const [name, wholesale, resale] of [
      ['fast', '0.0005', '0.001'],
      ['best', '0.002', '0.0035'],
    ]) {
      await models.getByRole('button', { name: 'Add a model' }).click();
      const row = models.locator('fieldset').last();
      await row.getByLabel('Model name').fill(name);
      await row.getByLabel('Wholesale (USD)').fill(wholesale);
      await row.getByLabel('Resale (USD)').fill(resale);
    }
    await models.getByRole('button', { name: 'Save models' }).click();
    await models.getByRole('button', { name: 'Edit models' }).waitFor();
    expect((await gw.admin('GET', `/catalog/${endpoint.slug}`)).body.models).toEqual([
      expect.objectContaining({ name: 'fast', wholesale_usd_per_unit: '0.0005', resale_usd_per_unit: '0.001' }),
      expect.objectContaining({ name: 'best', wholesale_usd_per_unit: '0.002', resale_usd_per_unit: '0.0035' }),
    ]);
    expect(await models.locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining('fast'), expect.stringContaining('best')]);
    await capture(page, 'admin-endpoint-models');

    // Removing a model: Cancel keeps both; confirming leaves one.
    await models.getByRole('button', { name: 'Edit models' }).click();
    await models.getByRole('button', { name: 'Remove fast' }).click();
    await models.getByRole('button', { name: 'Save models' }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect((await gw.admin('GET', `/catalog/${endpoint.slug}`)).body.models).toHaveLength(2);
    await models.getByRole('button', { name: 'Save models' }).click();
    await dialog().getByRole('button', { name: 'Save models' }).click();
    await models.getByRole('button', { name: 'Edit models' }).waitFor();
    expect((await gw.admin('GET', `/catalog/${endpoint.slug}`)).body.models.map((m: any) => m.name)).toEqual(['best']);
  });

  it('model aliases on the catalog page: added, pointed at another model and removed (after confirming) as the API holds them', async () => {
    const endpoint = await gw.createEndpoint({
      upstreams: [{ kind: 'simulator' }],
      models: ['fast', 'slow'].map((name) => ({
        name,
        wholesalePicoUsdPerUnit: 1_000_000n,
        resalePicoUsdPerUnit: 2_000_000n,
        maxOutputTokens: null,
      })),
    });
    const alias = `acme/${randomBytes(4).toString('hex')}:latest`;
    const stored = async () =>
      (await gw.admin('GET', '/model-aliases')).body.data.find((a: { alias: string }) => a.alias === alias)?.target as string | undefined;
    await page.goto('/admin/catalog');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Model aliases', level: 2 }) });
    const row = card.locator('tbody tr', { hasText: alias });
    // The seed's aliases are listed.
    await card.locator('tbody tr', { hasText: 'text.generate/gpt-4o-mini' }).waitFor();

    await card.getByLabel('Alias', { exact: true }).fill(alias);
    await card.getByLabel('Target').selectOption(`${endpoint.slug}/fast`);
    await card.getByRole('button', { name: 'Add alias' }).click();
    await row.getByText(`${endpoint.slug}/fast`).waitFor();
    expect(await stored()).toBe(`${endpoint.slug}/fast`);
    await capture(page, 'admin-model-aliases');

    await row.getByRole('button', { name: `Change ${alias}` }).click();
    expect(await card.getByLabel('Alias', { exact: true }).inputValue()).toBe(alias);
    await card.getByLabel('Target').selectOption(`${endpoint.slug}/slow`);
    await card.getByRole('button', { name: 'Replace alias' }).click();
    await row.getByText(`${endpoint.slug}/slow`).waitFor();
    expect(await stored()).toBe(`${endpoint.slug}/slow`);

    await row.getByRole('button', { name: `Remove ${alias}` }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await stored()).toBe(`${endpoint.slug}/slow`);
    await row.getByRole('button', { name: `Remove ${alias}` }).click();
    await dialog().getByRole('button', { name: 'Remove alias' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await stored()).toBeUndefined();
  });

  it('a token endpoint’s output limits, its own and a model’s, are set on its page and kept when the models are saved again', async () => {
    const endpoint = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      upstreams: [{ kind: 'simulator' }],
      models: [{ name: 'fast', wholesalePicoUsdPerUnit: 1_000_000n, resalePicoUsdPerUnit: 2_000_000n, maxOutputTokens: 1000 }],
    });
    await page.goto(`/admin/catalog/${endpoint.slug}`);
    const settings = page.locator('section', { has: page.getByRole('heading', { name: 'Prices and settings' }) });
    await settings.getByLabel('Output tokens per call').fill('4096');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Endpoint saved; it applies at once').waitFor();
    expect((await gw.admin('GET', `/catalog/${endpoint.slug}`)).body.max_output_tokens).toBe(4096);

    const models = page.locator('section', { has: page.getByRole('heading', { name: 'Models', exact: true, level: 2 }) });
    await models.getByRole('button', { name: 'Edit models' }).click();
    const row = models.locator('fieldset').first();
    expect(await row.getByLabel('Output tokens per call').inputValue()).toBe('1000');
    await row.getByLabel('Resale (USD)').fill('0.000003');
    await models.getByRole('button', { name: 'Save models' }).click();
    await models.getByRole('button', { name: 'Edit models' }).waitFor();
    // Saving the models again keeps the model's output limit; emptying it falls back to the endpoint's.
    expect((await gw.admin('GET', `/catalog/${endpoint.slug}`)).body.models).toEqual([
      expect.objectContaining({ name: 'fast', resale_usd_per_unit: '0.000003', max_output_tokens: 1000 }),
    ]);
    await models.getByRole('button', { name: 'Edit models' }).click();
    await models.locator('fieldset').first().getByLabel('Output tokens per call').fill('');
    await models.getByRole('button', { name: 'Save models' }).click();
    await models.getByRole('button', { name: 'Edit models' }).waitFor();
    expect((await gw.admin('GET', `/catalog/${endpoint.slug}`)).body.models).toEqual([
      expect.objectContaining({ name: 'fast', max_output_tokens: null }),
    ]);
  });

  it('an endpoint priced per input and output tokens is added in the form, a meter’s price edited on its page, a model priced per meter; the website shows each meter’s price', async () => {
    const operation = `chat_${randomBytes(4).toString('hex')}`;
    const slug = `text.${operation}`;
    await page.goto('/admin/catalog/new');
    await page.getByRole('heading', { name: 'New endpoint', level: 1 }).waitFor();
    await page.getByLabel('Operation').fill(operation);
    await page.getByLabel('Description').fill('Chat, priced per input and output token.');
    const prices = page.locator('section', { has: page.getByRole('heading', { name: 'Prices and limits' }) });
    const meter = (label: string) => prices.getByRole('group', { name: `Price per ${label}` });
    // A text endpoint starts priced per 1k tokens, the shorthand of before; split, it is priced per meter.
    expect(await meter('1k tokens').getByLabel('Meter').count()).toBe(0);
    await meter('1k tokens').getByLabel('Wholesale (USD)').fill('0.0001');
    await prices.getByRole('button', { name: 'Split into input and output tokens' }).click();
    await meter('1k input tokens').getByLabel('Resale (USD)').fill('0.0003');
    await meter('1k output tokens').getByLabel('Wholesale (USD)').fill('0.0006');
    await meter('1k output tokens').getByLabel('Resale (USD)').fill('0.0009');
    // The margin per meter, exact.
    expect(await meter('1k input tokens').getByTestId('meter-margin').innerText()).toBe(`${usdText('0.0002')} (66.66 % of resale)`);
    expect(await meter('1k output tokens').getByTestId('meter-margin').innerText()).toBe(`${usdText('0.0003')} (33.33 % of resale)`);
    await page.getByLabel('Output tokens per call').fill('2048');
    await page.getByLabel('Name', { exact: true }).fill('sim');
    await page.getByLabel('Kind').selectOption('simulator');

    // The browser checks the meters as the server does: a meter twice is refused before anything is sent.
    await prices.getByRole('button', { name: 'Add a meter' }).click();
    await meter('1k cached input tokens').getByLabel('Meter').selectOption('input_tokens');
    await prices.getByText('Price: meter input_tokens is listed twice.').waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect(page.url()).toMatch(/\/admin\/catalog\/new$/);
    expect((await gw.admin('GET', `/catalog/${slug}`)).status).toBe(404);
    await prices.getByRole('button', { name: 'Remove the input_tokens price' }).last().click();
    await prices.getByText('listed twice').waitFor({ state: 'detached' });
    await capture(page, 'admin-endpoint-new-meters');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.waitForURL(`**/admin/catalog/${slug}`);
    await page.getByRole('heading', { name: slug, level: 1 }).waitFor();
    const stored = (await gw.admin('GET', `/catalog/${slug}`)).body;
    expect(stored).toMatchObject({
      billing_unit: 'tokens_1k',
      wholesale_usd_per_unit: null,
      resale_usd_per_unit: null,
      max_output_tokens: 2048,
      prices: [
        { meter: 'input_tokens', wholesale_usd_per_unit: '0.0001', resale_usd_per_unit: '0.0003' },
        { meter: 'output_tokens', wholesale_usd_per_unit: '0.0006', resale_usd_per_unit: '0.0009' },
      ],
    });

    // One meter's price edited on the endpoint's page; the other meter is kept as it was.
    const settings = page.locator('section', { has: page.getByRole('heading', { name: 'Prices and settings' }) });
    const settingsMeter = (label: string) => settings.getByRole('group', { name: `Price per ${label}` });
    await settingsMeter('1k output tokens').getByLabel('Resale (USD)').fill('0.0012');
    expect(await settingsMeter('1k output tokens').getByTestId('meter-margin').innerText()).toBe(`${usdText('0.0006')} (50 % of resale)`);
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Endpoint saved; it applies at once').waitFor();
    expect((await gw.admin('GET', `/catalog/${slug}`)).body.prices).toEqual([
      expect.objectContaining({ meter: 'input_tokens', wholesale_usd_per_unit: '0.0001', resale_usd_per_unit: '0.0003' }),
      expect.objectContaining({ meter: 'output_tokens', wholesale_usd_per_unit: '0.0006', resale_usd_per_unit: '0.0012' }),
    ]);
    await capture(page, 'admin-endpoint-meters');

    // What the server refuses about a price is shown with the price: here a request that lost its
    // output meter on the way (the page itself never sends one), answered by the real API.
    await page.route(`**/api/admin/v1/catalog/${slug}`, async (route) => {
      const body = route.request().postDataJSON();
      await route.continue({ postData: JSON.stringify({ ...body, prices: body.prices.slice(0, 1) }) });
    });
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    const serverProblem = 'the price: a split text price needs both input_tokens and output_tokens';
    await settings.locator('.meter-prices').getByText(serverProblem).waitFor();
    // Shown once: beside the price, not again in the notice under the form.
    expect(await settings.getByText(serverProblem).count()).toBe(1);
    await page.unroute(`**/api/admin/v1/catalog/${slug}`);
    expect(problems.list()).toEqual([expect.stringContaining('status of 400')]);
    problems.clear();
    expect((await gw.admin('GET', `/catalog/${slug}`)).body.prices).toHaveLength(2);

    // A model starts from the endpoint's meters; its own input price is set.
    const models = page.locator('section', { has: page.getByRole('heading', { name: 'Models', exact: true, level: 2 }) });
    await models.getByRole('button', { name: 'Edit models' }).click();
    await models.getByRole('button', { name: 'Add a model' }).click();
    const model = models.locator('fieldset').last();
    await model.getByLabel('Model name').fill('mini');
    await model.getByRole('group', { name: 'Price per 1k input tokens' }).getByLabel('Resale (USD)').fill('0.00015');
    await models.getByRole('button', { name: 'Save models' }).click();
    await models.getByRole('button', { name: 'Edit models' }).waitFor();
    expect((await gw.admin('GET', `/catalog/${slug}`)).body.models).toEqual([
      expect.objectContaining({
        name: 'mini',
        prices: [
          expect.objectContaining({ meter: 'input_tokens', wholesale_usd_per_unit: '0.0001', resale_usd_per_unit: '0.00015' }),
          expect.objectContaining({ meter: 'output_tokens', wholesale_usd_per_unit: '0.0006', resale_usd_per_unit: '0.0012' }),
        ],
      }),
    ]);
    expect(await models.locator('tbody tr').innerText()).toContain(`${usdText('0.00015')} / 1k input tokens`);

    // The website, for a visitor of its own (this browser may hold the public catalog for its max-age,
    // 60 s): each meter's price per 1M tokens (the default is the first model's), and the model's own.
    const visitor = await newContext(browser, gw.url);
    try {
      const site = await visitor.context.newPage();
      await site.goto('/catalog');
      const row = site.locator('tr', { hasText: slug });
      await row.waitFor();
      const text = await row.innerText();
      expect(text).toContain('per meter');
      expect(text).toContain(`${usdText('0.15')} / 1M input tokens`);
      expect(text).toContain(`${usdText('1.2')} / 1M output tokens`);
      await row.getByText('1 model').click();
      const listed = row.getByTestId('model-prices').locator('li[data-model="mini"]');
      expect(await listed.innerText()).toContain(`${usdText('0.15')} / 1M input tokens`);
      expect(await listed.innerText()).toContain(`${usdText('1.2')} / 1M output tokens`);
      await capture(site, 'website-catalog-meters');
      expect(visitor.problems.list()).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });

  it('operators: one added in the form signs in with the password shown once; removing asks first, Cancel keeps them', async () => {
    const name = `Otto ${randomBytes(3).toString('hex')}`;
    const email = `${name.replace(' ', '-').toLowerCase()}@example.com`;
    await page.goto('/admin/operators');
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    // The signed-in operator is marked, and may remove itself after a warning that it signs out (Cancel here).
    const me = page.locator('tr', { hasText: operatorName });
    await me.getByText('you').waitFor();
    await me.getByRole('button', { name: 'Remove yourself' }).click();
    await dialog().getByText('You will be signed out', { exact: false }).waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect((await page.request.get('/api/console/v1/session')).status()).toBe(200);

    await page.getByRole('button', { name: 'Add operator' }).click();
    await dialog().getByLabel('Name').fill(name);
    await dialog().getByLabel('Email').fill(email);
    await dialog().getByRole('button', { name: 'Generate a password' }).click();
    const password = await dialog().getByLabel('First password').inputValue();
    expect(password).toHaveLength(20);
    await dialog().getByRole('button', { name: 'Add operator' }).click();
    await dialog().getByRole('heading', { name: 'Operator added' }).waitFor();
    expect(await dialog().getByTestId('secret-value').inputValue()).toBe(password);
    await capture(page, 'admin-operator-added');
    await dialog().getByRole('button', { name: 'I have saved it' }).click();
    await page.locator('tr', { hasText: email }).waitFor();

    const listed = (await gw.admin('GET', '/operators?limit=100')).body.data.find((o: any) => o.email === email);
    expect(listed).toMatchObject({ name, role: 'operator', tenant_id: null });
    const them = new ConsoleBrowser(gw);
    expect((await them.signIn(email, password)).status).toBe(200);
    await capture(page, 'admin-operators');

    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect((await gw.admin('GET', '/operators?limit=100')).body.data.some((o: any) => o.email === email)).toBe(true);
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await dialog().getByRole('button', { name: 'Remove operator' }).click();
    await page.locator('tr', { hasText: email }).waitFor({ state: 'detached' });
    expect((await gw.admin('GET', '/operators?limit=100')).body.data.some((o: any) => o.email === email)).toBe(false);
    expect((await new ConsoleBrowser(gw).signIn(email, password)).status).toBe(401);
  });

  it('an operator who removes itself is signed out and lands on the sign-in page', async () => {
    const leaving = `Lea ${randomBytes(3).toString('hex')}`;
    const other = await newContext(browser, gw.url);
    try {
      await useSession(other.context, gw, await signInOperator(gw, leaving));
      const own = await other.context.newPage();
      await own.goto('/admin/operators');
      await own.locator('tr', { hasText: leaving }).getByRole('button', { name: 'Remove yourself' }).click();
      const confirmDialog = own.locator('dialog[open]');
      await confirmDialog.getByRole('heading', { name: 'Remove yourself?' }).waitFor();
      await capture(own, 'admin-operator-remove-yourself');
      await confirmDialog.getByRole('button', { name: 'Remove me and sign out' }).click();
      await own.waitForURL(/\/signin/);
      expect((await own.request.get('/api/console/v1/session')).status()).toBe(401);
      expect((await gw.admin('GET', '/operators?limit=100')).body.data.some((o: any) => o.name === leaving)).toBe(false);
      expect(other.problems.list()).toEqual([]);
    } finally {
      await other.context.close();
    }
  });

  it('tenant statements: the month in progress with the API’s figures, per customer too, and the same CSV', async () => {
    const reseller = await gw.createReseller();
    const customer = (await gw.reseller(reseller.managementKey, 'POST', '/customers', { name: 'Ada Customer' })).body;
    const customerKey = (await gw.reseller(reseller.managementKey, 'POST', `/customers/${customer.id}/keys`, {})).body.key as string;
    const ownKey = (await gw.reseller(reseller.managementKey, 'POST', '/keys', { name: 'own' })).body.key as string;
    for (const [key, input] of [
      [customerKey, 'one statement line'],
      [customerKey, 'and another, longer, to cost a little more'],
      [ownKey, 'the reseller itself'],
    ]) {
      const call = await gw.call('text.generate', { key, body: { input } });
      expect(call.status).toBe(200);
      await gw.auditRecord(call.headers.get('x-service-request-id')!);
    }
    const month = thisMonth();
    const whole = (await gw.admin('GET', `/tenants/${reseller.tenantId}/statements/${month}`)).body;
    const ofCustomer = (await gw.admin('GET', `/tenants/${reseller.tenantId}/customers/${customer.id}/statements/${month}`)).body;
    expect(whole.totals.calls).toBe(3);
    expect(ofCustomer.totals.calls).toBe(2);

    await page.goto(`/admin/tenants/${reseller.tenantId}`);
    const statements = page.locator('section', { has: page.getByRole('heading', { name: 'Statements', exact: true, level: 2 }) });
    const statement = page.getByTestId('statement');
    const expectFigures = async (expected: any) => {
      const row = statements.locator('tbody tr').first();
      await row.getByText('in progress').waitFor();
      const cell = (label: string) => row.locator(`td[data-label="${label}"]`).innerText();
      expect(await cell('Calls')).toBe(String(expected.totals.calls));
      expect(await cell('Billed to callers')).toBe(usdText(expected.totals.customer_price_usd));
      expect(await cell('Owed (resale)')).toBe(usdText(expected.totals.resale_usd));
      expect(await cell('Wholesale cost')).toBe(usdText(expected.totals.wholesale_usd));
      expect(await cell('Your margin')).toBe(usdText(expected.totals.operator_margin_usd));
      const stat = (label: string) => statement.locator('.stat', { hasText: label }).locator('.value').innerText();
      expect(await stat('Owed (resale)')).toBe(usdText(expected.totals.resale_usd));
      expect(await stat('Your margin')).toBe(usdText(expected.totals.operator_margin_usd));
      // The slug's own row, not the meter lines in its detail (text.generate's seeded default is priced per meter).
      const line = statement.locator('table:not(.detail-cell table) > tbody > tr:not(.detail-row)', { hasText: 'text.generate' });
      expect(await line.locator('td[data-label="Wholesale cost"]').innerText()).toBe(usdText(expected.lines[0].wholesale_usd));
      expect(await line.locator('td[data-label="Usage"]').innerText()).toBe(
        `${Number(expected.lines[0].quantity).toLocaleString('en-US')} tokens`,
      );
    };
    await statement.waitFor();
    await expectFigures(whole);
    await capture(page, 'admin-tenant-statements');

    // The CSV the page links to is the API's CSV of the month.
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toMatch(/^text\/csv/);
    const fromApi = await fetch(`${gw.url}/api/admin/v1/tenants/${reseller.tenantId}/statements/${month}?format=csv`, {
      headers: { authorization: `Bearer ${gw.adminToken}` },
    });
    expect(await download.text()).toBe(await fromApi.text());

    await statements.getByLabel('Statement of').selectOption({ label: 'Ada Customer' });
    await page.getByRole('heading', { name: /Ada Customer/, level: 2 }).waitFor();
    await expectFigures(ofCustomer);
  });
});
