import { GatewayHarness } from '../support/gateway-harness';
import { nestRoutes } from '../support/registered-routes';

/**
 * Tenant isolation is a security property of the reseller API, checked on every registered route:
 * tenant B's management key, given tenant A's ids, gets 404 (never 403: no existence leak) and
 * changes nothing, and B sees none of A's rows in any list. The routes are enumerated from the app,
 * so a new route fails this suite until it is classified below (and so checked).
 */
const PREFIX = '/api/reseller/v1';

/** Routes without an id: each is checked for what tenant B sees or does through it. */
const ROUTES_WITHOUT_ID = [
  'get /me',
  'get /customers',
  'post /customers',
  'get /keys',
  'post /keys',
  'get /audit',
  'get /reports/usage',
  'get /prices',
  'put /prices/:slug',
  'delete /prices/:slug',
  'get /webhook-endpoints',
  'post /webhook-endpoints',
  'get /webhook-deliveries',
  'get /statements',
  'get /statements/:month',
];

/** Bodies tried in turn on a route that takes one, until one validates. */
const BODIES: object[] = [{ name: 'taken over' }, {}, { period: 'none', cap_usd: '0.000001' }];

/** Which of tenant A's ids each kind of `:id` route is given. */
const ID_OF_ROUTE: Array<[RegExp, 'customer' | 'key' | 'webhookEndpoint' | 'webhookDelivery']> = [
  [/^\/customers\/:id(\/|$)/, 'customer'],
  [/^\/keys\/:id(\/|$)/, 'key'],
  [/^\/webhook-endpoints\/:id(\/|$)/, 'webhookEndpoint'],
  [/^\/webhook-deliveries\/:id(\/|$)/, 'webhookDelivery'],
];

/** The slug given to routes that take one (tenant A has prices on it). */
const SLUG = 'text.generate';

/** The month given to routes that take one: that of tenant A's customer's call (an open statement), set below. */
let MONTH = '';

/** A body that validates, for routes whose body has no name: so that the scope, not validation, answers. */
const BODY_OF_ROUTE: Array<[RegExp, unknown]> = [[/\/prices\/:slug$/, { price_pico_usd_per_unit: 1 }]];

describe('reseller API: tenant isolation on every route', () => {
  let gw: GatewayHarness;
  let a: { tenantId: string; managementKey: string };
  let b: { tenantId: string; managementKey: string };
  const ids = { customer: '', key: '', webhookEndpoint: '', webhookDelivery: '' };

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    a = await gw.createReseller('tenant A');
    b = await gw.createReseller('tenant B');
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
    MONTH = calls[0].created_at.slice(0, 7);
    // A's prices, tenant-wide and for its customer, which B must neither see nor change.
    expect((await gw.reseller(a.managementKey, 'PUT', `/prices/${SLUG}`, { price_pico_usd_per_unit: 2_000_000_000 })).status).toBe(200);
    const customerPrice = { price_pico_usd_per_unit: 3_000_000_000 };
    expect((await gw.reseller(a.managementKey, 'PUT', `/customers/${ids.customer}/prices/${SLUG}`, customerPrice)).status).toBe(200);
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
    customerBudget: (await gw.reseller(a.managementKey, 'GET', `/customers/${ids.customer}/budget`)).body,
    customers: (await gw.reseller(a.managementKey, 'GET', '/customers')).body,
    keys: (await gw.reseller(a.managementKey, 'GET', '/keys')).body,
    prices: (await gw.reseller(a.managementKey, 'GET', '/prices')).body,
    customerPrices: (await gw.reseller(a.managementKey, 'GET', `/customers/${ids.customer}/prices`)).body,
    webhookEndpoint: (await gw.reseller(a.managementKey, 'GET', `/webhook-endpoints/${ids.webhookEndpoint}`)).body,
    webhookEndpoints: (await gw.reseller(a.managementKey, 'GET', '/webhook-endpoints')).body,
    webhookDelivery: (await gw.reseller(a.managementKey, 'GET', `/webhook-deliveries/${ids.webhookDelivery}`)).body,
    webhookDeliveries: (await gw.reseller(a.managementKey, 'GET', '/webhook-deliveries')).body,
    customerStatement: (await gw.reseller(a.managementKey, 'GET', `/customers/${ids.customer}/statements/${MONTH}`)).body,
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

  it("answers 404 to tenant B on every route that takes one of tenant A's ids, and changes nothing", async () => {
    const before = await snapshotOfA();
    const answers: string[] = [];
    for (const route of resellerRoutes()) {
      const kind = ID_OF_ROUTE.find(([pattern]) => pattern.test(route.path))?.[1];
      if (!kind) continue;
      const path = route.path.replace(':id', ids[kind]).replace(':slug', SLUG).replace(':month', MONTH);
      // A body that would change something where a route takes one: the route's own, else the
      // first that validates, so that the scope, not validation, answers.
      const withBody = route.method !== 'get' && route.method !== 'delete';
      const own = BODY_OF_ROUTE.find(([pattern]) => pattern.test(route.path))?.[1];
      const bodies = own ? [own] : BODIES;
      let res = await gw.reseller(b.managementKey, route.method.toUpperCase(), path, withBody ? bodies[0] : undefined);
      for (const body of bodies.slice(1)) {
        if (!withBody || res.status !== 400) break;
        res = await gw.reseller(b.managementKey, route.method.toUpperCase(), path, body);
      }
      answers.push(`${route.method.toUpperCase()} ${route.path} → ${res.status} ${res.body?.error?.code}`);
    }
    expect(answers.length).toBeGreaterThanOrEqual(11);
    expect(answers.filter((a) => a.includes('/prices'))).toHaveLength(3);
    expect(answers.filter((a) => a.includes('/webhook-'))).toHaveLength(6);
    expect(answers.filter((a) => a.includes('/statements'))).toHaveLength(2);
    expect(answers.filter((a) => !a.endsWith('→ 404 resource_not_found'))).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
    // A's customer key still works: nothing B did suspended, deleted or revoked anything.
    expect((await gw.reseller(a.managementKey, 'GET', `/keys/${ids.key}`)).body.status).toBe('active');
  });

  it("shows tenant B none of tenant A's rows in any list or read without an id, and creates only in B", async () => {
    const seenByB = [
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', '/me')).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', '/customers')).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', '/customers?external_id=shared-id')).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', `/keys?customer_id=${ids.customer}`)).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', '/keys')).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', '/audit')).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', `/audit?customer_id=${ids.customer}`)).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', `/audit?api_key_id=${ids.key}`)).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', '/prices')).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', '/webhook-endpoints')).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', '/webhook-deliveries')).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', `/webhook-deliveries?endpoint_id=${ids.webhookEndpoint}`)).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', '/statements')).body),
      JSON.stringify((await gw.reseller(b.managementKey, 'GET', `/statements/${MONTH}`)).body),
    ].join('\n');
    for (const secret of [a.tenantId, ids.customer, ids.key, ids.webhookEndpoint, ids.webhookDelivery])
      expect(seenByB).not.toContain(secret);
    expect((await gw.reseller(b.managementKey, 'GET', '/prices')).body).toEqual({ data: [] });
    // A's customer called this month: A's open statement has the call, B's has nothing of it.
    expect((await gw.reseller(a.managementKey, 'GET', `/statements/${MONTH}`)).body.totals.calls).toBe(1);
    expect((await gw.reseller(b.managementKey, 'GET', `/statements/${MONTH}`)).body).toMatchObject({ tenant_id: b.tenantId, lines: [] });

    // B's prices on the same slug are B's alone: A's stay as they were, and removing B's leaves A's.
    const pricesOfA = (await gw.reseller(a.managementKey, 'GET', '/prices')).body;
    const bPrice = await gw.reseller(b.managementKey, 'PUT', `/prices/${SLUG}`, { price_pico_usd_per_unit: 5 });
    expect(bPrice.body).toMatchObject({ slug: SLUG, customer_id: null, price_pico_usd_per_unit: 5 });
    expect((await gw.reseller(a.managementKey, 'GET', '/prices')).body).toEqual(pricesOfA);
    expect((await gw.reseller(b.managementKey, 'DELETE', `/prices/${SLUG}`)).status).toBe(204);
    expect((await gw.reseller(b.managementKey, 'DELETE', `/prices/${SLUG}`)).status).toBe(204);
    expect((await gw.reseller(a.managementKey, 'GET', '/prices')).body).toEqual(pricesOfA);

    const created = await gw.reseller(b.managementKey, 'POST', '/keys', { name: 'B own key' });
    expect(created.body.tenant_id).toBe(b.tenantId);
    const customer = await gw.reseller(b.managementKey, 'POST', '/customers', { name: 'B second' });
    expect((await gw.reseller(a.managementKey, 'GET', `/customers/${customer.body.id}`)).status).toBe(404);
  });
});
