import { ConsoleBrowser, type JsonAnswer } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { nestRoutes } from '../support/registered-routes';

/**
 * Tenant isolation is a security property of the reseller and console APIs, checked on every
 * registered route: tenant B, given tenant A's ids, gets 404 (never 403: no existence leak) and
 * changes nothing, and B sees none of A's rows in any list. B calls the reseller API twice over,
 * with its management key and with its owner's console session (cookie and CSRF token), and the
 * console API with that session. The routes are enumerated from the app, so a new route fails this
 * suite until it is classified below (and so checked).
 */
const PREFIX = '/api/reseller/v1';
const CONSOLE_PREFIX = '/api/console/v1';

/** Routes without an id: each is checked for what tenant B sees or does through it. */
const ROUTES_WITHOUT_ID = [
  'get /me',
  'get /customers',
  'post /customers',
  'get /keys',
  'post /keys',
  'get /audit',
  'get /audit/export',
  'get /activity',
  'get /reports/usage',
  'get /reports/usage/export',
  'get /prices',
  'put /prices/:slug',
  'delete /prices/:slug',
  'put /prices/:slug/meters/:meter',
  'delete /prices/:slug/meters/:meter',
  'get /markups',
  'put /markups/:slug',
  'delete /markups/:slug',
  'get /webhook-endpoints',
  'post /webhook-endpoints',
  'get /webhook-deliveries',
  'get /statements',
  'get /statements/:month',
  'put /me/plan',
  'delete /me/scheduled-plan-change',
  'get /management-keys',
  'post /management-keys',
];

/** Bodies tried in turn on a route that takes one, until one validates. */
const BODIES: object[] = [{ name: 'taken over' }, {}, { period: 'none', cap_usd: '0.000001' }];

/** Which of tenant A's ids each kind of `:id` route is given. */
const ID_OF_ROUTE: Array<[RegExp, 'customer' | 'key' | 'webhookEndpoint' | 'webhookDelivery' | 'managementKey' | 'call']> = [
  [/^\/audit\/:id$/, 'call'],
  [/^\/customers\/:id(\/|$)/, 'customer'],
  [/^\/keys\/:id(\/|$)/, 'key'],
  [/^\/webhook-endpoints\/:id(\/|$)/, 'webhookEndpoint'],
  [/^\/webhook-deliveries\/:id(\/|$)/, 'webhookDelivery'],
  [/^\/management-keys\/:id(\/|$)/, 'managementKey'],
];

/** The month given to routes that take one: that of tenant A's customer's call (an open statement), set below. */
let MONTH = '';

/** Console routes without an id (they act on the caller's own session, user or tenant). */
const CONSOLE_ROUTES_WITHOUT_ID = [
  'post /signup',
  'post /session',
  'get /session',
  'delete /session',
  'put /password',
  'get /users',
  'post /users',
  'get /invitations',
  'post /invitations/inspect',
  'post /invitations/accept',
  'post /password-resets/inspect',
  'post /password-resets/use',
  'get /setup',
  'post /setup/first-operator',
];

/** Which of tenant A's ids each kind of console `:id` route is given. */
const CONSOLE_ID_OF_ROUTE: Array<[RegExp, 'user' | 'invitation']> = [
  [/^\/users\/:id(\/|$)/, 'user'],
  [/^\/invitations\/:id$/, 'invitation'],
];

/** The slug given to routes that take one (tenant A has prices and markups on it): priced per 1k tokens alone. */
const SLUG = 'text.embed';
/** The meter given to routes that take one: SLUG's. */
const METER = 'tokens';

/** A body that validates, for routes whose body has no name: so that the scope, not validation, answers. */
const BODY_OF_ROUTE: Array<[RegExp, unknown]> = [
  [/\/prices\/:slug(\/meters\/:meter)?$/, { price_usd_per_unit: '0.000000000001' }],
  [/\/markups\/:slug$/, { markup_bps: 1 }],
  [/\/limits\/:slug$/, { requests_per_window: 1 }],
];

/** `text`: the answer's body as text, not parsed (a CSV export). */
type Caller = (method: string, path: string, body?: unknown, options?: { text?: boolean }) => Promise<JsonAnswer & { text: string }>;

describe('reseller and console APIs: tenant isolation on every route', () => {
  let gw: GatewayHarness;
  let a: { tenantId: string; managementKey: string };
  let b: { tenantId: string; managementKey: string };
  let aOwner: Awaited<ReturnType<typeof ConsoleBrowser.signUp>>;
  let bOwner: Awaited<ReturnType<typeof ConsoleBrowser.signUp>>;
  const ids = { customer: '', key: '', webhookEndpoint: '', webhookDelivery: '', managementKey: '', user: '', invitation: '', call: '' };
  /** Tenant B on the reseller API: by its management key, and by its owner's session. */
  const asB: Record<'management key' | 'session', Caller> = {
    'management key': async (method, path, body, options) => {
      if (!options?.text) return (await gw.reseller(b.managementKey, method, path, body)) as JsonAnswer & { text: string };
      const res = await fetch(`${gw.url}${PREFIX}${path}`, { method, headers: { authorization: `Bearer ${b.managementKey}` } });
      return { status: res.status, body: undefined, headers: res.headers, text: await res.text() };
    },
    session: (method, path, body, options) => bOwner.reseller(method, path, body, options),
  };

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    // Tenant A signs up, and its owner issues the management key the setup below uses.
    aOwner = await ConsoleBrowser.signUp(gw, { organization: 'tenant A' });
    const aManagementKey = await aOwner.reseller('POST', '/management-keys', { name: 'A setup' });
    a = { tenantId: aOwner.tenantId, managementKey: aManagementKey.body.key };
    ids.managementKey = aManagementKey.body.id;
    // A has a second user (a developer, by invitation) and a pending invitation.
    const invited = await aOwner.console('POST', '/users', { email: `dev-${aOwner.tenantId}@example.com`, role: 'developer' });
    const developer = await new ConsoleBrowser(gw).console('POST', '/invitations/accept', {
      token: invited.body.token,
      name: 'A developer',
      password: 'another long password',
    });
    ids.user = developer.body.user.id;
    ids.invitation = (
      await aOwner.console('POST', '/users', { email: `viewer-${aOwner.tenantId}@example.com`, role: 'viewer' })
    ).body.invitation.id;
    // Tenant B signs up too; its owner issues B's management key.
    bOwner = await ConsoleBrowser.signUp(gw, { organization: 'tenant B' });
    b = { tenantId: bOwner.tenantId, managementKey: (await bOwner.reseller('POST', '/management-keys', { name: 'B' })).body.key };
    ids.customer = (await gw.reseller(a.managementKey, 'POST', '/customers', { name: 'A customer', external_id: 'shared-id' })).body.id;
    const aKey = (await gw.reseller(a.managementKey, 'POST', `/customers/${ids.customer}/keys`, { name: 'A key' })).body;
    ids.key = aKey.id;
    for (const path of [`/keys/${ids.key}/budget`, `/customers/${ids.customer}/budget`]) {
      expect((await gw.reseller(a.managementKey, 'PUT', path, { period: 'monthly', cap_usd: '100' })).status).toBe(200);
    }
    // A call of A's customer, so that A's audit trail has a row B must never see.
    expect((await gw.call('text.generate', { key: aKey.key, body: { input: 'private' } })).status).toBe(200);
    await gw.flushAudit();
    const calls = (await gw.reseller(a.managementKey, 'GET', '/audit')).body.data;
    expect(calls).toHaveLength(1);
    ids.call = calls[0].request_id;
    MONTH = calls[0].created_at.slice(0, 7);
    // A's limits on its key and customer (one slug each), which B must neither see nor change.
    for (const path of [`/keys/${ids.key}/limits/${SLUG}`, `/customers/${ids.customer}/limits/${SLUG}`]) {
      expect((await gw.reseller(a.managementKey, 'PUT', path, { requests_per_window: 1000 })).status).toBe(200);
    }
    // A's prices, tenant-wide and for its customer, which B must neither see nor change.
    expect((await gw.reseller(a.managementKey, 'PUT', `/prices/${SLUG}`, { price_usd_per_unit: '0.002' })).status).toBe(200);
    const customerPrice = { price_usd_per_unit: '0.003' };
    expect((await gw.reseller(a.managementKey, 'PUT', `/customers/${ids.customer}/prices/${SLUG}`, customerPrice)).status).toBe(200);
    // A's markups, on every slug and on SLUG, tenant-wide and for its customer.
    for (const path of [
      '/markups/*',
      `/markups/${SLUG}`,
      `/customers/${ids.customer}/markups/*`,
      `/customers/${ids.customer}/markups/${SLUG}`,
    ]) {
      expect((await gw.reseller(a.managementKey, 'PUT', path, { markup_bps: 2500 })).status).toBe(200);
    }
    // A's webhook endpoint and one delivery on it (a customer of A's, suspended; no job runs here).
    const endpoint = { url: 'https://hooks.example.com/a', events: ['customer.suspended'] };
    ids.webhookEndpoint = (await gw.reseller(a.managementKey, 'POST', '/webhook-endpoints', endpoint)).body.id;
    const suspended = (await gw.reseller(a.managementKey, 'POST', '/customers', { name: 'A suspended' })).body;
    expect((await gw.reseller(a.managementKey, 'POST', `/customers/${suspended.id}/suspend`)).status).toBe(200);
    ids.webhookDelivery = (await gw.reseller(a.managementKey, 'GET', '/webhook-deliveries')).body.data[0].id;
    // B holds a customer with the same external_id: external ids are per tenant.
    expect((await gw.reseller(b.managementKey, 'POST', '/customers', { name: 'B customer', external_id: 'shared-id' })).status).toBe(201);
  });

  afterAll(async () => {
    await gw.close();
  });

  /** Everything tenant A can read about its resources, to compare before and after B's attempts. */
  const snapshotOfA = async () => ({
    customer: (await gw.reseller(a.managementKey, 'GET', `/customers/${ids.customer}`)).body,
    key: (await gw.reseller(a.managementKey, 'GET', `/keys/${ids.key}`)).body,
    keyBudget: (await gw.reseller(a.managementKey, 'GET', `/keys/${ids.key}/budget`)).body,
    keyLimits: (await gw.reseller(a.managementKey, 'GET', `/keys/${ids.key}/limits`)).body,
    customerLimits: (await gw.reseller(a.managementKey, 'GET', `/customers/${ids.customer}/limits`)).body,
    customerBudget: (await gw.reseller(a.managementKey, 'GET', `/customers/${ids.customer}/budget`)).body,
    customers: (await gw.reseller(a.managementKey, 'GET', '/customers')).body,
    keys: (await gw.reseller(a.managementKey, 'GET', '/keys')).body,
    prices: (await gw.reseller(a.managementKey, 'GET', '/prices')).body,
    customerPrices: (await gw.reseller(a.managementKey, 'GET', `/customers/${ids.customer}/prices`)).body,
    markups: (await gw.reseller(a.managementKey, 'GET', '/markups')).body,
    customerMarkups: (await gw.reseller(a.managementKey, 'GET', `/customers/${ids.customer}/markups`)).body,
    webhookEndpoint: (await gw.reseller(a.managementKey, 'GET', `/webhook-endpoints/${ids.webhookEndpoint}`)).body,
    webhookEndpoints: (await gw.reseller(a.managementKey, 'GET', '/webhook-endpoints')).body,
    webhookDelivery: (await gw.reseller(a.managementKey, 'GET', `/webhook-deliveries/${ids.webhookDelivery}`)).body,
    webhookDeliveries: (await gw.reseller(a.managementKey, 'GET', '/webhook-deliveries')).body,
    customerStatement: (await gw.reseller(a.managementKey, 'GET', `/customers/${ids.customer}/statements/${MONTH}`)).body,
    managementKeys: (await gw.reseller(a.managementKey, 'GET', '/management-keys')).body,
    me: (await gw.reseller(a.managementKey, 'GET', '/me')).body,
    users: (await aOwner.console('GET', '/users')).body,
    invitations: (await aOwner.console('GET', '/invitations')).body,
  });

  const resellerRoutes = () =>
    nestRoutes(gw.app)
      .filter((r) => r.path.startsWith(`${PREFIX}/`))
      .map((r) => ({ method: r.method, path: r.path.slice(PREFIX.length), handler: r.handler }));

  it('knows every reseller route', () => {
    const unknown = resellerRoutes().filter(
      (r) => !ROUTES_WITHOUT_ID.includes(`${r.method} ${r.path}`) && !ID_OF_ROUTE.some(([pattern]) => pattern.test(r.path)),
    );
    expect(unknown.map((r) => `${r.handler}: ${r.method.toUpperCase()} ${r.path}`)).toEqual([]);
    expect(resellerRoutes().length).toBeGreaterThanOrEqual(12);
  });

  it.each(['management key', 'session'] as const)(
    "answers 404 to tenant B (%s) on every route that takes one of tenant A's ids, and changes nothing",
    async (credential) => {
      const asTenantB = asB[credential];
      const before = await snapshotOfA();
      const answers: string[] = [];
      for (const route of resellerRoutes()) {
        const kind = ID_OF_ROUTE.find(([pattern]) => pattern.test(route.path))?.[1];
        if (!kind) continue;
        const path = route.path.replace(':id', ids[kind]).replace(':slug', SLUG).replace(':meter', METER).replace(':month', MONTH);
        // A body that would change something where a route takes one: the route's own, else the
        // first that validates, so that the scope, not validation, answers.
        const withBody = route.method !== 'get' && route.method !== 'delete';
        const own = BODY_OF_ROUTE.find(([pattern]) => pattern.test(route.path))?.[1];
        const bodies = own ? [own] : BODIES;
        let res = await asTenantB(route.method.toUpperCase(), path, withBody ? bodies[0] : undefined);
        for (const body of bodies.slice(1)) {
          if (!withBody || res.status !== 400) break;
          res = await asTenantB(route.method.toUpperCase(), path, body);
        }
        answers.push(`${route.method.toUpperCase()} ${route.path} → ${res.status} ${res.body?.error?.code}`);
      }
      expect(answers.length).toBeGreaterThanOrEqual(12);
      expect(answers.filter((a) => a.includes('/prices'))).toHaveLength(5);
      expect(answers.filter((a) => a.includes('/markups'))).toHaveLength(3);
      expect(answers.filter((a) => a.includes('/webhook-'))).toHaveLength(7);
      expect(answers.filter((a) => a.includes('/management-keys/'))).toHaveLength(1);
      expect(answers.filter((a) => a.includes('/statements'))).toHaveLength(2);
      expect(answers.filter((a) => a.includes('/limits/:slug'))).toHaveLength(4);
      expect(answers.filter((a) => a.includes('/audit/:id'))).toHaveLength(1);
      expect(answers.filter((a) => !a.endsWith('→ 404 resource_not_found'))).toEqual([]);
      expect(await snapshotOfA()).toEqual(before);
      // A's customer key still works: nothing B did suspended, deleted or revoked anything.
      expect((await gw.reseller(a.managementKey, 'GET', `/keys/${ids.key}`)).body.status).toBe('active');
    },
  );

  it.each(['management key', 'session'] as const)(
    "shows tenant B (%s) none of tenant A's rows in any list or read without an id, and creates only in B",
    async (credential) => {
      const asTenantB = asB[credential];
      const seenByB = [
        JSON.stringify((await asTenantB('GET', '/me')).body),
        JSON.stringify((await asTenantB('GET', '/customers')).body),
        JSON.stringify((await asTenantB('GET', '/customers?external_id=shared-id')).body),
        JSON.stringify((await asTenantB('GET', `/keys?customer_id=${ids.customer}`)).body),
        JSON.stringify((await asTenantB('GET', '/keys')).body),
        JSON.stringify((await asTenantB('GET', '/keys?customer_id=none')).body),
        JSON.stringify((await asTenantB('GET', `/keys?ids=${ids.key}`)).body),
        JSON.stringify((await asTenantB('GET', `/customers?ids=${ids.customer}`)).body),
        JSON.stringify((await asTenantB('GET', '/audit?customer_id=none')).body),
        JSON.stringify((await asTenantB('GET', '/audit')).body),
        JSON.stringify((await asTenantB('GET', `/audit?customer_id=${ids.customer}`)).body),
        JSON.stringify((await asTenantB('GET', `/audit?api_key_id=${ids.key}`)).body),
        JSON.stringify((await asTenantB('GET', '/prices')).body),
        JSON.stringify((await asTenantB('GET', '/markups')).body),
        JSON.stringify((await asTenantB('GET', '/webhook-endpoints')).body),
        JSON.stringify((await asTenantB('GET', '/webhook-deliveries')).body),
        JSON.stringify((await asTenantB('GET', `/webhook-deliveries?endpoint_id=${ids.webhookEndpoint}`)).body),
        JSON.stringify((await asTenantB('GET', '/statements')).body),
        JSON.stringify((await asTenantB('GET', `/statements/${MONTH}`)).body),
        JSON.stringify((await asTenantB('GET', '/management-keys')).body),
        JSON.stringify((await asTenantB('GET', '/activity')).body),
        JSON.stringify((await asTenantB('GET', `/activity?entity_id=customer:${ids.customer}`)).body),
        JSON.stringify((await asTenantB('GET', `/activity?entity_id=key:${ids.key}`)).body),
      ].join('\n');
      // The CSV exports (text, not JSON), with and without A's ids as filters: a header row and nothing of A's.
      const exports = [];
      for (const path of [
        '/audit/export',
        `/audit/export?customer_id=${ids.customer}`,
        `/audit/export?api_key_id=${ids.key}`,
        `/audit/export?request_id=${ids.call}`,
        '/reports/usage/export?group_by=customer',
        '/reports/usage/export?group_by=slug',
      ]) {
        const csv = await asTenantB('GET', path, undefined, { text: true });
        expect([path, csv.status]).toEqual([path, 200]);
        exports.push(csv.text);
      }
      expect(exports.slice(0, 4).map((text) => text.trimEnd().split('\r\n'))).toEqual(
        exports.slice(0, 4).map((text) => [text.split('\r\n')[0]]),
      );
      for (const secret of [a.tenantId, ids.customer, ids.key, ids.webhookEndpoint, ids.webhookDelivery, ids.managementKey, ids.call])
        expect(`${seenByB}\n${exports.join('\n')}`).not.toContain(secret);
      expect((await asTenantB('GET', '/prices')).body).toEqual({ data: [] });
      expect((await asTenantB('GET', '/markups')).body).toEqual({ data: [] });
      // Given A's ids, B's lists hold none of them: absent, as if unknown (A sees them by the same query).
      expect((await asTenantB('GET', `/customers?ids=${ids.customer}`)).body).toEqual({ data: [], next_cursor: null });
      expect((await asTenantB('GET', `/keys?ids=${ids.key}`)).body).toEqual({ data: [], next_cursor: null });
      expect((await gw.reseller(a.managementKey, 'GET', `/customers?ids=${ids.customer}`)).body.data).toHaveLength(1);
      expect((await gw.reseller(a.managementKey, 'GET', `/keys?ids=${ids.key}`)).body.data).toHaveLength(1);
      // A's limit changes are in A's activity log; B's filter by the same entity finds nothing.
      expect((await gw.reseller(a.managementKey, 'GET', `/activity?entity_id=customer:${ids.customer}`)).body.data.length).toBeGreaterThan(
        0,
      );
      expect((await asTenantB('GET', `/activity?entity_id=customer:${ids.customer}`)).body).toEqual({ data: [], next_cursor: null });
      // A's customer called this month: A's open statement has the call, B's has nothing of it.
      expect((await gw.reseller(a.managementKey, 'GET', `/statements/${MONTH}`)).body.totals.calls).toBe(1);
      expect((await asTenantB('GET', `/statements/${MONTH}`)).body).toMatchObject({ tenant_id: b.tenantId, lines: [] });

      // B's prices on the same slug are B's alone: A's stay as they were, and removing B's leaves A's.
      const pricesOfA = (await gw.reseller(a.managementKey, 'GET', '/prices')).body;
      const bPrice = await asTenantB('PUT', `/prices/${SLUG}`, { price_usd_per_unit: '0.000000000005' });
      expect(bPrice.body).toMatchObject({ slug: SLUG, customer_id: null, price_usd_per_unit: '0.000000000005' });
      expect((await gw.reseller(a.managementKey, 'GET', '/prices')).body).toEqual(pricesOfA);
      expect((await asTenantB('DELETE', `/prices/${SLUG}`)).status).toBe(204);
      expect((await asTenantB('DELETE', `/prices/${SLUG}`)).status).toBe(204);
      expect((await gw.reseller(a.managementKey, 'GET', '/prices')).body).toEqual(pricesOfA);
      // The same for a price per meter and for markups on the same slug and on every slug.
      const markupsOfA = (await gw.reseller(a.managementKey, 'GET', '/markups')).body;
      expect((await asTenantB('PUT', `/prices/${SLUG}/meters/${METER}`, { price_usd_per_unit: '0.000000000007' })).status).toBe(200);
      for (const slug of ['*', SLUG]) {
        expect((await asTenantB('PUT', `/markups/${slug}`, { markup_bps: 7 })).body).toMatchObject({
          slug,
          customer_id: null,
          markup_bps: 7,
        });
      }
      expect((await gw.reseller(a.managementKey, 'GET', '/prices')).body).toEqual(pricesOfA);
      expect((await gw.reseller(a.managementKey, 'GET', '/markups')).body).toEqual(markupsOfA);
      expect((await asTenantB('DELETE', `/prices/${SLUG}/meters/${METER}`)).status).toBe(204);
      for (const slug of ['*', SLUG]) expect((await asTenantB('DELETE', `/markups/${slug}`)).status).toBe(204);
      expect((await gw.reseller(a.managementKey, 'GET', '/prices')).body).toEqual(pricesOfA);
      expect((await gw.reseller(a.managementKey, 'GET', '/markups')).body).toEqual(markupsOfA);

      const created = await asTenantB('POST', '/keys', { name: 'B own key' });
      expect(created.body.tenant_id).toBe(b.tenantId);
      const customer = await asTenantB('POST', '/customers', { name: 'B second' });
      expect((await gw.reseller(a.managementKey, 'GET', `/customers/${customer.body.id}`)).status).toBe(404);
    },
  );

  const consoleRoutes = () =>
    nestRoutes(gw.app)
      .filter((r) => r.path.startsWith(`${CONSOLE_PREFIX}/`))
      .map((r) => ({ method: r.method, path: r.path.slice(CONSOLE_PREFIX.length), handler: r.handler }));

  it('knows every console route', () => {
    const unknown = consoleRoutes().filter(
      (r) => !CONSOLE_ROUTES_WITHOUT_ID.includes(`${r.method} ${r.path}`) && !CONSOLE_ID_OF_ROUTE.some(([pattern]) => pattern.test(r.path)),
    );
    expect(unknown.map((r) => `${r.handler}: ${r.method.toUpperCase()} ${r.path}`)).toEqual([]);
  });

  it("answers 404 to tenant B's owner on every console route that takes one of tenant A's ids, and changes nothing", async () => {
    const before = await snapshotOfA();
    const answers: string[] = [];
    for (const route of consoleRoutes()) {
      const kind = CONSOLE_ID_OF_ROUTE.find(([pattern]) => pattern.test(route.path))?.[1];
      if (!kind) continue;
      const body = route.method === 'patch' ? { role: 'viewer' } : undefined;
      const res = await bOwner.console(route.method.toUpperCase(), route.path.replace(':id', ids[kind]), body);
      answers.push(`${route.method.toUpperCase()} ${route.path} → ${res.status} ${res.body?.error?.code}`);
    }
    expect(answers).toHaveLength(5);
    expect(answers.filter((a) => !a.endsWith('→ 404 resource_not_found'))).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  });

  it("shows tenant B's owner none of tenant A's users or invitations", async () => {
    const seenByB = [
      JSON.stringify((await bOwner.console('GET', '/session')).body),
      JSON.stringify((await bOwner.console('GET', '/users')).body),
      JSON.stringify((await bOwner.console('GET', '/invitations')).body),
    ].join('\n');
    for (const secret of [a.tenantId, aOwner.userId, ids.user, ids.invitation, aOwner.email]) expect(seenByB).not.toContain(secret);
    expect((await bOwner.console('GET', '/users')).body.data.map((u: { id: string }) => u.id)).toEqual([bOwner.userId]);
  });
});
