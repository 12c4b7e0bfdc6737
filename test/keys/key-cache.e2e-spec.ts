import Redis from 'ioredis';
import { GatewayHarness } from '../support/gateway-harness';

/**
 * The key cache's invalidation channel on the real Redis. How the cache behaves while the channel
 * is lost, and once it is back, is KeysService's own (keys.service.spec.ts, on the fakes).
 */

describe('the invalidation channel is untrusted input', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(() => gw.close());

  it('a message that is valid JSON but not an invalidation (1, null, a string) changes nothing and crashes nothing', async () => {
    const { key } = await gw.createTenantWithKey();
    expect((await gw.call('infra.dns', { key, body: { domain: 'example.com' } })).status).toBe(200);
    const redis = new Redis(gw.config.REDIS_URL!);
    try {
      const channel = `${gw.config.REDIS_KEY_PREFIX}events:keys.invalidate`;
      for (const message of ['1', 'null', '"x"', 'true']) expect(await redis.publish(channel, message)).toBeGreaterThan(0);
      // A well-formed one after them still arrives, so the bad ones were handled before it (Redis keeps order).
      expect(await redis.publish(channel, JSON.stringify({ prefix: 'gw_none' }))).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
    expect((await gw.call('infra.dns', { key, body: { domain: 'example.com' } })).status).toBe(200);
  });
});
