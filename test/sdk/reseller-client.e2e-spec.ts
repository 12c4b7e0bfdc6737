import {
  AuthenticationError,
  ConflictError,
  Gateway,
  NotFoundError,
  PermissionDeniedError,
  picoUsdToUsdString,
  RESELLER_ROUTES,
  ResellerClient,
  usdToPicoUsd,
  type FetchLike,
} from '../../sdk/src/index.js';
import { GatewayHarness } from '../support/gateway-harness';
import type { TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';
import { startReceiver, webhookEnv } from '../support/webhook-fixtures';

/** The route a request went to (`GET /customers/{id}`), by matching its URL against the route templates. */
function routeOf(method: string, url: string): string | undefined {
  const path = new URL(url).pathname.replace(/^\/api\/reseller\/v1/, '');
  return RESELLER_ROUTES.find((route) => {
    const [routeMethod, template] = route.split(' ');
    return routeMethod === method && new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(path);
  });
}

/**
 * Every method of the SDK's reseller client against the real reseller API, in one reseller's life:
 * customers, keys, limits, budgets, prices, a call, the audit trail, usage, webhooks, the plan and
 * management keys. Every
 * route of the generated route table must have been answered with a success by the end.
 */
describe('SDK ResellerClient against the gateway', () => {
  let gw: GatewayHarness;
  let receiver: TestUpstream;
  let client: ResellerClient;
  let tenantId: string;
  /** Routes answered with a 2xx. */
  const succeeded = new Set<string>();
  let recording: FetchLike;
  let managementKey: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start(webhookEnv());
    receiver = await startReceiver();
    const reseller = await gw.createReseller();
    tenantId = reseller.tenantId;
    managementKey = reseller.managementKey;
    recording = async (url, init) => {
      const response = await fetch(url, init);
      const route = routeOf(init.method ?? 'GET', url);
      if (response.ok && route) succeeded.add(route);
      return response;
    };
    client = new ResellerClient({ managementKey: reseller.managementKey, baseUrl: gw.url, fetch: recording });
  });

  afterAll(async () => {
    await gw?.close();
    await receiver?.close();
  });

  it('runs a reseller’s whole life through the client, every route answered', async () => {
    const me = await client.me();
    expect(me.data.tenant).toMatchObject({ id: tenantId, kind: 'reseller' });
    expect(me).toMatchObject({ requestId: expect.any(String), rateLimit: { limit: expect.any(Number), remaining: expect.any(Number) } });

    // Customers
    const { data: ada } = await client.customers.create({ name: 'Ada Ltd', external_id: 'crm-42', metadata: { tier: 'gold' } });
    expect(ada).toMatchObject({ name: 'Ada Ltd', external_id: 'crm-42', status: 'active', metadata: { tier: 'gold' } });
    await expect(client.customers.create({ name: 'Ada again', external_id: 'crm-42' })).rejects.toBeInstanceOf(ConflictError);
    expect((await client.customers.list({ external_id: 'crm-42' })).data.data.map((c) => c.id)).toEqual([ada.id]);
    expect((await client.customers.get(ada.id)).data.id).toBe(ada.id);
    expect((await client.customers.update(ada.id, { name: 'Ada Limited' })).data.name).toBe('Ada Limited');

    // Keys
    const { data: customerKey } = await client.customers.createKey(ada.id, { name: 'production' });
    expect(customerKey).toMatchObject({ customer_id: ada.id, name: 'production', key: expect.stringMatching(/^gw_/) });
    const { data: ownKey } = await client.keys.create();
    expect(ownKey.customer_id).toBeNull();
    expect((await client.keys.list({ customer_id: ada.id })).data.data.map((k) => k.id)).toEqual([customerKey.id]);
    expect((await client.customers.listKeys(ada.id)).data.data.map((k) => k.id)).toEqual([customerKey.id]);
    expect((await client.keys.list({ customer_id: 'none' })).data.data.map((k) => k.id)).toEqual([ownKey.id]);
    expect((await client.keys.list({ ids: [customerKey.id, ownKey.id] })).data.data.map((k) => k.id)).toEqual([ownKey.id, customerKey.id]);
    expect((await client.customers.list({ ids: [ada.id, ownKey.id] })).data.data.map((c) => c.id)).toEqual([ada.id]);
    expect((await client.keys.get(customerKey.id)).data.prefix).toBe(customerKey.prefix);
    expect((await client.keys.update(customerKey.id, { name: 'prod' })).data.name).toBe('prod');

    // Limits
    expect((await client.keys.setLimits(customerKey.id, { per_slug: { 'text.generate': 60 } })).data).toMatchObject({
      per_slug: { 'text.generate': 60 },
    });
    expect((await client.keys.getLimits(customerKey.id)).data.per_slug).toEqual({ 'text.generate': 60 });
    await client.customers.setLimits(ada.id, { requests_per_window: 500, allowed_endpoints: ['text.*'] });
    expect((await client.customers.getLimits(ada.id)).data).toMatchObject({ requests_per_window: 500, allowed_endpoints: ['text.*'] });
    // One slug at a time, and versions: a change on a stale ETag is a ConflictError (412 precondition_failed).
    const read = await client.keys.getLimits(customerKey.id);
    expect(read.etag).toMatch(/^".+"$/);
    const slugSet = await client.keys.setSlugLimit(customerKey.id, 'text.embed', 30);
    expect(slugSet.data.per_slug).toEqual({ 'text.generate': 60, 'text.embed': 30 });
    const stale = await client.keys.setLimits(customerKey.id, {}, { ifMatch: read.etag! }).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale).toMatchObject({ code: 'precondition_failed', status: 412, details: { etag: slugSet.etag } });
    expect((await client.keys.deleteSlugLimit(customerKey.id, 'text.embed', { ifMatch: slugSet.etag! })).data.per_slug).toEqual({
      'text.generate': 60,
    });
    expect((await client.customers.setSlugLimit(ada.id, 'text.generate', 100)).data.per_slug).toEqual({ 'text.generate': 100 });
    expect((await client.customers.deleteSlugLimit(ada.id, 'text.generate')).data.per_slug).toEqual({});

    // Budgets
    expect((await client.keys.setBudget(customerKey.id, { period: 'daily', cap_usd: '1' })).data).toMatchObject({
      subject: 'key',
      cap_usd: '1',
    });
    expect((await client.keys.getBudget(customerKey.id)).data.period).toBe('daily');
    expect((await client.keys.deleteBudget(customerKey.id)).data).toBeUndefined();
    await expect(client.keys.getBudget(customerKey.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await client.customers.setBudget(ada.id, { period: 'monthly', cap_usd: '25' })).data).toMatchObject({
      subject: 'customer',
      remaining_usd: '25',
    });

    // Prices: per billing unit of a single-meter slug, per meter of text.generate (input and output tokens), and markups.
    expect((await client.prices.set('text.embed', '0.004')).data).toMatchObject({
      slug: 'text.embed',
      meter: 'tokens',
      price_usd_per_unit: '0.004',
    });
    expect((await client.prices.setMeter('text.generate', 'output_tokens', '0.008')).data).toMatchObject({ meter: 'output_tokens' });
    expect((await client.prices.list()).data.data.map((p) => [p.slug, p.meter])).toEqual([
      ['text.embed', 'tokens'],
      ['text.generate', 'output_tokens'],
    ]);
    await client.customers.setPrice(ada.id, 'text.embed', '0.005');
    await client.customers.setMeterPrice(ada.id, 'text.generate', 'input_tokens', '0.002');
    expect((await client.customers.listPrices(ada.id)).data.data).toMatchObject([
      { slug: 'text.embed', customer_id: ada.id },
      { slug: 'text.generate', meter: 'input_tokens', customer_id: ada.id },
    ]);
    expect((await client.markups.set('*', 2500)).data).toMatchObject({ slug: '*', customer_id: null, markup_bps: 2500 });
    expect((await client.markups.list()).data.data.map((m) => m.slug)).toEqual(['*']);
    expect((await client.customers.setMarkup(ada.id, 'text.generate', 5000)).data).toMatchObject({ customer_id: ada.id, markup_bps: 5000 });
    expect((await client.customers.listMarkups(ada.id)).data.data.map((m) => m.slug)).toEqual(['text.generate']);

    // A call of the customer's key, at the customer's price, in the audit trail, the usage report and the budget.
    const call = await new Gateway({ apiKey: customerKey.key, baseUrl: gw.url }).call('text.embed', { input: 'hi' });
    await gw.flushAudit();
    const audit = await waitFor('the call in the audit trail', async () => {
      const page = (await client.audit.list({ customer_id: ada.id, status: 200 })).data;
      return page.data.find((r) => r.request_id === call.requestId);
    });
    expect(audit).toMatchObject({ customer_id: ada.id, api_key_id: customerKey.id, endpoint: 'text.embed', status: 200 });
    expect(usdToPicoUsd(audit.customer_price_usd)).toBe(call.billedPicoUsd);
    const report = (await client.usage.report({ group_by: 'customer' })).data;
    expect(report.data).toMatchObject([{ key: ada.id, calls: 1, customer_price_usd: picoUsdToUsdString(call.billedPicoUsd) }]);
    expect((await client.customers.getBudget(ada.id)).data.spent_usd).toBe(String(call.billedUsd));
    // The call in full; the key's effective limits and usage per day; the CSV downloads (the client gives their URLs).
    expect((await client.audit.get(call.requestId)).data).toMatchObject({ request_id: call.requestId, status: 200 });
    expect((await client.keys.effectiveLimits(customerKey.id, { slug: 'text.embed' })).data).toBeDefined();
    expect((await client.keys.usage(customerKey.id)).data).toBeDefined();
    const auth = { headers: { authorization: `Bearer ${managementKey}` } };
    const auditCsv = await recording(client.audit.exportUrl({ customer_id: ada.id }), auth);
    expect(await auditCsv.text()).toContain(call.requestId);
    const usageCsv = await recording(client.usage.exportUrl({ group_by: 'customer' }), auth);
    expect(await usageCsv.text()).toContain(ada.id);
    // Statements: the month in progress is live (open), listed first with the call; none has closed yet.
    const month = new Date().toISOString().slice(0, 7);
    expect((await client.statements.get(month)).data).toMatchObject({ month, status: 'open' });
    expect((await client.statements.getForCustomer(ada.id, month)).data).toMatchObject({ month, status: 'open' });
    const open = {
      month,
      status: 'open',
      id: null,
      closed_at: null,
      totals: { calls: 1, customer_price_usd: picoUsdToUsdString(call.billedPicoUsd) },
    };
    expect((await client.statements.list()).data.data).toMatchObject([open]);
    expect((await client.statements.listForCustomer(ada.id)).data.data).toMatchObject([{ ...open, customer_id: ada.id }]);

    expect((await client.customers.deleteBudget(ada.id)).data).toBeUndefined();
    await client.customers.deletePrice(ada.id, 'text.embed');
    await client.customers.deleteMeterPrice(ada.id, 'text.generate', 'input_tokens');
    await client.prices.delete('text.embed');
    await client.prices.deleteMeter('text.generate', 'output_tokens');
    await client.customers.deleteMarkup(ada.id, 'text.generate');
    await client.markups.delete('*');
    expect((await client.prices.list()).data.data).toEqual([]);
    expect((await client.markups.list()).data.data).toEqual([]);

    // Webhooks: an endpoint, an event (the customer's suspension), its delivery, a redelivery.
    const { data: endpoint } = await client.webhooks.createEndpoint({ url: `${receiver.url}/hook`, events: ['customer.suspended'] });
    expect(endpoint.secret).toEqual(expect.any(String));
    expect((await client.webhooks.listEndpoints()).data.data.map((e) => e.id)).toEqual([endpoint.id]);
    expect((await client.webhooks.getEndpoint(endpoint.id)).data.url).toBe(`${receiver.url}/hook`);
    expect((await client.webhooks.updateEndpoint(endpoint.id, { description: 'CRM' })).data.description).toBe('CRM');
    expect((await client.webhooks.rotateSecret(endpoint.id, { grace_seconds: 0 })).data.secret).not.toBe(endpoint.secret);

    expect((await client.customers.suspend(ada.id)).data.status).toBe('suspended');
    await expect(new Gateway({ apiKey: customerKey.key, baseUrl: gw.url }).call('text.generate', { input: 'hi' })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    expect((await client.customers.resume(ada.id)).data.status).toBe('active');
    const delivery = await waitFor(
      'the suspension delivered',
      async () => (await client.webhooks.listDeliveries({ endpoint_id: endpoint.id, state: 'delivered' })).data.data[0],
      10_000,
    );
    expect((await client.webhooks.getDelivery(delivery.id)).data).toMatchObject({ id: delivery.id, event: 'customer.suspended' });
    expect((await client.webhooks.redeliver(delivery.id)).data.id).toBe(delivery.id);
    expect((await client.webhooks.sendTest(endpoint.id)).data).toMatchObject({ endpoint_id: endpoint.id, event: 'test', state: 'pending' });
    await client.webhooks.deleteEndpoint(endpoint.id);

    // The key's life: rotate, expire, revoke.
    const rotated = (await client.keys.rotate(customerKey.id, { grace_seconds: 60 })).data;
    expect(rotated.previous.id).toBe(customerKey.id);
    expect(rotated.key.rotated_from_id).toBe(customerKey.id);
    expect((await client.keys.expire(ownKey.id)).data.expires_at).not.toBeNull();
    expect((await client.keys.revoke(rotated.key.id)).data.status).toBe('revoked');

    expect((await client.customers.delete(ada.id)).data).toBeUndefined();
    await expect(client.customers.get(ada.id)).rejects.toBeInstanceOf(NotFoundError);

    // The plan (from a public one to another) and management keys: the client's key acts as the tenant's owner.
    const start = await gw.admin('POST', '/plans', { name: `SDK start plan ${tenantId}`, monthly_fee_usd: '0' });
    expect((await gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: start.body.id })).status).toBe(200);
    const plan = await gw.admin('POST', '/plans', { name: `SDK plan ${tenantId}`, monthly_fee_usd: '5' });
    expect((await client.choosePlan(plan.body.id)).data.plan?.id).toBe(plan.body.id);
    // Back to the smaller fee waits for the next month; cancelled, the tenant stays.
    const scheduled = (await client.choosePlan(start.body.id)).data;
    expect([scheduled.plan?.id, scheduled.scheduled_plan_change?.plan.id]).toEqual([plan.body.id, start.body.id]);
    expect((await client.cancelScheduledPlanChange()).data.scheduled_plan_change).toBeNull();
    await expect(client.cancelScheduledPlanChange()).rejects.toBeInstanceOf(NotFoundError);
    // Leaving every plan is the operator's decision.
    await expect(client.choosePlan(null)).rejects.toMatchObject({ status: 403, code: 'plan_change_not_allowed' });
    const { data: second } = await client.managementKeys.create({ name: 'ci' });
    expect(second).toMatchObject({ tenant_id: tenantId, name: 'ci', key: expect.stringMatching(/^gwm_/) });
    expect((await client.managementKeys.list()).data.data.map((k) => k.id)).toContain(second.id);
    expect((await client.managementKeys.revoke(second.id)).data.status).toBe('revoked');
    await expect(new ResellerClient({ managementKey: second.key, baseUrl: gw.url }).me()).rejects.toBeInstanceOf(AuthenticationError);

    // The activity log holds the changes made above, by this management key.
    expect((await client.activity.list()).data.data.length).toBeGreaterThan(0);

    expect([...RESELLER_ROUTES].filter((route) => !succeeded.has(route))).toEqual([]);
  });

  it('another tenant’s customer is a NotFoundError, exactly like one that does not exist', async () => {
    const other = await gw.createReseller();
    const theirs = (await gw.reseller(other.managementKey, 'POST', '/customers', { name: 'Theirs' })).body as { id: string };
    const error = await client.customers.get(theirs.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'resource_not_found', status: 404, requestId: expect.any(String) });
  });

  it('a gateway key is not a management key: AuthenticationError invalid_management_key', async () => {
    const { key } = await gw.createTenantWithKey();
    const error = await new ResellerClient({ managementKey: key, baseUrl: gw.url }).me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ code: 'invalid_management_key', status: 401 });
  });
});
