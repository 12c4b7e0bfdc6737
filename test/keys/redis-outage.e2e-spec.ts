import type Redis from 'ioredis';
import { EVENT_BUS, EventBus } from '../../src/redis/event-bus';
import { REDIS } from '../../src/redis/redis.module';
import { CuttableProxy } from '../support/cuttable-proxy';
import { GatewayHarness } from '../support/gateway-harness';
import { testRedisUrl } from '../support/test-env';
import { waitFor } from '../support/wait-for';

/**
 * The gateway against a Redis it cannot reach (a TCP proxy the test cuts): public calls answer the
 * documented 503 instead of waiting for a reconnect, and the operator API keeps working, so keys
 * can be revoked and tenants suspended during the outage.
 */
describe('Redis outage', () => {
  let proxy: CuttableProxy;

  beforeEach(async () => {
    const target = new URL(testRedisUrl());
    proxy = await CuttableProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
  });

  afterEach(async () => {
    await proxy.close();
  });

  /** A public call; a gateway that hangs fails the test here instead of at jest's timeout. */
  const call = (gw: GatewayHarness, key: string) =>
    fetch(`${gw.url}/api/public/v1/infra.dns`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ domain: 'example.com' }),
      signal: AbortSignal.timeout(10_000),
    }).then(async (res) => `${res.status} ${res.status === 200 ? '' : ((await res.json()) as any).error.code}`.trim());

  const listening = (gw: GatewayHarness) =>
    new Promise<void>((resolve) => gw.app.get<EventBus>(EVENT_BUS).onListeningChange((up) => up && resolve()));

  async function operatorCanStillWork(gw: GatewayHarness, keyId: string, tenantId: string): Promise<void> {
    expect((await gw.admin('POST', `/keys/${keyId}/revoke`)).body.status).toBe('revoked');
    const suspended = await gw.admin('PATCH', `/tenants/${tenantId}`, { status: 'suspended' });
    expect([suspended.status, suspended.body.status]).toEqual([200, 'suspended']);
    expect((await gw.admin('GET', '/tenants?limit=1')).status).toBe(200);
  }

  it('Redis refusing connections: public calls 503 at once; keys are revoked and tenants suspended', async () => {
    const gw = await GatewayHarness.start({ REDIS_URL: proxy.url });
    try {
      const a = await gw.createTenantWithKey();
      const b = await gw.createTenantWithKey();
      expect(await call(gw, a.key)).toBe('200');
      proxy.refuse();
      await waitFor('the connection to be lost', () => gw.app.get<Redis>(REDIS).status !== 'ready');

      expect(await call(gw, a.key)).toBe('503 service_unavailable');
      await operatorCanStillWork(gw, b.keyId, a.tenantId);

      const back = listening(gw);
      proxy.restore();
      await back;
      await waitFor('commands to flow again', () => gw.app.get<Redis>(REDIS).status === 'ready');
      expect(await call(gw, a.key)).toBe('403 tenant_suspended');
      expect(await call(gw, b.key)).toBe('401 revoked_api_key');
    } finally {
      await gw.close();
    }
  });

  it('Redis not answering at all: public calls 503 after the command timeout, the operator API still works', async () => {
    const gw = await GatewayHarness.start({ REDIS_URL: proxy.url, REDIS_COMMAND_TIMEOUT_MS: '300' });
    try {
      const a = await gw.createTenantWithKey();
      const b = await gw.createTenantWithKey();
      expect(await call(gw, a.key)).toBe('200');
      proxy.blackhole(); // connections stay open; nothing comes back

      expect(await call(gw, a.key)).toBe('503 service_unavailable');
      await operatorCanStillWork(gw, b.keyId, a.tenantId);
    } finally {
      await gw.close();
    }
  });

  it('starts while Redis is down, and works once Redis is up', async () => {
    proxy.refuse();
    const gw = await GatewayHarness.start({ REDIS_URL: proxy.url });
    try {
      const created = await gw.createTenantWithKey(); // the operator API works from the start
      expect(await call(gw, created.key)).toBe('503 service_unavailable');

      const up = listening(gw);
      proxy.restore();
      await up;
      await waitFor('commands to flow', () => gw.app.get<Redis>(REDIS).status === 'ready');
      expect(await call(gw, created.key)).toBe('200');
    } finally {
      await gw.close();
    }
  });

  it('a revocation made while only this process lost Redis reaches the others once it is back (not after their cache TTL)', async () => {
    const prefix = `test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const cut = await GatewayHarness.start({ REDIS_URL: proxy.url, REDIS_KEY_PREFIX: prefix });
    const other = await GatewayHarness.start({ REDIS_KEY_PREFIX: prefix }); // Redis directly: never loses it
    try {
      const { key, keyId } = await cut.createTenantWithKey();
      expect(await call(other, key)).toBe('200'); // now cached there, for KEY_CACHE_TTL_MS (30 s)
      proxy.refuse();
      await waitFor('the connection to be lost', () => cut.app.get<Redis>(REDIS).status !== 'ready');
      expect((await cut.admin('POST', `/keys/${keyId}/revoke`)).body.status).toBe('revoked'); // the publish fails
      expect(await call(other, key)).toBe('200'); // the other process has not heard it
      proxy.restore();
      await waitFor('the revocation to reach the other process', async () => (await call(other, key)) === '401 revoked_api_key', 10_000);
    } finally {
      await cut.close();
      await other.close();
    }
  });
});
