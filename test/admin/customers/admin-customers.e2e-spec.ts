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
  });
});
