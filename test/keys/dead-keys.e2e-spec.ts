import { generateApiKey } from '../../src/keys/api-key-format';
import { ApiKeyRepository, StoredKey } from '../../src/keys/api-key.repository';
import { GatewayHarness } from '../support/gateway-harness';

/** Counts the Postgres lookups of keys (the real repository underneath). */
function countLookups(repository: ApiKeyRepository): { count: number; restore: () => void } {
  const original = repository.findByPrefix.bind(repository);
  const counter = {
    count: 0,
    restore: () => {
      repository.findByPrefix = original;
    },
  };
  repository.findByPrefix = (prefix: string): Promise<StoredKey | null> => {
    counter.count += 1;
    return original(prefix);
  };
  return counter;
}

/**
 * Keys that exist but are revoked or expired: their answer is remembered (no Postgres lookup on a
 * retry) and never spends the client address's invalid-request budget, which only keys that do not
 * exist spend. A reseller's backend calls for all its customers from one address: one customer's
 * stale key must not lock every other customer's new keys out.
 *
 * KEY_CACHE_TTL_MS is 0 here: the ordinary key cache keeps nothing, so what is remembered is the
 * dead-key memory alone.
 */
describe('revoked and expired keys', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ TRUST_PROXY: 'loopback', KEY_CACHE_TTL_MS: '0' });
  });

  afterAll(async () => {
    await gw.close();
  });

  const call = (key: string, ip: string) =>
    gw.call('infra.dns', { key, body: { domain: 'example.com' }, headers: { 'x-forwarded-for': ip } }).then(async (res) => ({
      status: res.status,
      code: res.status === 200 ? null : ((await res.json()) as { error: { code: string } }).error.code,
    }));

  it('120 calls with a revoked key, then a brand-new key from the same address: 200 (one lookup for the revoked key)', async () => {
    const ip = '198.51.100.61';
    const stale = await gw.createTenantWithKey();
    expect((await gw.admin('POST', `/keys/${stale.keyId}/revoke`)).status).toBe(200);
    const lookups = countLookups(gw.app.get(ApiKeyRepository));
    try {
      const codes = new Set<string | null>();
      for (let i = 0; i < gw.config.INVALID_REQUEST_RATE_LIMIT; i++) codes.add((await call(stale.key, ip)).code);
      expect([...codes]).toEqual(['revoked_api_key']);
      expect(lookups.count).toBe(1); // the first call read Postgres; every retry was answered from memory

      const fresh = await gw.createTenantWithKey();
      expect(await call(fresh.key, ip)).toEqual({ status: 200, code: null });
      // And the revoked key still answers as revoked (never 429).
      expect(await call(stale.key, ip)).toEqual({ status: 401, code: 'revoked_api_key' });
    } finally {
      lookups.restore();
    }
  });

  it('an expired key is remembered too, and works again at once when the tenant extends its expiry', async () => {
    const ip = '198.51.100.62';
    const reseller = await gw.createReseller();
    const created = await gw.reseller(reseller.managementKey, 'POST', '/keys', { name: 'soon stale' });
    expect(created.status).toBe(201);
    const { key, id } = created.body;
    expect((await gw.reseller(reseller.managementKey, 'POST', `/keys/${id}/expire`)).status).toBe(200);

    const lookups = countLookups(gw.app.get(ApiKeyRepository));
    try {
      for (let i = 0; i < 5; i++) expect(await call(key, ip)).toEqual({ status: 401, code: 'expired_api_key' });
      expect(lookups.count).toBe(1);

      const later = new Date(Date.now() + 86_400_000).toISOString();
      expect((await gw.reseller(reseller.managementKey, 'PATCH', `/keys/${id}`, { expires_at: later })).status).toBe(200);
      expect(await call(key, ip)).toEqual({ status: 200, code: null });
    } finally {
      lookups.restore();
    }
  });

  it("a suspended customer's key retried does not spend its address's budget either", async () => {
    const ip = '198.51.100.64';
    const reseller = await gw.createReseller();
    const customer = await gw.reseller(reseller.managementKey, 'POST', '/customers', { name: 'stale customer' });
    expect(customer.status).toBe(201);
    const stale = await gw.reseller(reseller.managementKey, 'POST', `/customers/${customer.body.id}/keys`, { name: 'k' });
    expect((await gw.reseller(reseller.managementKey, 'POST', `/customers/${customer.body.id}/suspend`)).status).toBe(200);
    for (let i = 0; i < gw.config.INVALID_REQUEST_RATE_LIMIT; i++) {
      expect(await call(stale.body.key, ip)).toEqual({ status: 403, code: 'customer_suspended' });
    }
    const fresh = await gw.createTenantWithKey();
    expect(await call(fresh.key, ip)).toEqual({ status: 200, code: null });
  });

  it('a key that does not exist still spends the budget; a wrong secret on a revoked key is no revoked answer', async () => {
    const ip = '198.51.100.63';
    const limited = await GatewayHarness.start({ TRUST_PROXY: 'loopback', KEY_CACHE_TTL_MS: '0', INVALID_REQUEST_RATE_LIMIT: '2' });
    try {
      const from = (key: string) =>
        limited.call('infra.dns', { key, body: { domain: 'example.com' }, headers: { 'x-forwarded-for': ip } }).then(async (res) => ({
          status: res.status,
          code: res.status === 200 ? null : ((await res.json()) as { error: { code: string } }).error.code,
        }));
      const revoked = await limited.createTenantWithKey();
      await limited.admin('POST', `/keys/${revoked.keyId}/revoke`);
      for (let i = 0; i < 5; i++) expect(await from(revoked.key)).toEqual({ status: 401, code: 'revoked_api_key' });

      // Same prefix, another secret: a guess, answered invalid_api_key and charged.
      const forged = `${revoked.key.slice(0, revoked.key.lastIndexOf('_') + 1)}${'A'.repeat(32)}`;
      expect(await from(forged)).toEqual({ status: 401, code: 'invalid_api_key' });
      expect(await from(generateApiKey().key)).toEqual({ status: 401, code: 'invalid_api_key' });
      expect(await from(generateApiKey().key)).toEqual({ status: 429, code: 'rate_limited' });
      // The address has spent its budget on guesses: a new key that is not cached is refused now,
      // but the revoked key's answer is still the truth, without a lookup.
      expect(await from(revoked.key)).toEqual({ status: 401, code: 'revoked_api_key' });
    } finally {
      await limited.close();
    }
  });
});
