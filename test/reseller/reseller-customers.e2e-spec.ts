import { GatewayHarness } from '../support/gateway-harness';

/** The reseller API's customers and their keys, with a management key, against the real Postgres and Redis. */
describe('reseller API: customers and their keys', () => {
  let gw: GatewayHarness;
  let reseller: { tenantId: string; managementKey: string };

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    reseller = await gw.createReseller();
  });

  afterAll(async () => {
    await gw.close();
  });

  const api = (method: string, path: string, body?: unknown) => gw.reseller(reseller.managementKey, method, path, body);

  it('answers /me with the calling tenant', async () => {
    const me = await api('GET', '/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ tenant: { id: reseller.tenantId, kind: 'reseller', status: 'active' }, plan: null });
  });

  it('takes only management keys: none, a gateway key, a revoked or unknown management key are 401; the admin token too', async () => {
    const { key: gatewayKey } = await gw.createTenantWithKey();
    for (const token of [undefined, gatewayKey, gw.adminToken, 'gwm_000000000000_00000000000000000000000000000000']) {
      const res = await fetch(`${gw.url}/api/reseller/v1/me`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(res.status).toBe(401);
      expect(((await res.json()) as any).error.code).toBe('invalid_management_key');
    }
    // …and a management key never calls the gateway.
    const call = await gw.call('text.generate', { key: reseller.managementKey, body: { input: 'hi' } });
    expect(call.status).toBe(401);
    expect(((await call.json()) as any).error.code).toBe('malformed_api_key');

    const other = await gw.createReseller();
    const keys = await gw.admin('GET', `/tenants/${other.tenantId}/management-keys`);
    expect(keys.body.data).toHaveLength(1);
    expect(keys.body.data[0]).not.toHaveProperty('key');
    expect((await gw.admin('POST', `/management-keys/${keys.body.data[0].id}/revoke`)).body.status).toBe('revoked');
    expect((await gw.reseller(other.managementKey, 'GET', '/me')).status).toBe(401);
  });

  it("a suspended tenant's management key is 403 tenant_suspended", async () => {
    const other = await gw.createReseller();
    await gw.admin('PATCH', `/tenants/${other.tenantId}`, { status: 'suspended' });
    const res = await gw.reseller(other.managementKey, 'GET', '/me');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('tenant_suspended');
  });

  it('creates, reads, lists, updates customers; external_id is unique per tenant and addressable', async () => {
    const created = await api('POST', '/customers', { name: 'Ada Ltd', external_id: 'crm-42', metadata: { plan: 'gold' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Ada Ltd', external_id: 'crm-42', status: 'active', metadata: { plan: 'gold' } });
    const id = created.body.id as string;

    expect((await api('POST', '/customers', { name: 'again', external_id: 'crm-42' })).status).toBe(409);
    const byExternal = await api('GET', '/customers?external_id=crm-42');
    expect(byExternal.body.data.map((c: { id: string }) => c.id)).toEqual([id]);
    expect((await api('GET', `/customers/${id}`)).body.name).toBe('Ada Ltd');

    const updated = await api('PATCH', `/customers/${id}`, { name: 'Ada Limited', metadata: { plan: 'platinum' } });
    expect(updated.body).toMatchObject({ name: 'Ada Limited', external_id: 'crm-42', metadata: { plan: 'platinum' } });

    expect((await api('POST', '/customers', { name: '' })).status).toBe(400);
    expect((await api('POST', '/customers', { name: 'x', metadata: { blob: 'x'.repeat(9000) } })).status).toBe(400);
    expect((await api('POST', '/customers', { name: 'x', external_id: ' spaced' })).status).toBe(400);
    expect((await api('GET', '/customers/not-a-uuid')).status).toBe(400);
    expect((await api('GET', '/customers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it("looks customers up by ids: exactly the named ones of this tenant, never another's, a deleted or an unknown one; with the other filters and paging", async () => {
    const created: Array<{ id: string; name: string }> = [];
    for (const name of ['Ids Ada', 'Ids Bob', 'Ids Cyd', 'Ids Gone']) created.push((await api('POST', '/customers', { name })).body);
    const [a, b, c, deleted] = created;
    expect((await api('DELETE', `/customers/${deleted.id}`)).status).toBe(204);
    await api('POST', `/customers/${b.id}/suspend`);
    const other = await gw.createReseller();
    const foreign = (await gw.reseller(other.managementKey, 'POST', '/customers', { name: 'Not yours' })).body;
    const unknown = '00000000-0000-4000-8000-000000000000';

    const lookup = async (query: string) => {
      const res = await api('GET', `/customers?${query}`);
      expect(res.status).toBe(200);
      return { names: res.body.data.map((row: { name: string }) => row.name), next: res.body.next_cursor as string | null };
    };
    // Newest first, only the named rows; the others of the tenant are not there.
    expect(await lookup(`ids=${[a.id, c.id, b.id].join(',')}`)).toEqual({ names: ['Ids Cyd', 'Ids Bob', 'Ids Ada'], next: null });
    // Another tenant's, a deleted and an unknown id are simply absent, beside the others.
    expect((await lookup(`ids=${[foreign.id, a.id, deleted.id, unknown].join(',')}`)).names).toEqual(['Ids Ada']);
    expect((await lookup(`ids=${foreign.id}`)).names).toEqual([]);
    // AND with the other filters.
    expect((await lookup(`ids=${[a.id, b.id].join(',')}&status=suspended`)).names).toEqual(['Ids Bob']);
    expect((await lookup(`ids=${[a.id, b.id].join(',')}&status=active`)).names).toEqual(['Ids Ada']);
    // Paging still works within the ids.
    const first = await lookup(`ids=${[a.id, b.id, c.id].join(',')}&limit=2`);
    expect(first.names).toEqual(['Ids Cyd', 'Ids Bob']);
    expect(await lookup(`ids=${[a.id, b.id, c.id].join(',')}&limit=2&cursor=${first.next}`)).toEqual({ names: ['Ids Ada'], next: null });
    // 100 ids is the most one lookup takes; the same id twice is one row.
    const hundred = [a.id, ...Array.from({ length: 99 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)];
    expect((await lookup(`ids=${hundred.join(',')}`)).names).toEqual(['Ids Ada']);
    expect((await lookup(`ids=${a.id},${a.id}`)).names).toEqual(['Ids Ada']);

    // The other tenant, given this tenant's ids, sees none of them.
    const seenByOther = await gw.reseller(other.managementKey, 'GET', `/customers?ids=${[a.id, b.id, c.id].join(',')}`);
    expect(seenByOther.body).toEqual({ data: [], next_cursor: null });

    // Malformed lists: the one validation error shape, before any query.
    for (const query of [
      'ids=',
      `ids=${a.id},`,
      `ids=${a.id},,${b.id}`,
      'ids=not-a-uuid',
      `ids=${a.id}&ids=${b.id}`,
      `ids=${[...hundred, c.id].join(',')}`,
      `ids=${a.id}x`,
    ]) {
      const res = await api('GET', `/customers?${query}`);
      expect({ query, status: res.status, code: res.body.error?.code }).toEqual({ query, status: 400, code: 'invalid_request' });
      expect(res.body.error.request_id).toEqual(expect.any(String));
      expect(res.body.error.details.problems).toEqual([expect.stringContaining('ids must')]);
    }
  });

  it("searches as you type (q): a name's prefix ignoring case, or the exact external_id; paged, filtered, never another tenant's", async () => {
    const own = await gw.createReseller();
    const other = await gw.createReseller();
    const create = async (tenant: { managementKey: string }, name: string, externalId?: string) =>
      (await gw.reseller(tenant.managementKey, 'POST', '/customers', { name, ...(externalId ? { external_id: externalId } : {}) })).body;
    for (const [name, externalId] of [
      ['Acme Corp'],
      ['acme labs'],
      ['Beta Acme'],
      ['ACMEX'],
      ['Under_score'],
      ['Underxscore'],
      ['100% Co'],
      ['1000 Co'],
      ['Zed', 'crm-42'],
    ])
      await create(own, name, externalId);
    await create(other, 'Acme of another tenant', 'crm-42');
    const search = async (query: string, tenant = own) => {
      const res = await gw.reseller(tenant.managementKey, 'GET', `/customers?${query}`);
      expect(res.status).toBe(200);
      return { names: res.body.data.map((c: { name: string }) => c.name), next: res.body.next_cursor as string | null };
    };
    // Newest first, as the list; the name's start only, in any case.
    expect((await search('q=acme')).names).toEqual(['ACMEX', 'acme labs', 'Acme Corp']);
    expect((await search('q=ACME%20L')).names).toEqual(['acme labs']);
    expect((await search(`q=${encodeURIComponent('  acme ')}`)).names).toEqual(['ACMEX', 'acme labs', 'Acme Corp']);
    // The external_id matches exactly, never by prefix.
    expect((await search('q=crm-42')).names).toEqual(['Zed']);
    expect((await search('q=crm-4')).names).toEqual([]);
    // % and _ are characters, not wildcards.
    expect((await search('q=under_')).names).toEqual(['Under_score']);
    expect((await search(`q=${encodeURIComponent('100%')}`)).names).toEqual(['100% Co']);
    expect((await search(`q=${encodeURIComponent('%')}`)).names).toEqual([]);
    // Paged like the list, and AND with the other filters.
    const first = await search('q=acme&limit=2');
    expect(first.names).toEqual(['ACMEX', 'acme labs']);
    expect(await search(`q=acme&limit=2&cursor=${first.next}`)).toEqual({ names: ['Acme Corp'], next: null });
    const [labs] = (await gw.reseller(own.managementKey, 'GET', '/customers?q=acme%20labs')).body.data;
    expect((await gw.reseller(own.managementKey, 'POST', `/customers/${labs.id}/suspend`)).body.status).toBe('suspended');
    expect((await search('q=acme&status=active')).names).toEqual(['ACMEX', 'Acme Corp']);
    expect((await gw.reseller(own.managementKey, 'DELETE', `/customers/${labs.id}`)).status).toBe(204);
    expect((await search('q=acme')).names).toEqual(['ACMEX', 'Acme Corp']);
    // Never another tenant's: its name, its external_id.
    expect((await search('q=acme', other)).names).toEqual(['Acme of another tenant']);
    expect((await search('q=crm-42', other)).names).toEqual(['Acme of another tenant']);
    // An empty q is no search; a longer one than any name is refused.
    expect((await search('q=')).names).toHaveLength(8);
    const long = await gw.reseller(own.managementKey, 'GET', `/customers?q=${'a'.repeat(201)}`);
    expect([long.status, long.body.error.code]).toEqual([400, 'invalid_request']);
  });

  it('gives a customer keys that call the gateway; suspending the customer stops them at once, resuming restarts them', async () => {
    const customer = (await api('POST', '/customers', { name: 'Keyed' })).body;
    const created = await api('POST', `/customers/${customer.id}/keys`, { name: 'prod' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ customer_id: customer.id, tenant_id: reseller.tenantId, status: 'active' });
    const key = created.body.key as string;

    const call = () => gw.call('text.generate', { key, body: { input: 'hello' } });
    expect((await call()).status).toBe(200);
    expect((await api('POST', `/customers/${customer.id}/suspend`)).body.status).toBe('suspended');
    const refused = await call();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).error.code).toBe('customer_suspended');
    expect((await api('POST', `/customers/${customer.id}/resume`)).body.status).toBe('active');
    expect((await call()).status).toBe(200);

    const listed = await api('GET', `/keys?customer_id=${customer.id}`);
    expect(listed.body.data.map((k: { id: string }) => k.id)).toEqual([created.body.id]);
    expect(listed.body.data[0]).not.toHaveProperty('key');
    expect((await api('GET', `/keys/${created.body.id}`)).body.prefix).toBe(created.body.prefix);
  });

  it('keys of its own, revocation, and soft deletion (keys revoked, external_id free again, gone from reads)', async () => {
    const own = await api('POST', '/keys', { name: 'internal' });
    expect(own.status).toBe(201);
    expect(own.body.customer_id).toBeNull();
    expect((await api('POST', `/keys/${own.body.id}/revoke`)).body.status).toBe('revoked');
    expect((await gw.call('text.generate', { key: own.body.key, body: { input: 'x' } })).status).toBe(401);

    const customer = (await api('POST', '/customers', { name: 'Leaving', external_id: 'crm-leaving' })).body;
    const { key } = (await api('POST', `/customers/${customer.id}/keys`, {})).body;
    expect((await gw.call('text.generate', { key, body: { input: 'x' } })).status).toBe(200);
    expect((await api('DELETE', `/customers/${customer.id}`)).status).toBe(204);
    const after = await gw.call('text.generate', { key, body: { input: 'x' } });
    expect(after.status).toBe(401);
    expect(((await after.json()) as any).error.code).toBe('revoked_api_key');
    expect((await api('GET', `/customers/${customer.id}`)).status).toBe(404);
    expect((await api('DELETE', `/customers/${customer.id}`)).status).toBe(404);
    expect((await api('POST', '/customers', { name: 'Back', external_id: 'crm-leaving' })).status).toBe(201);
  });
});
