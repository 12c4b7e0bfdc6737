import { GatewayHarness } from '../support/gateway-harness';

/** The reseller API's key lifecycle: update, expire, rotate with a grace period, last use. */
describe('reseller API: key lifecycle', () => {
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
  const call = async (key: string) => {
    const res = await gw.call('text.generate', { key, body: { input: 'hello' } });
    return { status: res.status, code: res.status === 200 ? null : ((await res.json()) as any).error.code };
  };

  it('renames a key, changes its limit and expiry; the gateway applies them at once; last use comes from the audit trail', async () => {
    const created = (await api('POST', '/keys', { name: 'first' })).body;
    expect(created.last_used_at).toBeNull();
    expect(await call(created.key)).toEqual({ status: 200, code: null });
    await gw.flushAudit();
    const read = (await api('GET', `/keys/${created.id}`)).body;
    expect(Date.parse(read.last_used_at)).toBeGreaterThan(Date.parse(created.created_at) - 1);

    const updated = await api('PATCH', `/keys/${created.id}`, { name: 'renamed' });
    expect(updated.body).toMatchObject({ name: 'renamed' });
    // The operator's limit override is not the tenant's to set (its own limits: PUT /keys/{id}/limits).
    expect((await api('PATCH', `/keys/${created.id}`, { rate_limit_per_window: 1_000_000 })).status).toBe(400);
    expect((await api('POST', '/keys', { rate_limit_per_window: 1_000_000 })).status).toBe(400);

    expect((await api('PATCH', `/keys/${created.id}`, { expires_at: new Date(Date.now() - 1000).toISOString() })).status).toBe(200);
    expect(await call(created.key)).toEqual({ status: 401, code: 'expired_api_key' });
    expect((await api('PATCH', `/keys/${created.id}`, { expires_at: null })).body.expires_at).toBeNull();
    expect(await call(created.key)).toEqual({ status: 200, code: null });

    expect((await api('POST', `/keys/${created.id}/expire`)).body.expires_at).toEqual(expect.any(String));
    expect(await call(created.key)).toEqual({ status: 401, code: 'expired_api_key' });
  });

  it('rotates a customer key: a new secret at once, the old one valid for the grace period (24 h by default), then refused', async () => {
    const customer = (await api('POST', '/customers', { name: 'Rotating' })).body;
    const old = (await api('POST', `/customers/${customer.id}/keys`, { name: 'prod' })).body;
    const limits = { requests_per_window: 50, per_slug: { 'text.generate': 40 }, allowed_endpoints: ['text.*'] };
    await api('PUT', `/keys/${old.id}/limits`, limits);

    const rotated = await api('POST', `/keys/${old.id}/rotate`, {});
    expect(rotated.status).toBe(201);
    expect(rotated.body.key).toMatchObject({ customer_id: customer.id, name: 'prod', rotated_from_id: old.id });
    expect((await api('GET', `/keys/${rotated.body.key.id}/limits`)).body).toEqual(limits);
    expect(rotated.body.key.key).not.toBe(old.key);
    const graceEnd = Date.parse(rotated.body.previous.expires_at);
    expect(Math.abs(graceEnd - (Date.now() + 86_400_000))).toBeLessThan(60_000);
    expect(await call(old.key)).toEqual({ status: 200, code: null });
    expect(await call(rotated.body.key.key)).toEqual({ status: 200, code: null });

    // A grace of 0 stops the old key at once (the end of a grace period to the millisecond: keys.service.spec.ts).
    const now = (await api('POST', `/keys/${rotated.body.key.id}/rotate`, { grace_seconds: 0 })).body;
    expect(await call(rotated.body.key.key)).toEqual({ status: 401, code: 'expired_api_key' });
    const brief = (await api('POST', `/keys/${now.key.id}/rotate`, { grace_seconds: 0 })).body;
    expect(await call(now.key.key)).toEqual({ status: 401, code: 'expired_api_key' });
    expect(await call(brief.key.key)).toEqual({ status: 200, code: null });

    // Only an active, unexpired key rotates; the grace is at most 7 days.
    expect((await api('POST', `/keys/${now.key.id}/rotate`, {})).status).toBe(409);
    expect((await api('POST', `/keys/${brief.key.id}/rotate`, { grace_seconds: 7 * 86_400 + 1 })).status).toBe(400);
    await api('POST', `/keys/${brief.key.id}/revoke`);
    expect((await api('POST', `/keys/${brief.key.id}/rotate`, {})).status).toBe(409);
  });

  it('a rotation that would leave a valid key more than 100 rotations behind the newest is refused (409) until the oldest ends', async () => {
    const first = (await api('POST', '/keys', { name: 'rotated often' })).body;
    let newest = first.id as string;
    for (let i = 0; i < 100; i++) {
      const rotated = await api('POST', `/keys/${newest}/rotate`, { grace_seconds: 3600 });
      expect(rotated.status).toBe(201);
      newest = rotated.body.key.id;
    }
    const refused = await api('POST', `/keys/${newest}/rotate`, { grace_seconds: 3600 });
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'conflict']);
    expect(refused.body.error.message).toContain('expire the oldest');
    expect((await api('POST', `/keys/${first.id}/expire`)).status).toBe(200);
    expect((await api('POST', `/keys/${newest}/rotate`, { grace_seconds: 3600 })).status).toBe(201);
  }, 60_000);

  it("lists its own keys only (customer_id=none) and given keys by ids: never another tenant's, with paging", async () => {
    const other = await gw.createReseller();
    const tenant = await gw.createReseller();
    const as = (who: { managementKey: string }) => (method: string, path: string, body?: unknown) =>
      gw.reseller(who.managementKey, method, path, body);
    const mine = as(tenant);
    const customer = (await mine('POST', '/customers', { name: 'Keyed customer' })).body;
    const customerKey = (await mine('POST', `/customers/${customer.id}/keys`, { name: 'customer key' })).body;
    const ownOld = (await mine('POST', '/keys', { name: 'own old' })).body;
    const ownNew = (await mine('POST', '/keys', { name: 'own new' })).body;
    // The other tenant has keys of its own and of a customer: none of them is ever this tenant's.
    const otherOwn = (await as(other)('POST', '/keys', { name: 'other own' })).body;
    const otherCustomer = (await as(other)('POST', '/customers', { name: 'Other customer' })).body;
    const otherCustomerKey = (await as(other)('POST', `/customers/${otherCustomer.id}/keys`, { name: 'other customer key' })).body;

    const names = async (query: string) => {
      const res = await mine('GET', `/keys?${query}`);
      expect(res.status).toBe(200);
      return { names: res.body.data.map((k: { name: string }) => k.name), next: res.body.next_cursor as string | null };
    };
    expect(await names('customer_id=none')).toEqual({ names: ['own new', 'own old'], next: null });
    expect((await names('')).names).toEqual(['own new', 'own old', 'customer key']);
    const firstOwn = await names('customer_id=none&limit=1');
    expect(firstOwn.names).toEqual(['own new']);
    expect(await names(`customer_id=none&limit=1&cursor=${firstOwn.next}`)).toEqual({ names: ['own old'], next: null });

    // ids: exactly the named keys of this tenant; another tenant's ids are absent.
    const all = [customerKey.id, ownOld.id, ownNew.id, otherOwn.id, otherCustomerKey.id];
    expect((await names(`ids=${all.join(',')}`)).names).toEqual(['own new', 'own old', 'customer key']);
    expect((await names(`ids=${[otherOwn.id, otherCustomerKey.id].join(',')}`)).names).toEqual([]);
    expect((await names(`ids=${all.join(',')}&customer_id=none`)).names).toEqual(['own new', 'own old']);
    expect((await names(`ids=${all.join(',')}&customer_id=${customer.id}`)).names).toEqual(['customer key']);
    const page = await names(`ids=${all.join(',')}&limit=2`);
    expect(page.names).toEqual(['own new', 'own old']);
    expect(await names(`ids=${all.join(',')}&limit=2&cursor=${page.next}`)).toEqual({ names: ['customer key'], next: null });

    // The other tenant sees only its own own key, and none of this tenant's by id.
    expect((await as(other)('GET', '/keys?customer_id=none')).body.data.map((k: { id: string }) => k.id)).toEqual([otherOwn.id]);
    expect((await as(other)('GET', `/keys?ids=${all.join(',')}`)).body.data.map((k: { id: string }) => k.id)).toEqual([
      otherCustomerKey.id,
      otherOwn.id,
    ]);

    for (const query of ['customer_id=None', 'customer_id=', 'customer_id=null', 'ids=x', `ids=${ownOld.id},`]) {
      const res = await mine('GET', `/keys?${query}`);
      expect({ query, status: res.status, code: res.body.error?.code }).toEqual({ query, status: 400, code: 'invalid_request' });
    }
  });

  it("lists one customer's keys at GET /customers/{id}/keys: the same page as /keys?customer_id=, paged; 404 for a customer that is not yours", async () => {
    const customer = (await api('POST', '/customers', { name: 'Listed' })).body;
    const keys = [];
    for (const name of ['a', 'b', 'c']) keys.push((await api('POST', `/customers/${customer.id}/keys`, { name })).body);
    await api('POST', '/keys', { name: 'own' }); // the tenant's own key is not the customer's
    const all = await api('GET', `/customers/${customer.id}/keys`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual((await api('GET', `/keys?customer_id=${customer.id}`)).body);
    expect(all.body.data.map((k: { id: string }) => k.id)).toEqual(keys.map((k) => k.id).reverse());
    expect(all.body.data.every((k: { key?: string }) => k.key === undefined)).toBe(true);

    const first = await api('GET', `/customers/${customer.id}/keys?limit=2`);
    expect(first.body.data).toHaveLength(2);
    const second = await api('GET', `/customers/${customer.id}/keys?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toEqual({ data: [expect.objectContaining({ id: keys[0].id })], next_cursor: null });

    const other = await gw.createReseller();
    const theirs = await gw.reseller(other.managementKey, 'GET', `/customers/${customer.id}/keys`);
    expect({ status: theirs.status, code: theirs.body.error.code }).toEqual({ status: 404, code: 'resource_not_found' });
    expect((await api('GET', '/customers/00000000-0000-4000-8000-000000000000/keys')).status).toBe(404);
    expect((await api('GET', `/customers/${customer.id}/keys?customer_id=none`)).status).toBe(400);
  });
});
