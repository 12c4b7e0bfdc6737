import { randomUUID } from 'node:crypto';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { resellerWithCustomers } from '../support/reseller-fixtures';

interface Entry {
  id: string;
  created_at: string;
  tenant_id: string | null;
  actor_kind: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * The activity log: every price, limit, budget, plan and tenant change through the operator and
 * reseller APIs leaves one entry (who, what, before → after) in the change's transaction; a refused
 * change leaves none; the operator reads everything, filtered and paged, a tenant only its own.
 */
describe('activity log', () => {
  let gw: GatewayHarness;
  /** Billed per call: wholesale $0.001, resale $0.0015 (the tenant's list cost). */
  let slug: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    ({ slug } = await gw.createEndpoint({ upstreams: [{ kind: 'simulator', name: 'sim' }] }));
  });

  afterAll(() => gw.close());

  const adminEntries = async (query: Record<string, string>): Promise<Entry[]> => {
    const res = await gw.admin<{ data: Entry[] }>('GET', `/activity?${new URLSearchParams(query).toString()}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const managementKeyId = async (tenantId: string): Promise<string> =>
    (await gw.admin<{ data: Array<{ id: string }> }>('GET', `/tenants/${tenantId}/management-keys`)).body.data[0].id;

  it('records a reseller price change: the management key, before and after as strings, a price below cost marked', async () => {
    const { tenantId, api } = await resellerWithCustomers(gw);
    expect((await api('PUT', `/prices/${slug}`, { price_usd_per_unit: '0.002' })).status).toBe(200);
    expect((await api('PUT', `/prices/${slug}`, { price_usd_per_unit: '0.0001' })).status).toBe(200);
    expect((await api('DELETE', `/prices/${slug}`)).status).toBe(204);

    const keyId = await managementKeyId(tenantId);
    const entries = await adminEntries({ tenant_id: tenantId, entity_type: 'price' });
    expect(entries.map((e) => e.action)).toEqual(['price.delete', 'price.update', 'price.create']);
    for (const e of entries) {
      expect(e).toMatchObject({ tenant_id: tenantId, actor_kind: 'management_key', actor_id: keyId, actor_email: null });
      expect(e.entity_id).toBe(`tenant:${slug}:calls`);
    }
    const [deleted, lowered, created] = entries;
    expect(created.before).toBeNull();
    expect(created.after).toEqual({ price_usd_per_unit: '0.002' });
    // The below-cost mark is said of the new price, never compared as a change.
    expect(lowered.before).toEqual({ price_usd_per_unit: '0.002' });
    expect(lowered.after).toEqual({ price_usd_per_unit: '0.0001', below_cost: true, cost_usd_per_unit: '0.0015' });
    expect(deleted).toMatchObject({ before: { price_usd_per_unit: '0.0001' }, after: null });

    // The tenant reads the same entries through the reseller API.
    const own = await api('GET', '/activity?entity_type=price');
    expect(own.status).toBe(200);
    expect((own.body as { data: Entry[] }).data.map((e) => e.id)).toEqual(entries.map((e) => e.id));
  });

  it('records a limit change with the whole document before and after', async () => {
    const { tenantId, api, ada } = await resellerWithCustomers(gw);
    expect((await api('PUT', `/customers/${ada.id}/limits`, { requests_per_window: 5 })).status).toBe(200);
    expect((await api('PUT', `/customers/${ada.id}/limits/${slug}`, { requests_per_window: 2 })).status).toBe(200);
    const [perSlug, whole] = await adminEntries({ tenant_id: tenantId, entity_type: 'limit' });
    expect(whole).toMatchObject({
      action: 'limit.update',
      entity_id: `customer:${ada.id}`,
      actor_kind: 'management_key',
      before: { requests_per_window: null },
      after: { requests_per_window: 5 },
    });
    expect(perSlug).toMatchObject({ before: { per_slug: {} }, after: { per_slug: { [slug]: 2 } } });
  });

  it("records a key's limit set at its creation by the operator, in the key's transaction; a key without one, or a reseller's, leaves none", async () => {
    const { tenantId, api } = await resellerWithCustomers(gw);
    const limited = await gw.admin<{ id: string; rate_limit_per_window: number }>('POST', `/tenants/${tenantId}/keys`, {
      name: 'limited',
      rate_limit_per_window: 5,
    });
    expect(limited.status).toBe(201);
    expect(limited.body.rate_limit_per_window).toBe(5);
    expect((await gw.admin('POST', `/tenants/${tenantId}/keys`, { name: 'unlimited' })).status).toBe(201);
    const entries = await adminEntries({ tenant_id: tenantId, entity_type: 'limit' });
    expect(entries.map((e) => [e.action, e.entity_id, e.actor_kind, e.before, e.after])).toEqual([
      ['limit.create', `key:${limited.body.id}`, 'admin_token', null, { rate_limit_per_window: 5 }],
    ]);
    // The tenant reads it as a change of its own account.
    const own = (await api('GET', '/activity?entity_type=limit')).body as { data: Entry[] };
    expect(own.data.map((e) => e.id)).toEqual([entries[0].id]);

    // A reseller's key takes no limit at creation (its limits are PUT /keys/{id}/limits, logged there):
    // the operator's field is refused, so no key gets a limit unlogged.
    const keysBefore = (await api('GET', '/keys')).body as { data: unknown[] };
    expect((await api('POST', '/keys', { name: 'sneaky', rate_limit_per_window: 5 })).status).toBe(400);
    expect((await api('POST', '/keys', { name: 'sneaky', requests_per_window: 5 })).status).toBe(400);
    expect(((await api('GET', '/keys')).body as { data: unknown[] }).data).toHaveLength(keysBefore.data.length);
    expect(await adminEntries({ tenant_id: tenantId, entity_type: 'limit' })).toEqual(entries);
  });

  it("records a plan's default budget where it applies, as the change of who put the tenant on the plan: the operator, the owner signing up", async () => {
    const plan = await gw.admin<{ id: string }>('POST', '/plans', {
      name: `plan ${randomUUID()}`,
      monthly_fee_usd: '0',
      public: true,
      default_monthly_spend_cap_usd: '25',
    });
    expect(plan.status).toBe(201);
    const created = await gw.admin<{ id: string }>('POST', '/tenants', { name: `Budgeted ${randomUUID()}`, plan_id: plan.body.id });
    expect(created.status).toBe(201);
    const byOperator = await adminEntries({ tenant_id: created.body.id, entity_type: 'budget' });
    expect(byOperator.map((e) => [e.action, e.entity_id, e.actor_kind, e.before, e.after])).toEqual([
      ['budget.create', `tenant:${created.body.id}`, 'admin_token', null, { period: 'monthly', cap_usd: '25' }],
    ]);

    const owner = await ConsoleBrowser.signUp(gw, { organization: `Signed up ${randomUUID()}`, plan_id: plan.body.id });
    const bySignUp = await adminEntries({ tenant_id: owner.tenantId, entity_type: 'budget' });
    expect(bySignUp).toHaveLength(1);
    expect(bySignUp[0]).toMatchObject({
      action: 'budget.create',
      entity_id: `tenant:${owner.tenantId}`,
      actor_kind: 'tenant_user',
      actor_id: owner.userId,
      actor_email: owner.email,
      before: null,
      after: { period: 'monthly', cap_usd: '25' },
    });
  });

  it('records budgets set by a reseller and by the operator (the admin token), money as strings', async () => {
    const { tenantId, api, ada } = await resellerWithCustomers(gw);
    expect((await api('PUT', `/customers/${ada.id}/budget`, { period: 'monthly', cap_usd: '25' })).status).toBe(200);
    expect((await api('PUT', `/customers/${ada.id}/budget`, { period: 'monthly', cap_usd: '30.5' })).status).toBe(200);
    expect((await gw.admin('PUT', `/tenants/${tenantId}/budget`, { period: 'daily', cap_usd: '100' })).status).toBe(200);
    expect((await gw.admin('DELETE', `/tenants/${tenantId}/budget`)).status).toBe(204);
    const entries = await adminEntries({ tenant_id: tenantId, entity_type: 'budget' });
    expect(entries.map((e) => [e.action, e.actor_kind, e.before, e.after])).toEqual([
      ['budget.delete', 'admin_token', { period: 'daily', cap_usd: '100' }, null],
      ['budget.create', 'admin_token', null, { period: 'daily', cap_usd: '100' }],
      ['budget.update', 'management_key', { cap_usd: '25' }, { cap_usd: '30.5' }],
      ['budget.create', 'management_key', null, { period: 'monthly', cap_usd: '25' }],
    ]);
  });

  it("records plans and tenants changed by the operator, and the tenant's own plan change", async () => {
    const name = `plan ${randomUUID()}`;
    const plan = await gw.admin<{ id: string }>('POST', '/plans', { name, monthly_fee_usd: '10', public: true });
    expect(plan.status).toBe(201);
    expect((await gw.admin('PATCH', `/plans/${plan.body.id}`, { monthly_fee_usd: '12.5' })).status).toBe(200);
    const planEntries = await adminEntries({ entity_type: 'plan', entity_id: plan.body.id });
    expect(planEntries.map((e) => e.action)).toEqual(['plan.update', 'plan.create']);
    expect(planEntries[0]).toMatchObject({ tenant_id: null, actor_kind: 'admin_token', actor_id: null });
    expect(planEntries[0].before).toEqual({ monthly_fee_usd: '10' });
    expect(planEntries[0].after).toEqual({ monthly_fee_usd: '12.5' });
    expect(planEntries[1].after).toMatchObject({ name, monthly_fee_usd: '10', public: true });

    const { tenantId, api } = await resellerWithCustomers(gw);
    const created = await adminEntries({ entity_type: 'tenant', entity_id: tenantId, action: 'tenant.create' });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actor_kind: 'admin_token', before: null, after: { kind: 'reseller', status: 'active' } });

    expect((await gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: plan.body.id })).status).toBe(200);
    const other = await gw.admin<{ id: string }>('POST', '/plans', { name: `${name} 2`, monthly_fee_usd: '20', public: true });
    expect((await api('PUT', '/me/plan', { plan_id: other.body.id })).status).toBe(200);
    // Back to the smaller fee: scheduled for the next month, then cancelled.
    const back = await api('PUT', '/me/plan', { plan_id: plan.body.id });
    const from = back.body.scheduled_plan_change.effective_from;
    expect((await api('DELETE', '/me/scheduled-plan-change')).status).toBe(200);
    expect((await gw.admin('PATCH', `/tenants/${tenantId}`, { status: 'suspended' })).status).toBe(200);
    const changes = await adminEntries({ entity_type: 'tenant', entity_id: tenantId });
    const unscheduled = { scheduled_plan_id: null, scheduled_plan_from: null };
    const scheduled = { scheduled_plan_id: plan.body.id, scheduled_plan_from: from };
    expect(changes.map((e) => [e.action, e.actor_kind, e.before, e.after])).toEqual([
      ['tenant.suspend', 'admin_token', { status: 'active' }, { status: 'suspended' }],
      ['tenant.plan_change_cancelled', 'management_key', scheduled, unscheduled],
      ['tenant.plan_change_scheduled', 'management_key', unscheduled, scheduled],
      ['tenant.plan_change', 'management_key', { plan_id: plan.body.id }, { plan_id: other.body.id }],
      ['tenant.plan_change', 'admin_token', { plan_id: null }, { plan_id: plan.body.id }],
      ['tenant.create', 'admin_token', null, expect.objectContaining({ plan_id: null })],
    ]);
  });

  it('writes nothing for a refused change: a validation error or a database refusal', async () => {
    const { tenantId, api, ada } = await resellerWithCustomers(gw);
    const before = await adminEntries({ tenant_id: tenantId });
    // Above the highest price a ledger row can hold: 400 before any write.
    expect((await api('PUT', `/prices/${slug}`, { price_usd_per_unit: '99999999999' })).status).toBe(400);
    expect((await api('PUT', `/customers/${ada.id}/budget`, { period: 'yearly', cap_usd: '1' })).status).toBe(400);
    expect((await api('PUT', `/customers/${randomUUID()}/limits`, { requests_per_window: 1 })).status).toBe(404);
    expect(await adminEntries({ tenant_id: tenantId })).toEqual(before);

    // The database refuses inside the transaction: the plan's unique name, a plan a tenant is on.
    const name = `plan ${randomUUID()}`;
    const plan = await gw.admin<{ id: string }>('POST', '/plans', { name, monthly_fee_usd: '0' });
    const second = await gw.admin<{ id: string }>('POST', '/plans', { name: `${name} b`, monthly_fee_usd: '0' });
    expect((await gw.admin('PATCH', `/plans/${second.body.id}`, { name })).status).toBe(409);
    expect((await gw.admin('PATCH', `/tenants/${tenantId}`, { plan_id: plan.body.id })).status).toBe(200);
    expect((await gw.admin('DELETE', `/plans/${plan.body.id}`)).status).toBe(409);
    expect((await adminEntries({ entity_type: 'plan', entity_id: second.body.id })).map((e) => e.action)).toEqual(['plan.create']);
    expect((await adminEntries({ entity_type: 'plan', entity_id: plan.body.id })).map((e) => e.action)).toEqual(['plan.create']);
  });

  it("never shows a tenant another tenant's entries; the operator filters by time and pages by cursor", async () => {
    const a = await resellerWithCustomers(gw);
    const b = await resellerWithCustomers(gw);
    await a.api('PUT', `/prices/${slug}`, { price_usd_per_unit: '0.003' });
    await a.api('PUT', `/customers/${a.ada.id}/budget`, { period: 'monthly', cap_usd: '5' });
    const seenByB = (await b.api('GET', '/activity')).body as { data: Entry[] };
    expect(seenByB.data.every((e) => e.tenant_id === b.tenantId)).toBe(true);
    expect((await b.api('GET', `/activity?entity_id=customer:${a.ada.id}`)).body).toEqual({ data: [], next_cursor: null });
    // tenant_id is the operator's filter: the reseller API refuses it rather than widen the scope.
    expect((await b.api('GET', `/activity?tenant_id=${a.tenantId}`)).status).toBe(400);

    const all = await adminEntries({ tenant_id: a.tenantId });
    const first = await gw.admin<{ data: Entry[]; next_cursor: string }>('GET', `/activity?tenant_id=${a.tenantId}&limit=1`);
    expect(first.body.data.map((e) => e.id)).toEqual([all[0].id]);
    const next = await gw.admin<{ data: Entry[] }>(
      'GET',
      `/activity?tenant_id=${a.tenantId}&limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(next.body.data.map((e) => e.id)).toEqual([all[1].id]);
    expect(await adminEntries({ tenant_id: a.tenantId, from: '2000-01-01T00:00:00.000Z', to: '2000-01-02T00:00:00.000Z' })).toEqual([]);
    expect(await adminEntries({ tenant_id: a.tenantId, from: all[all.length - 1].created_at })).toHaveLength(all.length);
    expect((await gw.admin('GET', '/activity?entity_type=nothing')).status).toBe(400);
  });

  it("records the operator's catalog changes: the endpoint's prices, its models' meter prices, its limits; below cost marked", async () => {
    const slugOf = `infra.act_${randomUUID().slice(0, 8)}`;
    const created = await gw.admin('POST', '/catalog', {
      slug: slugOf,
      wholesale_usd_per_unit: '0.001',
      resale_usd_per_unit: '0.0015',
      default_rate_limit: 100,
      upstreams: [{ kind: 'simulator', name: 'sim' }],
    });
    expect(created.status).toBe(201);
    const price = `${slugOf}:calls`;
    expect((await gw.admin('PATCH', `/catalog/${slugOf}`, { resale_usd_per_unit: '0.002' })).status).toBe(200);
    expect((await gw.admin('PATCH', `/catalog/${slugOf}`, { wholesale_usd_per_unit: '0.0025' })).status).toBe(200);
    const prices = await adminEntries({ entity_type: 'catalog_price', entity_id: price });
    expect(prices.map((e) => [e.action, e.tenant_id, e.actor_kind, e.before, e.after])).toEqual([
      [
        'catalog_price.update',
        null,
        'admin_token',
        { wholesale_usd_per_unit: '0.001' },
        { wholesale_usd_per_unit: '0.0025', below_cost: true, cost_usd_per_unit: '0.0025' },
      ],
      ['catalog_price.update', null, 'admin_token', { resale_usd_per_unit: '0.0015' }, { resale_usd_per_unit: '0.002' }],
      ['catalog_price.create', null, 'admin_token', null, { wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.0015' }],
    ]);

    // The per-endpoint override and the catalog default: one limit entry each change.
    expect((await gw.admin('PUT', `/catalog/${slugOf}/limit`, { requests_per_window: 7 })).status).toBe(200);
    expect((await gw.admin('PATCH', `/catalog/${slugOf}`, { default_rate_limit: 50 })).status).toBe(200);
    expect((await gw.admin('PUT', `/catalog/${slugOf}/limit`, { requests_per_window: null })).status).toBe(200);
    const limits = await adminEntries({ entity_type: 'limit', entity_id: `endpoint:${slugOf}` });
    expect(limits.map((e) => [e.action, e.tenant_id, e.before, e.after])).toEqual([
      ['limit.update', null, { requests_per_window: 7 }, { requests_per_window: null }],
      ['limit.update', null, { default_rate_limit: 100 }, { default_rate_limit: 50 }],
      ['limit.update', null, { requests_per_window: null }, { requests_per_window: 7 }],
    ]);

    // A model's meter prices: added (below cost), changed, removed with the model.
    const models = (resale: string) => ({ models: [{ name: 'fast', wholesale_usd_per_unit: '0.001', resale_usd_per_unit: resale }] });
    expect((await gw.admin('PUT', `/catalog/${slugOf}/models`, models('0.0005'))).status).toBe(200);
    expect((await gw.admin('PUT', `/catalog/${slugOf}/models`, models('0.003'))).status).toBe(200);
    expect((await gw.admin('PUT', `/catalog/${slugOf}/models`, { models: [] })).status).toBe(200);
    const model = await adminEntries({ entity_type: 'catalog_price', entity_id: `${slugOf}:calls:model:fast` });
    expect(model.map((e) => [e.action, e.before, e.after])).toEqual([
      ['catalog_price.delete', { wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.003' }, null],
      ['catalog_price.update', { resale_usd_per_unit: '0.0005' }, { resale_usd_per_unit: '0.003' }],
      [
        'catalog_price.create',
        null,
        { wholesale_usd_per_unit: '0.001', resale_usd_per_unit: '0.0005', below_cost: true, cost_usd_per_unit: '0.001' },
      ],
    ]);

    // Refused changes write nothing: a bad amount, an unknown endpoint, two models of one name.
    const before = await adminEntries({ entity_type: 'catalog_price' });
    expect((await gw.admin('PATCH', `/catalog/${slugOf}`, { resale_usd_per_unit: '-1' })).status).toBe(400);
    expect((await gw.admin('PUT', '/catalog/infra.no_such_endpoint/limit', { requests_per_window: 3 })).status).toBe(404);
    const twice = { models: [models('0.002').models[0], models('0.002').models[0]] };
    expect((await gw.admin('PUT', `/catalog/${slugOf}/models`, twice)).status).toBe(400);
    expect(await adminEntries({ entity_type: 'catalog_price' })).toEqual(before);
    expect(await adminEntries({ entity_type: 'limit', entity_id: `endpoint:${slugOf}` })).toEqual(limits);
  });

  it('writes no entry for an update that changes nothing: the same price, markup, budget, limit, plan or tenant again', async () => {
    const { tenantId, api, ada } = await resellerWithCustomers(gw);
    const plan = await gw.admin<{ id: string }>('POST', '/plans', { name: `plan ${randomUUID()}`, monthly_fee_usd: '3' });
    const once = async () => {
      expect((await api('PUT', `/prices/${slug}`, { price_usd_per_unit: '0.0001' })).status).toBe(200);
      expect((await api('PUT', `/markups/${slug}`, { markup_bps: 1500 })).status).toBe(200);
      expect((await api('PUT', `/customers/${ada.id}/budget`, { period: 'monthly', cap_usd: '25' })).status).toBe(200);
      expect((await api('PUT', `/customers/${ada.id}/limits`, { requests_per_window: 5 })).status).toBe(200);
      expect((await gw.admin('PATCH', `/plans/${plan.body.id}`, { monthly_fee_usd: '3.0' })).status).toBe(200);
      expect((await gw.admin('PATCH', `/tenants/${tenantId}`, { rate_limit_per_window: 40 })).status).toBe(200);
      expect((await gw.admin('PATCH', `/catalog/${slug}`, { resale_usd_per_unit: '0.0015' })).status).toBe(200);
    };
    await once();
    const logged = await adminEntries({ tenant_id: tenantId });
    const planLogged = await adminEntries({ entity_type: 'plan', entity_id: plan.body.id });
    const catalogLogged = await adminEntries({ entity_type: 'catalog_price', entity_id: `${slug}:calls` });
    // The price below cost again: still no entry (the mark is said of a change, not compared).
    await once();
    expect(await adminEntries({ tenant_id: tenantId })).toEqual(logged);
    expect(await adminEntries({ entity_type: 'plan', entity_id: plan.body.id })).toEqual(planLogged);
    expect(await adminEntries({ entity_type: 'catalog_price', entity_id: `${slug}:calls` })).toEqual(catalogLogged);
    expect(logged.map((e) => e.action)).toEqual(
      expect.arrayContaining(['price.create', 'markup.create', 'budget.create', 'limit.update', 'tenant.update']),
    );
  });

  it('records the signed-in user: an operator through the admin session, a tenant owner through the console session', async () => {
    const email = `operator-${randomUUID()}@example.com`;
    const password = 'a long operator passphrase';
    const op = await gw.admin<{ id: string }>('POST', '/operators', { email, password, name: 'Olga Operator' });
    expect(op.status).toBe(201);
    const operator = new ConsoleBrowser(gw);
    expect((await operator.signIn(email, password)).status).toBe(200);
    const owner = await ConsoleBrowser.signUp(gw, { organization: `Actors ${randomUUID()}`, kind: 'reseller', name: 'Ona Owner' });

    expect((await operator.admin('PUT', `/tenants/${owner.tenantId}/budget`, { period: 'monthly', cap_usd: '60' })).status).toBe(200);
    expect((await owner.reseller('PUT', `/prices/${slug}`, { price_usd_per_unit: '0.0004' })).status).toBe(200);

    const [byOwner, byOperator] = await adminEntries({ tenant_id: owner.tenantId, entity_type: 'price' }).then(async (prices) => [
      prices[0],
      (await adminEntries({ tenant_id: owner.tenantId, entity_type: 'budget' }))[0],
    ]);
    expect(byOperator).toMatchObject({
      action: 'budget.create',
      actor_kind: 'operator_user',
      actor_id: op.body.id,
      actor_email: email,
      after: { period: 'monthly', cap_usd: '60' },
    });
    expect(byOwner).toMatchObject({
      action: 'price.create',
      actor_kind: 'tenant_user',
      actor_id: owner.userId,
      actor_email: owner.email,
      after: { price_usd_per_unit: '0.0004', below_cost: true, cost_usd_per_unit: '0.0015' },
    });
    // Signing up is the owner's creation of the tenant.
    const [signedUp] = await adminEntries({ entity_type: 'tenant', entity_id: owner.tenantId });
    expect(signedUp).toMatchObject({
      action: 'tenant.create',
      actor_kind: 'tenant_user',
      actor_id: owner.userId,
      actor_email: owner.email,
      before: null,
      after: expect.objectContaining({ kind: 'reseller', status: 'active' }),
    });
    // Filtered by actor: each user's own changes.
    expect((await adminEntries({ actor_id: owner.userId })).map((e) => e.id)).toEqual([byOwner.id, signedUp.id]);
    const own = (await owner.reseller('GET', `/activity?actor_kind=operator_user`)).body as { data: Entry[] };
    expect(own.data.map((e) => e.id)).toEqual([byOperator.id]);
  });
});
