import { GatewayHarness } from '../support/gateway-harness';

/** What every operator route shares: the admin token, and JSON errors for bodies that are not JSON. */
describe('operator API /api/admin/v1', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it('rejects a missing or wrong admin token; a public key is not an admin token', async () => {
    const none = await fetch(`${gw.url}/api/admin/v1/catalog`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as any).error.code).toBe('invalid_admin_token');
    const wrong = await fetch(`${gw.url}/api/admin/v1/catalog`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const { key } = await gw.createTenantWithKey();
    const publicKey = await fetch(`${gw.url}/api/admin/v1/catalog`, { headers: { authorization: `Bearer ${key}` } });
    expect(publicKey.status).toBe(401);
  });

  it('answers invalid JSON bodies with the error shape', async () => {
    const res = await fetch(`${gw.url}/api/admin/v1/tenants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.adminToken}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.code).toBe('invalid_json');
  });
});
