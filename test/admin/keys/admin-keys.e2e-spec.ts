import { GatewayHarness } from '../../support/gateway-harness';

/** Keys through the operator API: issued with the secret shown once, listed in pages, read, revoked. */
describe('operator API: keys', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it('issues a key whose secret is in the creation answer only, and which calls the gateway', async () => {
    const tenant = await gw.admin('POST', '/tenants', { name: 'keys' });
    const created = await gw.admin('POST', `/tenants/${tenant.body.id}/keys`, { name: 'ci', rate_limit_per_window: 50 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      tenant_id: tenant.body.id,
      name: 'ci',
      status: 'active',
      rate_limit_per_window: 50,
      revoked_at: null,
    });
    expect(created.body.key).toMatch(/^gw_[0-9A-Za-z]{12}_[0-9A-Za-z]{32}$/);
    expect(created.body.key.startsWith(`${created.body.prefix}_`)).toBe(true);

    const read = await gw.admin('GET', `/keys/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('key');
    expect(JSON.stringify(read.body)).not.toContain(created.body.key.slice(16));

    expect((await gw.call('text.generate', { key: created.body.key, body: { input: 'hi' } })).status).toBe(200);
  });

  it("lists a tenant's keys newest first, in pages whose cursors lead through all of them once", async () => {
    const tenant = await gw.admin('POST', '/tenants', { name: 'many keys' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await gw.admin('POST', `/tenants/${tenant.body.id}/keys`, { name: `k${i}` })).body.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await gw.admin('GET', `/tenants/${tenant.body.id}/keys?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      for (const key of page.body.data) expect(key).not.toHaveProperty('key');
      seen.push(...page.body.data.map((k: { id: string }) => k.id));
      cursor = page.body.next_cursor as string | null;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    // By ids: the named keys of this tenant only (another tenant's key and an unknown id are absent), paged.
    const otherTenant = await gw.admin('POST', '/tenants', { name: 'other keys' });
    const foreign = (await gw.admin('POST', `/tenants/${otherTenant.body.id}/keys`, { name: 'foreign' })).body.id;
    const named = [ids[0], ids[3], foreign, '00000000-0000-4000-8000-000000000000'];
    const byIds = await gw.admin('GET', `/tenants/${tenant.body.id}/keys?ids=${named.join(',')}&limit=1`);
    expect(byIds.body.data.map((k: { id: string }) => k.id)).toEqual([ids[3]]);
    const rest = await gw.admin('GET', `/tenants/${tenant.body.id}/keys?ids=${named.join(',')}&limit=1&cursor=${byIds.body.next_cursor}`);
    expect(rest.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    expect(
      (await gw.admin('GET', `/tenants/${otherTenant.body.id}/keys?ids=${named.join(',')}`)).body.data.map((k: { id: string }) => k.id),
    ).toEqual([foreign]);
    expect((await gw.admin('GET', `/tenants/${tenant.body.id}/keys?ids=${ids[0]};${ids[1]}`)).status).toBe(400);
  });

  it('revokes a key at once and idempotently; unknown tenants and keys are 404', async () => {
    const { keyId, key } = await gw.createTenantWithKey();
    const revoked = await gw.admin('POST', `/keys/${keyId}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: keyId, status: 'revoked', revoked_at: expect.any(String) });
    const again = await gw.admin('POST', `/keys/${keyId}/revoke`);
    expect(again.body.revoked_at).toBe(revoked.body.revoked_at);
    const call = await gw.call('text.generate', { key, body: { input: 'hi' } });
    expect(call.status).toBe(401);
    expect(((await call.json()) as any).error.code).toBe('revoked_api_key');

    const nobody = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['POST', `/tenants/${nobody}/keys`],
      ['GET', `/tenants/${nobody}/keys`],
      ['GET', `/keys/${nobody}`],
      ['POST', `/keys/${nobody}/revoke`],
    ]) {
      const res = await gw.admin(method, path, method === 'POST' ? {} : undefined);
      expect({ path, status: res.status, code: res.body.error?.code }).toEqual({ path, status: 404, code: 'resource_not_found' });
    }
  });
});
