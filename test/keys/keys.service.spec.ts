import { createHash } from 'node:crypto';
import { GatewayError, type ErrorCode } from '../../src/common/errors/error-catalog';
import type { AppConfig } from '../../src/config/app-config';
import type { CustomerStatus, TenantStatus } from '../../src/generated/prisma/enums';
import { generateApiKey } from '../../src/keys/api-key-format';
import type { NewApiKey, PublicApiKey, StoredKey } from '../../src/keys/api-key.repository';
import { KeysService } from '../../src/keys/keys.service';
import { InProcessEventBus, type EventBus } from '../../src/redis/event-bus';
import { FakeClock } from '../fakes/fake-clock';
import { InMemoryActivityLog } from '../fakes/in-memory-activity-log';
import { InMemoryApiKeyRepository } from '../fakes/in-memory-api-key.repository';
import { InMemoryDb } from '../fakes/in-memory-db';
import { ADMIN_TOKEN_ACTOR } from '../support/actors';
import { deferred } from '../support/deferred';

/**
 * KeysService on its own, over the in-memory key repository and the in-process event bus: what
 * verify() answers for each kind of bad key, and that its per-process cache never serves a key after
 * a revocation or tenant change, even when a lookup was in flight at that moment. The clock is a
 * fake clock the tests move.
 */

const TTL_MS = 30_000;
const START = Date.UTC(2025, 0, 1);

/** A lookup the test holds open: `started` once the repository was asked, `release()` lets it answer. */
interface HeldLookup {
  started: Promise<void>;
  release(): void;
}

/**
 * The shared in-memory key repository (test/fakes/, held to the Prisma one by its contract test),
 * watched: what create() was given, which prefixes were looked up, and lookups the test holds open.
 * A lookup answers with the row as it was when the lookup started, like a database read that
 * completes later. Tenants and customers are rows of the shared tables, under the ids the tests name.
 */
class WatchedKeyRepository extends InMemoryApiKeyRepository {
  /** What create() was given, as KeysService passed it. */
  readonly created: NewApiKey[] = [];
  /** Prefixes looked up, in order. */
  readonly lookups: string[] = [];
  private holds: Array<{ started: () => void; released: Promise<void> }> = [];

  constructor(private readonly database: InMemoryDb) {
    super(database);
  }

  addTenant(id: string, tenant: { rateLimitPerWindow?: number | null } = {}): void {
    const now = this.database.now();
    this.database.tables.tenants.set(id, {
      id,
      name: id,
      kind: 'reseller',
      status: 'active',
      planId: null,
      rateLimitPerWindow: tenant.rateLimitPerWindow ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }

  setTenantStatus(id: string, status: TenantStatus): void {
    this.database.tables.tenants.get(id)!.status = status;
  }

  addCustomer(id: string, tenantId = 'tenant-a'): void {
    const now = this.database.now();
    this.database.tables.customers.set(id, {
      id,
      tenantId,
      name: id,
      externalId: null,
      status: 'active',
      metadata: {},
      allowedEndpoints: [],
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
  }

  setCustomerStatus(id: string, status: CustomerStatus): void {
    this.database.tables.customers.get(id)!.status = status;
  }

  /** The next findByPrefix call waits until the returned lookup is released. */
  holdNextLookup(): HeldLookup {
    const started = deferred<void>();
    const released = deferred<void>();
    this.holds.push({ started: () => started.resolve(), released: released.promise });
    return { started: started.promise, release: () => released.resolve() };
  }

  lookupsOf(prefix: string): number {
    return this.lookups.filter((p) => p === prefix).length;
  }

  override async findByPrefix(prefix: string): Promise<StoredKey | null> {
    this.lookups.push(prefix);
    // Read now (the fake answers at once), handed back once the hold is released.
    const snapshot = super.findByPrefix(prefix);
    const hold = this.holds.shift();
    if (hold) {
      hold.started();
      await hold.released;
    }
    return snapshot;
  }

  override create(data: NewApiKey, inTransaction?: Parameters<InMemoryApiKeyRepository['create']>[1]): Promise<PublicApiKey> {
    this.created.push(data);
    return super.create(data, inTransaction);
  }
}

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

/** Awaits a rejection and checks it is the GatewayError with `code`; returns it for further checks. */
async function expectGatewayError(promise: Promise<unknown>, code: ErrorCode): Promise<GatewayError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected a rejection with ${code}, got a result`);
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(GatewayError);
  expect((error as GatewayError).code).toBe(code);
  return error as GatewayError;
}

/** The same key with another (well-formed) secret part. */
function withWrongSecret(key: string): string {
  const secret = key.slice(-32);
  return key.slice(0, -32) + (secret[0] === 'A' ? 'B' : 'A') + secret.slice(1);
}

describe('KeysService', () => {
  let clock: FakeClock;
  let repository: WatchedKeyRepository;
  let bus: InProcessEventBus;
  let activity: InMemoryActivityLog;
  const services: KeysService[] = [];

  async function startService(options: { ttlMs?: number; maxCachedKeys?: number; bus?: EventBus } = {}): Promise<KeysService> {
    const config = { KEY_CACHE_TTL_MS: options.ttlMs ?? TTL_MS } as Partial<AppConfig> as AppConfig;
    const service = new KeysService(repository, options.bus ?? bus, config, clock, activity, options.maxCachedKeys);
    await service.onModuleInit();
    services.push(service);
    return service;
  }

  beforeEach(() => {
    clock = new FakeClock(START);
    repository = new WatchedKeyRepository(new InMemoryDb(clock));
    repository.addTenant('tenant-a', { rateLimitPerWindow: 500 });
    repository.addTenant('tenant-b');
    bus = new InProcessEventBus();
    activity = new InMemoryActivityLog();
  });

  afterEach(async () => {
    services.length = 0;
    await bus.close();
    jest.restoreAllMocks();
  });

  describe('issuing and verifying', () => {
    it('creates a gw_ key whose SHA-256, not the key, is what the repository stores, and verify() accepts it', async () => {
      const keys = await startService();
      const { key, record } = await keys.create('tenant-a', { name: 'ci', rateLimitPerWindow: 7 }, ADMIN_TOKEN_ACTOR);

      expect(key).toMatch(/^gw_[0-9A-Za-z]{12}_[0-9A-Za-z]{32}$/);
      expect(record.prefix).toBe(key.slice(0, 15));
      expect(repository.created).toHaveLength(1);
      const stored = repository.created[0];
      expect(Buffer.from(stored.secretHash)).toEqual(createHash('sha256').update(key).digest());
      expect(stored).toMatchObject({ tenantId: 'tenant-a', name: 'ci', prefix: record.prefix, rateLimitPerWindow: 7, expiresAt: null });
      // Nothing handed to the repository or returned in the record carries the secret part.
      const secret = key.slice(-32);
      expect(JSON.stringify({ ...stored, secretHash: Buffer.from(stored.secretHash).toString('latin1') })).not.toContain(secret);
      expect(JSON.stringify(record)).not.toContain(secret);

      await expect(keys.verify(key)).resolves.toEqual({
        keyId: record.id,
        tenantId: 'tenant-a',
        customerId: null,
        keyPrefix: record.prefix,
        keyRateLimit: 7,
        tenantRateLimit: 500,
        allowedCategories: null,
        limits: null,
        allowedEndpoints: null,
        budgets: null,
        resaleDiscountBps: 0n,
        customerPrices: null,
      });
    });

    it("records a key's limit as a limit.create by its actor, in the key's transaction: no key without its entry, no limit without an actor", async () => {
      const keys = await startService();
      const { record } = await keys.create('tenant-a', { name: 'limited', rateLimitPerWindow: 7 }, ADMIN_TOKEN_ACTOR);
      await keys.create('tenant-a', { name: 'unlimited' }, ADMIN_TOKEN_ACTOR);
      expect(activity.entries).toEqual([
        {
          action: 'limit.create',
          entityType: 'limit',
          entityId: `key:${record.id}`,
          tenantId: 'tenant-a',
          before: null,
          after: { rate_limit_per_window: 7 },
          actor: ADMIN_TOKEN_ACTOR,
        },
      ]);

      // The entry fails: the key is not there either.
      jest.spyOn(activity, 'record').mockRejectedValueOnce(new Error('log refused'));
      await expect(keys.create('tenant-a', { name: 'unlogged', rateLimitPerWindow: 3 }, ADMIN_TOKEN_ACTOR)).rejects.toThrow('log refused');
      await expect(keys.create('tenant-a', { name: 'anonymous', rateLimitPerWindow: 3 })).rejects.toThrow(/actor/);
      const names = (await keys.listForTenant('tenant-a', 10)).map((k) => k.name);
      expect(names.sort()).toEqual(['limited', 'unlimited']);
    });

    it('gives the same invalid_api_key answer for a wrong secret on a real prefix and for an unknown prefix', async () => {
      const keys = await startService();
      const { key } = await keys.create('tenant-a');

      const wrongSecret = await expectGatewayError(keys.verify(withWrongSecret(key)), 'invalid_api_key');
      const unknownPrefix = await expectGatewayError(keys.verify(generateApiKey().key), 'invalid_api_key');
      expect([unknownPrefix.status, unknownPrefix.message, unknownPrefix.details]).toEqual([
        wrongSecret.status,
        wrongSecret.message,
        wrongSecret.details,
      ]);
      expect(wrongSecret.status).toBe(401);
    });

    it('refuses a wrong secret even when the right key is already cached', async () => {
      const keys = await startService();
      const { key } = await keys.create('tenant-a');
      await keys.verify(key);

      await expectGatewayError(keys.verify(withWrongSecret(key)), 'invalid_api_key');
      expect(repository.lookups).toHaveLength(1);
    });

    it.each([
      ['an empty string', ''],
      ['another vendor prefix', 'sk_abcdefghijkl_abcdefghijklmnopqrstuvwxyz012345'],
      ['a lookup part that is too short', 'gw_abcdefghijk_abcdefghijklmnopqrstuvwxyz012345'],
      ['a secret part that is too long', 'gw_abcdefghijkl_abcdefghijklmnopqrstuvwxyz0123456'],
      ['a character outside base62', 'gw_abcdefghijkl_abcdefghijklmnopqrstuvwxyz01234-'],
      ['surrounding whitespace', ' gw_abcdefghijkl_abcdefghijklmnopqrstuvwxyz012345'],
    ])('answers malformed_api_key to %s, without a lookup or the gate', async (_case, presented) => {
      const keys = await startService();
      const gate = jest.fn(async () => undefined);

      await expectGatewayError(keys.verify(presented, gate, 'subject'), 'malformed_api_key');
      expect(gate).not.toHaveBeenCalled();
      expect(repository.lookups).toHaveLength(0);
    });

    it('answers revoked_api_key for a revoked key', async () => {
      const keys = await startService();
      const { key, record } = await keys.create('tenant-a');
      await keys.revoke(record.id);

      await expectGatewayError(keys.verify(key), 'revoked_api_key');
    });

    it('answers expired_api_key from the moment the key expires, even while it is cached', async () => {
      const keys = await startService();
      const { key } = await keys.create('tenant-a', { expiresAt: new Date(START + 1000) });
      await expect(keys.verify(key)).resolves.toBeDefined();

      clock.set(START + 999);
      await expect(keys.verify(key)).resolves.toBeDefined();
      clock.set(START + 1000);
      await expectGatewayError(keys.verify(key), 'expired_api_key');
      expect(repository.lookups).toHaveLength(1);
    });

    it('answers expired_api_key for a key created already expired', async () => {
      const keys = await startService();
      const { key } = await keys.create('tenant-a', { expiresAt: new Date(START - 1) });

      await expectGatewayError(keys.verify(key), 'expired_api_key');
    });

    it('answers tenant_suspended (403) for a key of a suspended tenant', async () => {
      const keys = await startService();
      const { key } = await keys.create('tenant-a');
      repository.setTenantStatus('tenant-a', 'suspended');

      const error = await expectGatewayError(keys.verify(key), 'tenant_suspended');
      expect(error.status).toBe(403);
    });
  });

  describe('rotation', () => {
    it('keeps the old key valid for the grace period, to the millisecond, then refuses it as expired; a grace of 0 stops it at once', async () => {
      const keys = await startService();
      const { key: old, record } = await keys.create('tenant-a', { name: 'prod' });
      await keys.verify(old);
      const brief = (await keys.rotateForTenant('tenant-a', record.id, 1000))!;
      expect(brief.previous.expiresAt).toEqual(new Date(START + 1000));
      expect(brief.record).toMatchObject({ name: 'prod', rotatedFromId: record.id, expiresAt: null });
      clock.set(START + 999);
      await expect(keys.verify(old)).resolves.toMatchObject({ keyId: record.id });
      await expect(keys.verify(brief.key)).resolves.toMatchObject({ keyId: brief.record.id });
      clock.set(START + 1000);
      await expectGatewayError(keys.verify(old), 'expired_api_key');

      const now = (await keys.rotateForTenant('tenant-a', brief.record.id, 0))!;
      await expectGatewayError(keys.verify(brief.key), 'expired_api_key');
      await expect(keys.verify(now.key)).resolves.toMatchObject({ keyId: now.record.id });
    });

    it("never extends a key's own expiry, and rotates only an active key that has not expired, once", async () => {
      const keys = await startService();
      const { record } = await keys.create('tenant-a', { expiresAt: new Date(START + 5000) });
      const rotated = (await keys.rotateForTenant('tenant-a', record.id, 60_000))!;
      expect(rotated.previous.expiresAt).toEqual(new Date(START + 5000));
      expect(rotated.record.expiresAt).toEqual(new Date(START + 5000));
      const again = await expectGatewayError(keys.rotateForTenant('tenant-a', record.id, 0), 'key_already_rotated');
      expect(again.details).toEqual({ replaced_by_id: rotated.record.id });

      const revoked = await keys.create('tenant-a');
      await keys.revoke(revoked.record.id);
      await expectGatewayError(keys.rotateForTenant('tenant-a', revoked.record.id, 0), 'conflict');
      clock.set(START + 5000);
      await expectGatewayError(keys.rotateForTenant('tenant-a', rotated.record.id, 0), 'conflict');
      expect(await keys.rotateForTenant('tenant-b', rotated.record.id, 0)).toBeNull();
    });
  });

  describe('the per-process cache', () => {
    it('serves a second verify without asking the repository', async () => {
      const keys = await startService();
      const { key } = await keys.create('tenant-a');

      const first = await keys.verify(key);
      const second = await keys.verify(key);
      expect(second).toEqual(first);
      expect(repository.lookups).toHaveLength(1);
      expect(keys.cachedKeys).toBe(1);
    });

    it('keeps a key for KEY_CACHE_TTL_MS, then reads it again', async () => {
      const keys = await startService();
      const { key, record } = await keys.create('tenant-a');
      await keys.verify(key);

      clock.set(START + TTL_MS - 1);
      await keys.verify(key);
      expect(repository.lookupsOf(record.prefix)).toBe(1);
      clock.set(START + TTL_MS);
      await keys.verify(key);
      expect(repository.lookupsOf(record.prefix)).toBe(2);
    });

    it('caches nothing when KEY_CACHE_TTL_MS is 0', async () => {
      const keys = await startService({ ttlMs: 0 });
      const { key } = await keys.create('tenant-a');
      await keys.verify(key);
      await keys.verify(key);

      expect(repository.lookups).toHaveLength(2);
      expect(keys.cachedKeys).toBe(0);
    });

    it('never caches an unknown prefix: every try reaches the repository again', async () => {
      const keys = await startService();
      const unknown = generateApiKey().key;
      await expectGatewayError(keys.verify(unknown), 'invalid_api_key');
      await expectGatewayError(keys.verify(unknown), 'invalid_api_key');

      expect(repository.lookups).toHaveLength(2);
      expect(keys.cachedKeys).toBe(0);
    });

    it('drops a key at once when it is revoked: the next verify sees the revocation', async () => {
      const keys = await startService();
      const { key, record } = await keys.create('tenant-a');
      await keys.verify(key);

      await keys.revoke(record.id);
      await expectGatewayError(keys.verify(key), 'revoked_api_key');
      expect(repository.lookupsOf(record.prefix)).toBe(2);
    });

    it('drops the cached keys of an invalidated tenant, and only those', async () => {
      const keys = await startService();
      const first = await keys.create('tenant-a');
      const second = await keys.create('tenant-a');
      const other = await keys.create('tenant-b');
      for (const { key } of [first, second, other]) await keys.verify(key);
      expect(keys.cachedKeys).toBe(3);

      repository.setTenantStatus('tenant-a', 'suspended');
      await keys.invalidateTenant('tenant-a');
      expect(keys.cachedKeys).toBe(1);

      await expectGatewayError(keys.verify(first.key), 'tenant_suspended');
      await expectGatewayError(keys.verify(second.key), 'tenant_suspended');
      await expect(keys.verify(other.key)).resolves.toMatchObject({ tenantId: 'tenant-b' });
      expect(repository.lookupsOf(other.record.prefix)).toBe(1);
    });

    it("drops the cached keys of an invalidated customer, and only those: a suspended customer's keys get customer_suspended", async () => {
      const keys = await startService();
      repository.addCustomer('customer-1');
      repository.addCustomer('customer-2');
      const suspended = await keys.create('tenant-a', { customerId: 'customer-1' });
      const sibling = await keys.create('tenant-a', { customerId: 'customer-2' });
      const own = await keys.create('tenant-a');
      for (const { key } of [suspended, sibling, own]) await keys.verify(key);
      expect(await keys.verify(suspended.key)).toMatchObject({ tenantId: 'tenant-a', customerId: 'customer-1' });

      repository.setCustomerStatus('customer-1', 'suspended');
      await keys.invalidateCustomer('customer-1');
      expect(keys.cachedKeys).toBe(2);
      const error = await expectGatewayError(keys.verify(suspended.key), 'customer_suspended');
      expect(error.status).toBe(403);
      await expect(keys.verify(sibling.key)).resolves.toMatchObject({ customerId: 'customer-2' });
      await expect(keys.verify(own.key)).resolves.toMatchObject({ customerId: null });

      repository.setCustomerStatus('customer-1', 'active');
      await keys.invalidateCustomer('customer-1');
      await expect(keys.verify(suspended.key)).resolves.toMatchObject({ customerId: 'customer-1' });
    });

    it('drops a key when another process publishes its invalidation on the bus', async () => {
      const keys = await startService();
      const { key, record } = await keys.create('tenant-a');
      await keys.verify(key);

      // Another process revoked it: the row changed and only the message reaches this one.
      await repository.revoke(record.id);
      await bus.publish('keys.invalidate', JSON.stringify({ prefix: record.prefix }));
      await expectGatewayError(keys.verify(key), 'revoked_api_key');
    });

    it('ignores a message on the invalidation channel that is not an invalidation', async () => {
      const keys = await startService();
      const { key } = await keys.create('tenant-a');
      await keys.verify(key);

      for (const message of ['null', '1', '"text"', 'not json'])
        await expect(bus.publish('keys.invalidate', message)).resolves.toBeUndefined();
      await keys.verify(key);
      expect(repository.lookups).toHaveLength(1);
    });

    it('holds at most maxCachedKeys keys, evicting the oldest first', async () => {
      const keys = await startService({ maxCachedKeys: 2 });
      const [oldest, middle, newest] = [await keys.create('tenant-a'), await keys.create('tenant-a'), await keys.create('tenant-a')];
      for (const { key } of [oldest, middle, newest]) await keys.verify(key);
      expect(keys.cachedKeys).toBe(2);

      await keys.verify(middle.key);
      await keys.verify(newest.key);
      expect(repository.lookups).toHaveLength(3);
      await keys.verify(oldest.key);
      expect(repository.lookupsOf(oldest.record.prefix)).toBe(2);
      expect(keys.cachedKeys).toBe(2);
    });

    it('a flood of unknown keys never evicts a real one from the cache', async () => {
      const maxCachedKeys = 50;
      const keys = await startService({ maxCachedKeys });
      const { key, record } = await keys.create('tenant-a');

      expect((await keys.verify(key)).keyId).toBe(record.id);
      expect(repository.lookups).toHaveLength(1);
      for (let i = 0; i < maxCachedKeys + 10; i++) await expectGatewayError(keys.verify(generateApiKey().key), 'invalid_api_key');
      expect(repository.lookups).toHaveLength(1 + maxCachedKeys + 10);
      expect(keys.cachedKeys).toBe(1); // unknown prefixes are not cached at all
      expect((await keys.verify(key)).keyId).toBe(record.id);
      expect(repository.lookups).toHaveLength(1 + maxCachedKeys + 10); // served from the cache
    });

    it('trusts cached keys for 1 s at most while unsubscribed, and forgets them all when the subscription is back', async () => {
      const switchable = new SwitchableBus();
      const keys = await startService({ bus: switchable });
      const revoked = await keys.create('tenant-a');
      const kept = await keys.create('tenant-a');
      await keys.verify(revoked.key);
      await keys.verify(kept.key);
      expect(repository.lookups).toHaveLength(2);

      switchable.set(false);
      // Revoked where this process cannot hear it (no broadcast reaches it).
      await repository.revoke(revoked.record.id);
      clock.advance(999);
      await expect(keys.verify(revoked.key)).resolves.toMatchObject({ keyId: revoked.record.id });
      clock.advance(2);
      await expectGatewayError(keys.verify(revoked.key), 'revoked_api_key');
      expect(repository.lookups).toHaveLength(3);

      await keys.verify(kept.key); // re-read too, cached again (for 1 s at most)
      expect(repository.lookups).toHaveLength(4);
      switchable.set(true);
      await keys.verify(kept.key); // the resubscription dropped it
      expect(repository.lookups).toHaveLength(5);
      await keys.verify(kept.key);
      expect(repository.lookups).toHaveLength(5);
    });
  });

  describe('lookups in flight', () => {
    it('shares one repository lookup between concurrent misses of one prefix', async () => {
      const keys = await startService();
      const { key, record } = await keys.create('tenant-a');
      const held = repository.holdNextLookup();

      const verifications = [keys.verify(key), keys.verify(key), keys.verify(key), keys.verify(withWrongSecret(key))];
      await held.started;
      held.release();
      const [a, b, c, wrong] = await Promise.allSettled(verifications);

      expect(repository.lookupsOf(record.prefix)).toBe(1);
      for (const result of [a, b, c]) expect(result).toEqual({ status: 'fulfilled', value: expect.objectContaining({ keyId: record.id }) });
      // Sharing the row never shares the acceptance: each presented key is still checked.
      expect(wrong).toEqual({ status: 'rejected', reason: expect.objectContaining({ code: 'invalid_api_key' }) });
    });

    it('does not cache the stale row of a lookup that was in flight when the key was revoked', async () => {
      const keys = await startService();
      const { key, record } = await keys.create('tenant-a');
      const held = repository.holdNextLookup();

      const inFlight = keys.verify(key);
      await held.started;
      await keys.revoke(record.id);
      held.release();
      // That request read the row before the revocation, so it still passes; its row must not outlive it.
      await expect(inFlight).resolves.toMatchObject({ keyId: record.id });

      await expectGatewayError(keys.verify(key), 'revoked_api_key');
      expect(repository.lookupsOf(record.prefix)).toBe(2);
      expect(keys.cachedKeys).toBe(1);
    });

    it('does not let a verify that starts after a revocation join the lookup still in flight', async () => {
      const keys = await startService();
      const { key, record } = await keys.create('tenant-a');
      const held = repository.holdNextLookup();

      const inFlight = keys.verify(key);
      await held.started;
      await keys.revoke(record.id);
      const afterRevocation = keys.verify(key);
      held.release();

      // Had it joined the lookup in flight, it would have been answered with the stale row.
      await expectGatewayError(afterRevocation, 'revoked_api_key');
      await expect(inFlight).resolves.toMatchObject({ keyId: record.id });
      expect(repository.lookupsOf(record.prefix)).toBe(2);
    });

    it('does not cache the stale row of a lookup that was in flight when its tenant was invalidated', async () => {
      const keys = await startService();
      const { key, record } = await keys.create('tenant-a');
      const held = repository.holdNextLookup();

      const inFlight = keys.verify(key);
      await held.started;
      repository.setTenantStatus('tenant-a', 'suspended');
      await keys.invalidateTenant('tenant-a');
      held.release();
      await inFlight;

      await expectGatewayError(keys.verify(key), 'tenant_suspended');
      expect(repository.lookupsOf(record.prefix)).toBe(2);
    });

    it('does not let a verify that starts after a tenant invalidation join the lookup still in flight', async () => {
      const keys = await startService();
      const { key, record } = await keys.create('tenant-a');
      const held = repository.holdNextLookup();

      const inFlight = keys.verify(key);
      await held.started;
      repository.setTenantStatus('tenant-a', 'suspended');
      await keys.invalidateTenant('tenant-a');
      const afterInvalidation = keys.verify(key);
      held.release();

      await expectGatewayError(afterInvalidation, 'tenant_suspended');
      await expect(inFlight).resolves.toMatchObject({ keyId: record.id });
      expect(repository.lookupsOf(record.prefix)).toBe(2);
    });
  });

  describe('the lookup gate', () => {
    it('runs with the subject on a cache miss only', async () => {
      const keys = await startService();
      const { key } = await keys.create('tenant-a');
      const gate = jest.fn(async (_clientIp: string) => undefined);

      await keys.verify(key, gate, '192.0.2.1');
      await keys.verify(key, gate, '192.0.2.1');
      expect(gate.mock.calls).toEqual([['192.0.2.1']]);
    });

    it('runs for every try of an unknown prefix, since those are never cached', async () => {
      const keys = await startService();
      const gate = jest.fn(async (_clientIp: string) => undefined);
      const unknown = generateApiKey().key;

      await expectGatewayError(keys.verify(unknown, gate, '192.0.2.1'), 'invalid_api_key');
      await expectGatewayError(keys.verify(unknown, gate, '192.0.2.1'), 'invalid_api_key');
      expect(gate).toHaveBeenCalledTimes(2);
    });

    it('refuses the call by throwing, before the repository is asked', async () => {
      const keys = await startService();
      const { key } = await keys.create('tenant-a');
      const refusal = new GatewayError('rate_limited');
      const gate = jest.fn(async (_clientIp: string) => {
        throw refusal;
      });

      await expect(keys.verify(key, gate, '192.0.2.1')).rejects.toBe(refusal);
      expect(repository.lookups).toHaveLength(0);
      expect(keys.cachedKeys).toBe(0);
    });
  });
});
