import { generateApiKey } from '../../src/keys/api-key-format';
import { ApiKeyRepository, StoredKey } from '../../src/keys/api-key.repository';
import { GatewayHarness } from '../support/gateway-harness';

/** A well-formed key that exists nowhere. */
const unknownKey = () => generateApiKey().key;

/** Counts the Postgres lookups of keys (the real repository underneath). */
function countLookups(repository: ApiKeyRepository): { count: number } {
  const counter = { count: 0 };
  const original = repository.findByPrefix.bind(repository);
  repository.findByPrefix = (prefix: string): Promise<StoredKey | null> => {
    counter.count += 1;
    return original(prefix);
  };
  return counter;
}

/**
 * Unknown keys at the public endpoint: the invalid-request budget per client address. That a flood
 * of them never evicts a real key from the cache is KeysService's own (keys.service.spec.ts).
 */
describe('unknown keys', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ INVALID_REQUEST_RATE_LIMIT: '2', TRUST_PROXY: 'loopback' });
  });

  afterAll(async () => {
    await gw.close();
  });

  const call = (key: string, headers: Record<string, string> = {}) =>
    gw.call('infra.dns', { key, body: { domain: 'example.com' }, headers }).then(async (res) => ({
      status: res.status,
      code: res.status === 200 ? null : (((await res.json()) as any).error.code as string),
      retryAfter: res.headers.get('retry-after'),
    }));

  it('a client over its invalid-request limit is refused before any key lookup; cached keys still pass', async () => {
    const ip = { 'x-forwarded-for': '198.51.100.20' };
    const { key } = await gw.createTenantWithKey();
    const lookups = countLookups(gw.app.get(ApiKeyRepository));
    expect((await call(key, ip)).status).toBe(200); // now cached
    expect(lookups.count).toBe(1);

    expect(await call(unknownKey(), ip)).toMatchObject({ status: 401, code: 'invalid_api_key' });
    expect(await call(unknownKey(), ip)).toMatchObject({ status: 401, code: 'invalid_api_key' });
    expect(lookups.count).toBe(3);
    const refused = await call(unknownKey(), ip);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(lookups.count).toBe(3); // refused without asking Postgres

    expect((await call(key, ip)).status).toBe(200); // a cached key never consults that limit
    expect(lookups.count).toBe(3);
  });

  it('IPv6 callers share one invalid-request budget per /64', async () => {
    const from = (ip: string) => call('not-a-key', { 'x-forwarded-for': ip });
    expect((await from('2001:db8:7:1::a')).status).toBe(401);
    expect((await from('2001:db8:7:1::b')).status).toBe(401);
    expect(await from('2001:db8:7:1:ffff:1:2:3')).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((await from('2001:db8:7:2::a')).status).toBe(401); // the next /64 has its own
  });

  // @nestjs/throttler's stock guard already tracks IPv6 by /64; this keeps it so.
  it('the operator API counts IPv6 clients per /64 too', async () => {
    const strict = await GatewayHarness.start({ ADMIN_RATE_LIMIT: '2', TRUST_PROXY: 'loopback' });
    try {
      const from = (ip: string) =>
        fetch(`${strict.url}/api/admin/v1/tenants?limit=1`, {
          headers: { authorization: `Bearer ${strict.adminToken}`, 'x-forwarded-for': ip },
        }).then((res) => res.status);
      expect(await from('2001:db8:8:1::a')).toBe(200);
      expect(await from('2001:db8:8:1::b')).toBe(200);
      expect(await from('2001:db8:8:1:ffff::c')).toBe(429);
      expect(await from('2001:db8:8:2::a')).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
