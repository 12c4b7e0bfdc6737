import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { EVENT_BUS, EventBus } from '../../src/redis/event-bus';
import { REDIS } from '../../src/redis/redis.module';
import { CuttableProxy } from '../support/cuttable-proxy';
import { GatewayHarness } from '../support/gateway-harness';
import { testDatabaseUrl, testRedisUrl } from '../support/test-env';
import { waitFor } from '../support/wait-for';
import { raceIt } from '../support/race';

/**
 * Revocation and suspension against the two races of a per-process key cache. Each test is
 * self-contained and deterministic (real Postgres locks, a real Redis connection cut), so it can
 * be looped:
 *   for i in $(seq 100); do TEST_DATABASE_NAME=<db> npx jest test/keys/revocation-races.e2e-spec.ts -t '<name>' || break; done
 * or repeated inside one jest process (no start-up cost per round): RACE_REPEAT=100 npx jest …
 */
// Every round ends in refusals (401/403), which count against the caller's per-IP invalid-request
// limit; rounds repeated in one process must not run into it.
const NO_INVALID_LIMIT = { INVALID_REQUEST_RATE_LIMIT: '1000000' };

describe('key revocation races', () => {
  const call = (gw: GatewayHarness, key: string) => gw.call('infra.dns', { key, body: { domain: 'example.com' } });
  const code = async (res: Response) => `${res.status} ${res.status === 200 ? '' : ((await res.json()) as any).error.code}`.trim();

  describe('(a) a database lookup in flight when the invalidation arrives', () => {
    // The gateway's own Postgres sessions carry this name, so the test sees exactly its queries.
    const applicationName = `keys-race-${randomUUID().slice(0, 8)}`;
    let gw: GatewayHarness;
    let lock: Client;
    // Not `lock`: inside a transaction pg_stat_activity keeps showing its first snapshot.
    let observer: Client;

    beforeAll(async () => {
      const url = new URL(testDatabaseUrl());
      url.searchParams.set('application_name', applicationName);
      gw = await GatewayHarness.start({ ...NO_INVALID_LIMIT, DATABASE_URL: url.toString(), KEY_CACHE_TTL_MS: '60000' });
      lock = new Client({ connectionString: testDatabaseUrl() });
      observer = new Client({ connectionString: testDatabaseUrl() });
      await Promise.all([lock.connect(), observer.connect()]);
    });

    afterAll(async () => {
      await Promise.all([lock.end(), observer.end()]);
      await gw.close();
    });

    /**
     * A lookup reads a key in two round trips: the api_keys row with its owners, then its request
     * limits, budgets and prices. With `request_limits` locked, a lookup has read its key row and
     * waits on the limits: a lookup in flight whose row is about to go stale. Resolves once `count`
     * of the gateway's lookups wait there.
     */
    const lookupsWaitingOnLimits = (count: number) =>
      waitFor(`${count} key lookup(s) waiting on the request_limits lock`, async () => {
        const { rows } = await observer.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = $1 AND wait_event_type = 'Lock' AND query LIKE '%FROM "public"."request_limits"%'`,
          [applicationName],
        );
        return rows[0].n === count;
      });

    async function holdLimits<T>(during: () => Promise<T>): Promise<T> {
      await lock.query('BEGIN');
      try {
        await lock.query('LOCK TABLE request_limits IN ACCESS EXCLUSIVE MODE');
        return await during();
      } finally {
        await lock.query('ROLLBACK');
      }
    }

    raceIt('a lookup that read the key before the revocation does not cache it', async () => {
      const { key, keyId } = await gw.createTenantWithKey();
      const { first } = await holdLimits(async () => {
        const pending = call(gw, key);
        await lookupsWaitingOnLimits(1);
        expect((await gw.admin('POST', `/keys/${keyId}/revoke`)).status).toBe(200);
        return { first: pending }; // not the promise itself: awaiting it here would wait for the lock
      });
      // Read before the revocation committed: served, as any call concurrent with it may be.
      expect(await code(await first)).toBe('200');
      expect(await code(await call(gw, key))).toBe('401 revoked_api_key');
    });

    raceIt('a request after the revocation does not join the lookup that was in flight', async () => {
      const { key, keyId } = await gw.createTenantWithKey();
      const [first, second] = await holdLimits(async () => {
        const before = call(gw, key);
        await lookupsWaitingOnLimits(1);
        expect((await gw.admin('POST', `/keys/${keyId}/revoke`)).status).toBe(200);
        const after = call(gw, key);
        // Its own lookup: it reads the revoked row, then waits on the limits like the first.
        await lookupsWaitingOnLimits(2);
        return [before, after];
      });
      expect(await code(await first)).toBe('200');
      expect(await code(await second)).toBe('401 revoked_api_key');
    });
  });

  describe('(b) invalidations lost while the subscriber was disconnected', () => {
    let redis: Redis;
    let proxy: CuttableProxy;
    let a: GatewayHarness; // its Redis goes through the proxy
    let b: GatewayHarness; // the operator's instance, always connected

    beforeAll(async () => {
      const target = new URL(testRedisUrl());
      redis = new Redis(testRedisUrl());
      proxy = await CuttableProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
      b = await GatewayHarness.start(NO_INVALID_LIMIT);
      a = await GatewayHarness.start({
        ...NO_INVALID_LIMIT,
        REDIS_URL: proxy.url,
        REDIS_KEY_PREFIX: b.config.REDIS_KEY_PREFIX,
        KEY_CACHE_TTL_MS: '60000',
      });
    });

    afterAll(async () => {
      await a.close();
      await b.close();
      await proxy.close();
      await redis.quit();
    });

    const subscribers = async () => {
      const reply = (await redis.pubsub('NUMSUB', `${b.config.REDIS_KEY_PREFIX}events:keys.invalidate`)) as [string, number];
      return Number(reply[1]);
    };

    raceIt('a key revoked and a tenant suspended meanwhile are refused once the subscription is back', async () => {
      const revoked = await b.createTenantWithKey();
      const suspended = await b.createTenantWithKey();
      expect(await code(await call(a, revoked.key))).toBe('200'); // cached in A
      expect(await code(await call(a, suspended.key))).toBe('200');
      await waitFor('both instances subscribed', async () => (await subscribers()) === 2);

      const bus = a.app.get<EventBus>(EVENT_BUS);
      const resubscribed = new Promise<void>((resolve) => bus.onListeningChange((listening) => listening && resolve()));
      proxy.refuse();
      await waitFor('A unsubscribed', async () => (await subscribers()) === 1);
      const aRedis = a.app.get<Redis>(REDIS);
      // A hears none of this.
      expect((await b.admin('POST', `/keys/${revoked.keyId}/revoke`)).status).toBe(200);
      expect((await b.admin('PATCH', `/tenants/${suspended.tenantId}`, { status: 'suspended' })).status).toBe(200);
      proxy.restore();
      await resubscribed;
      // Its command connection too (the key is no longer cached: its lookup asks the limit store first).
      await waitFor('A reconnected', () => aRedis.status === 'ready');

      expect(await code(await call(a, revoked.key))).toBe('401 revoked_api_key');
      expect(await code(await call(a, suspended.key))).toBe('403 tenant_suspended');
    });
  });
});
