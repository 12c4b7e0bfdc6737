import { createHash } from 'node:crypto';
import type { ChildGateway } from '../support/child-gateway';
import { GatewayHarness } from '../support/gateway-harness';

describe('API keys', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it('shows the secret once, stores only its SHA-256 and a visible prefix', async () => {
    const tenant = await gw.admin('POST', '/tenants', { name: 'Acme' });
    const created = await gw.admin('POST', `/tenants/${tenant.body.id}/keys`, { name: 'ci' });
    expect(created.status).toBe(201);
    const { key, prefix, id } = created.body;
    expect(key).toMatch(/^gw_[0-9A-Za-z]{12}_[0-9A-Za-z]{32}$/);
    expect(key.startsWith(`${prefix}_`)).toBe(true);

    const row = await gw.prisma.apiKey.findUniqueOrThrow({ where: { id } });
    expect(Buffer.from(row.secretHash).equals(createHash('sha256').update(key).digest())).toBe(true);
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(key.slice(16));

    const read = await gw.admin('GET', `/keys/${id}`);
    expect(read.body.key).toBeUndefined();
    expect(read.body).not.toHaveProperty('secret_hash');
    const list = await gw.admin('GET', `/tenants/${tenant.body.id}/keys`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].key).toBeUndefined();
  });

  it('a revocation reaches another gateway process within a second', async () => {
    const { key, keyId } = await gw.createTenantWithKey();
    let child: ChildGateway | undefined;
    try {
      child = await gw.startSecondProcess({
        KEY_CACHE_TTL_MS: '60000', // the cap: only the broadcast can make the child forget the key within the test
      });
      const callChild = () =>
        fetch(`${child!.url}/api/public/v1/infra.dns`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ domain: 'example.com' }),
        });
      expect((await callChild()).status).toBe(200); // now cached in the child

      expect((await gw.admin('POST', `/keys/${keyId}/revoke`)).status).toBe(200);
      const revokedAt = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - revokedAt < 1000) status = (await callChild()).status;
      expect(status).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(1000);
    } finally {
      expect(await child?.terminate()).toBe(0);
    }
  }, 60_000);

  it('revoking is idempotent and unknown ids are 404', async () => {
    const { keyId } = await gw.createTenantWithKey();
    const first = await gw.admin('POST', `/keys/${keyId}/revoke`);
    const second = await gw.admin('POST', `/keys/${keyId}/revoke`);
    expect(second.body.revoked_at).toBe(first.body.revoked_at);
    const missing = await gw.admin('POST', '/keys/00000000-0000-4000-8000-000000000000/revoke');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('resource_not_found');
  });
});
