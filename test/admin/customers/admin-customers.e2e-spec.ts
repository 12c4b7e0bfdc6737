import { GatewayHarness } from '../../support/gateway-harness';

/** The operator reads the customers of any tenant. */
describe('operator API: customers', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it("lists and reads a tenant's customers; a customer under another tenant's id is 404", async () => {
    const a = await gw.createReseller();
    const b = await gw.createReseller();
    const customer = (await gw.reseller(a.managementKey, 'POST', '/customers', { name: 'Visible', external_id: 'op-1' })).body;

    const list = await gw.admin('GET', `/tenants/${a.tenantId}/customers`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: customer.id, tenant_id: a.tenantId, name: 'Visible', external_id: 'op-1' }),
    ]);
    expect((await gw.admin('GET', `/tenants/${a.tenantId}/customers/${customer.id}`)).body.name).toBe('Visible');
    expect((await gw.admin('GET', `/tenants/${b.tenantId}/customers/${customer.id}`)).status).toBe(404);
    expect((await gw.admin('GET', `/tenants/${b.tenantId}/customers`)).body.data).toEqual([]);
    expect((await gw.admin('GET', '/tenants/00000000-0000-4000-8000-000000000000/customers')).status).toBe(404);

    // By ids: the tenant's named customers only; another tenant's, a deleted and an unknown id are absent.
    const second = (await gw.reseller(a.managementKey, 'POST', '/customers', { name: 'Second' })).body;
    const deleted = (await gw.reseller(a.managementKey, 'POST', '/customers', { name: 'Deleted' })).body;
    await gw.reseller(a.managementKey, 'DELETE', `/customers/${deleted.id}`);
    const foreign = (await gw.reseller(b.managementKey, 'POST', '/customers', { name: 'Of B' })).body;
    const byIds = (tenantId: string, ids: string[], extra = '') =>
      gw.admin('GET', `/tenants/${tenantId}/customers?ids=${ids.join(',')}${extra}`);
    const all = [customer.id, second.id, deleted.id, foreign.id, '00000000-0000-4000-8000-000000000000'];
    expect((await byIds(a.tenantId, all)).body.data.map((c: { name: string }) => c.name)).toEqual(['Second', 'Visible']);
    expect((await byIds(b.tenantId, all)).body.data.map((c: { name: string }) => c.name)).toEqual(['Of B']);
    const page = (await byIds(a.tenantId, all, '&limit=1')).body;
    expect(page.data.map((c: { name: string }) => c.name)).toEqual(['Second']);
    expect((await byIds(a.tenantId, all, `&limit=1&cursor=${page.next_cursor}`)).body).toEqual({
      data: [expect.objectContaining({ id: customer.id })],
      next_cursor: null,
    });
    expect((await byIds(a.tenantId, [customer.id, ''])).status).toBe(400);
  });
});
