import Redis from 'ioredis';
import type { StoredKey } from '../../src/keys/api-key.repository';
import { PrismaApiKeyRepository } from '../../src/keys/prisma-api-key.repository';
import { KeysService } from '../../src/keys/keys.service';
import type { EventBus } from '../../src/redis/event-bus';
import { GatewayHarness } from '../support/gateway-harness';
import { waitFor } from '../support/wait-for';
import { SystemClock } from '../../src/common/time/clock';

/** An in-process bus whose subscription the test can drop and restore, as Redis pub/sub can be. */
class SwitchableBus implements EventBus {
  listening = true;
  private readonly changes: Array<(listening: boolean) => void> = [];
  async publish(): Promise<void> {}
  async subscribe(): Promise<void> {}
  onListeningChange(handler: (listening: boolean) => void): void {
    this.changes.push(handler);
  }
  set(listening: boolean): void {
    this.listening = listening;
    for (const handler of this.changes) handler(listening);
  }
  async close(): Promise<void> {}
}

describe('key cache while invalidations cannot arrive', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });

  afterAll(async () => {
    await gw.close();
  });

  it('trusts cached keys for 1 s at most while unsubscribed, and forgets them all when the subscription is back', async () => {
    const repository = new PrismaApiKeyRepository(gw.prisma);
    let lookups = 0;
    const findByPrefix = repository.findByPrefix.bind(repository);
    repository.findByPrefix = (prefix: string): Promise<StoredKey | null> => {
      lookups += 1;
      return findByPrefix(prefix);
    };
    const bus = new SwitchableBus();
    const keys = new KeysService(repository, bus, gw.config, new SystemClock());
    await keys.onModuleInit();
    const revoked = await gw.createTenantWithKey();
    const kept = await gw.createTenantWithKey();
    await keys.verify(revoked.key);
    await keys.verify(kept.key);
    expect(lookups).toBe(2);

    bus.set(false);
    const lostAt = Date.now();
    // Revoked where this process cannot hear it (no broadcast reaches it).
    await gw.prisma.apiKey.update({ where: { id: revoked.keyId }, data: { status: 'revoked', revokedAt: new Date() } });
    await waitFor('a second since the subscription was lost', () => Date.now() > lostAt + 1000);
    await expect(keys.verify(revoked.key)).rejects.toMatchObject({ code: 'revoked_api_key' });
    expect(lookups).toBe(3);

    await keys.verify(kept.key); // re-read too, cached again (for 1 s at most)
    expect(lookups).toBe(4);
    bus.set(true);
    await keys.verify(kept.key); // the resubscription dropped it
    expect(lookups).toBe(5);
    await keys.verify(kept.key);
    expect(lookups).toBe(5);
  });
});

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
