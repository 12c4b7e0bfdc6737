import { customerPricesOf } from './customer-prices';
import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { ActivityLog } from '../activity/activity-log.repository';
import type { Actor } from '../activity/actor';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { GatewayError } from '../common/errors/error-catalog';
import { Clock } from '../common/time/clock';
import { EVENT_BUS, EventBus } from '../redis/event-bus';
import { webhookKey } from '../webhooks/webhook-events';
import { WebhookEvents } from '../webhooks/webhook-events.publisher';
import { apiKeyMatches, generateApiKey, parseApiKeyPrefix } from './api-key-format';
import { ApiKeyChanges, ApiKeyRepository, KeyListFilter, MAX_ROTATION_CHAIN, PublicApiKey, StoredKey } from './api-key.repository';
import { AllowedEndpoints, type Caller, type CallerLimits } from './caller';

const INVALIDATION_CHANNEL = 'keys.invalidate';
/** Upper bound of cached keys per process; the oldest entries go first. */
const MAX_CACHED_KEYS = 50_000;
/**
 * While the event bus is not listening (Redis subscriber down), no invalidation can reach this
 * process: a cached key is then trusted for at most this long, so a revocation made elsewhere still
 * takes effect here within a second.
 */
const UNLISTENED_CACHE_TTL_MS = 1000;

/** Upper bound of remembered revoked or expired keys per process; the least recently presented go first. */
const MAX_DEAD_KEYS = 10_000;

/** Overrides MAX_CACHED_KEYS (tests fill the cache without 50,000 rows). */
export const KEY_CACHE_MAX_ENTRIES = Symbol('KEY_CACHE_MAX_ENTRIES');

/**
 * Asked before a key that is not in the cache is looked up in Postgres; throws to refuse the call
 * (the public guard refuses a client IP whose invalid-request budget is spent).
 */
export type LookupGate<S> = (subject: S) => Promise<void>;

interface CacheEntry {
  stored: StoredKey;
  caller: Caller;
  expiresAt: number;
}

/**
 * A key that exists but is revoked or expired, as last read: its full hash, so that only the key
 * itself (not a guess sharing its prefix) gets the remembered answer.
 */
interface DeadKey {
  secretHash: Uint8Array;
  code: 'revoked_api_key' | 'expired_api_key';
}

interface PendingLookup {
  promise: Promise<StoredKey | null>;
  /** The invalidation generation when the lookup started: a result older than an invalidation is not cached. */
  generation: number;
}

type Invalidation = { prefix: string } | { tenantId: string } | { customerId: string } | { planId: string };

export interface CreateKeyOptions {
  /** The tenant's customer the key is for; absent: the tenant's own key. */
  customerId?: string | null;
  name?: string;
  expiresAt?: Date | null;
  rateLimitPerWindow?: number | null;
}

/**
 * Issues, verifies and revokes public API keys. Verification is served from a short per-process
 * cache so Postgres is not read per request; revocations and tenant changes are broadcast on the
 * event bus so every gateway process drops its copy at once. Never stores or logs a secret.
 *
 * Invalidation is exact even against lookups in flight: every invalidation bumps `generation`,
 * and a lookup caches its row only if no invalidation happened since it started (its row may
 * predate the change); requests arriving after an invalidation never join such a lookup either.
 * Only keys that exist are cached: unknown prefixes are not, so a flood of random keys can never
 * evict real ones (those lookups are bounded by the per-IP invalid-request limit instead).
 *
 * Keys that exist but are revoked or expired are also remembered apart, longer than the cache TTL
 * (bounded, least recently presented out first): a client retrying a stale key is answered from
 * memory, without a lookup and without the lookup gate, so its retries never spend its address's
 * invalid-request budget (which a reseller's backend shares with all its customers). A revocation
 * is final; an expiry can be moved by the tenant, and that change's invalidation forgets the entry.
 * Only the failing path reads this memory: a cached valid key never touches it.
 */
@Injectable()
export class KeysService implements OnModuleInit {
  private readonly cache = new Map<string, CacheEntry>();
  /** Revoked or expired keys by prefix (insertion order = recency), matched by their full hash. */
  private readonly deadKeys = new Map<string, DeadKey>();
  /** One database lookup per prefix at a time, however many requests miss together. */
  private readonly pending = new Map<string, PendingLookup>();
  private generation = 0;

  constructor(
    private readonly repository: ApiKeyRepository,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly activity: ActivityLog,
    @Optional() @Inject(KEY_CACHE_MAX_ENTRIES) private readonly maxCachedKeys: number = MAX_CACHED_KEYS,
    /** Announces rotations (key.rotated); absent only where a test builds the service by hand. */
    @Optional() private readonly webhooks?: WebhookEvents,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.bus.subscribe(INVALIDATION_CHANNEL, (message) => this.applyInvalidation(message));
    this.bus.onListeningChange((listening) => (listening ? this.forgetAll() : this.distrustAll()));
  }

  /**
   * Returns the caller of a presented key, or throws the 401/403 that says why not. `gate` runs
   * (with `subject`) only when the key has to be read from Postgres.
   */
  async verify<S>(presented: string, gate?: LookupGate<S>, subject?: S): Promise<Caller> {
    const prefix = parseApiKeyPrefix(presented);
    if (!prefix) throw new GatewayError('malformed_api_key');
    const entry = await this.lookup(prefix, presented, gate, subject);
    // The same answer for an unknown prefix and a wrong secret: no oracle for guessing prefixes.
    if (!entry || !apiKeyMatches(presented, entry.stored.secretHash)) throw new GatewayError('invalid_api_key');
    const { stored } = entry;
    if (stored.status === 'revoked') throw new GatewayError('revoked_api_key');
    if (stored.expiresAt && stored.expiresAt.getTime() <= this.clock.nowMs()) throw new GatewayError('expired_api_key');
    if (stored.tenant.status !== 'active') throw new GatewayError('tenant_suspended');
    if (stored.customer && (stored.customer.status !== 'active' || stored.customer.deletedAt)) throw new GatewayError('customer_suspended');
    return entry.caller;
  }

  /**
   * Issues a key. A key created with a limit (the operator's override, `rateLimitPerWindow`) is a
   * limit change: it takes the `actor` who made it, and the key and its activity entry
   * (`limit.create`, `key:<id>`) are written in one transaction (docs/concepts/activity.md).
   */
  async create(tenantId: string, options: CreateKeyOptions = {}, actor?: Actor): Promise<{ key: string; record: PublicApiKey }> {
    const rateLimitPerWindow = options.rateLimitPerWindow ?? null;
    if (rateLimitPerWindow !== null && !actor) throw new Error('A key created with a limit needs its actor, for the activity log.');
    const generated = generateApiKey();
    const data = {
      tenantId,
      customerId: options.customerId ?? null,
      name: options.name ?? '',
      prefix: generated.prefix,
      secretHash: new Uint8Array(generated.secretHash),
      expiresAt: options.expiresAt ?? null,
      rateLimitPerWindow,
    };
    const record =
      rateLimitPerWindow === null
        ? await this.repository.create(data)
        : await this.repository.create(data, (tx, created) =>
            this.activity.record(tx, actor!, {
              action: 'limit.create',
              entityType: 'limit',
              entityId: `key:${created.id}`,
              tenantId,
              before: null,
              after: { rate_limit_per_window: created.rateLimitPerWindow },
            }),
          );
    return { key: generated.key, record };
  }

  async revoke(keyId: string): Promise<PublicApiKey | null> {
    const record = await this.repository.revoke(keyId);
    if (record) await this.broadcast({ prefix: record.prefix });
    return record;
  }

  get(keyId: string): Promise<PublicApiKey | null> {
    return this.repository.findById(keyId);
  }

  /** A key of this tenant (null for another tenant's key: no existence leak). */
  getForTenant(tenantId: string, keyId: string): Promise<PublicApiKey | null> {
    return this.repository.findForTenant(tenantId, keyId);
  }

  /** Changes a key of this tenant (name, expiry, limit); every process drops its cached copy. Null: no such key. */
  async updateForTenant(tenantId: string, keyId: string, changes: ApiKeyChanges): Promise<PublicApiKey | null> {
    if (!(await this.repository.findForTenant(tenantId, keyId))) return null;
    const record = await this.repository.update(keyId, changes);
    if ('beyondGrace' in record) {
      // An old secret in its grace period: it would outlive the rotation meant to end it.
      throw new GatewayError(
        'key_already_rotated',
        `This key was replaced by rotation: its expiry can only be brought forward${record.latest ? ` (from ${record.latest.toISOString()})` : ''}.`,
        { replaced_by_id: record.replacedById },
      );
    }
    await this.broadcast({ prefix: record.prefix });
    return record;
  }

  /**
   * Rotates a key of this tenant: a new key (new secret, same owner, name and limit) and the old
   * one valid for `graceMs` more (or until its own expiry, if that is sooner), then refused as
   * expired. Null: no such key. Throws conflict for a key that is revoked or expired, and
   * key_already_rotated for a key in its grace period (its budget went to its replacement; a second
   * replacement would have none).
   */
  async rotateForTenant(
    tenantId: string,
    keyId: string,
    graceMs: number,
  ): Promise<{ key: string; record: PublicApiKey; previous: PublicApiKey } | null> {
    const old = await this.repository.findForTenant(tenantId, keyId);
    if (!old) return null;
    const now = this.clock.nowMs();
    if (old.status !== 'active' || (old.expiresAt && old.expiresAt.getTime() <= now)) {
      throw new GatewayError('conflict', 'Only an active key that has not expired can be rotated.');
    }
    const graceEnds = new Date(Math.min(now + graceMs, old.expiresAt?.getTime() ?? Infinity));
    const generated = generateApiKey();
    const rotated = await this.repository.rotate(
      keyId,
      {
        tenantId,
        customerId: old.customerId,
        name: old.name,
        prefix: generated.prefix,
        secretHash: new Uint8Array(generated.secretHash),
        expiresAt: old.expiresAt,
        rateLimitPerWindow: old.rateLimitPerWindow,
      },
      graceEnds,
      // Announced in the rotation's transaction: the event exists exactly when the rotation does.
      (tx, { created, previous }) =>
        this.webhooks?.publish(tenantId, 'key.rotated', { key: webhookKey(created), previous: webhookKey(previous) }, tx) ??
        Promise.resolve(),
    );
    if (rotated === 'inactive') throw new GatewayError('conflict', 'Only an active key that has not expired can be rotated.');
    if (rotated === 'chain_too_long') {
      throw new GatewayError(
        'conflict',
        `${MAX_ROTATION_CHAIN} earlier keys of this key's rotations are still valid: expire the oldest (POST /keys/{id}/expire), or rotate with a shorter grace.`,
      );
    }
    if (rotated === 'already_rotated') {
      throw new GatewayError('key_already_rotated', 'This key was rotated already; rotate its replacement instead.', {
        replaced_by_id: await this.repository.replacementOf(keyId),
      });
    }
    this.webhooks?.committed();
    // The budget moved on: the rotated key and the keys it replaced (still in grace) spend from the new one's.
    await this.broadcast({ prefix: old.prefix });
    await this.invalidatePredecessors(old);
    return { key: generated.key, record: rotated.created, previous: rotated.previous };
  }

  /** When each key last made a call (absent: never), from the audit trail. */
  lastUsed(keyIds: string[]): Promise<Map<string, Date>> {
    return this.repository.lastUsed(keyIds);
  }

  /** Revokes a key of this tenant; null when the tenant has no such key. */
  async revokeForTenant(tenantId: string, keyId: string): Promise<PublicApiKey | null> {
    if (!(await this.repository.findForTenant(tenantId, keyId))) return null;
    return this.revoke(keyId);
  }

  /** A tenant's keys, newest first: `take` keys after the page `cursor` ended. */
  listForTenant(tenantId: string, take: number, cursor?: string, filter?: KeyListFilter): Promise<PublicApiKey[]> {
    return this.repository.listByTenant(tenantId, take, cursor, filter);
  }

  /** Revokes every key of a customer (it was deleted) on every process. */
  async revokeAllOfCustomer(tenantId: string, customerId: string): Promise<void> {
    await this.repository.revokeAllOfCustomer(tenantId, customerId);
    await this.invalidateCustomer(customerId);
  }

  /** Tell every process that cached keys of this tenant are stale (status, limit, plan or tenant-wide prices changed). */
  invalidateTenant(tenantId: string): Promise<void> {
    return this.broadcast({ tenantId });
  }

  /** Tell every process that its cached copy of this key is stale (its limits changed). */
  invalidateKey(prefix: string): Promise<void> {
    return this.broadcast({ prefix });
  }

  /**
   * Tell every process that the budgets a key spends from changed: its own cached copy is stale, and
   * so are those of the keys it replaced by rotation (its predecessor, and theirs), which spend from
   * its budget while in their grace period.
   */
  async invalidateKeyBudget(key: Pick<PublicApiKey, 'id' | 'prefix' | 'rotatedFromId'>): Promise<void> {
    await this.broadcast({ prefix: key.prefix });
    await this.invalidatePredecessors(key);
  }

  /** The keys `key` replaced by rotation, back to the first: those in grace spend from its budget. */
  private async invalidatePredecessors(key: Pick<PublicApiKey, 'id' | 'rotatedFromId'>): Promise<void> {
    if (!key.rotatedFromId) return;
    for (const prefix of await this.repository.predecessorPrefixes(key.id)) await this.broadcast({ prefix });
  }

  /** Tell every process that cached keys of tenants on this plan are stale (its bounds or discount changed). */
  invalidatePlan(planId: string): Promise<void> {
    return this.broadcast({ planId });
  }

  /** Tell every process that cached keys of this customer are stale (suspended, resumed, deleted, limits or prices changed). */
  invalidateCustomer(customerId: string): Promise<void> {
    return this.broadcast({ customerId });
  }

  /**
   * The caller a key's calls are checked as, read now from Postgres rather than the cache: what
   * verification builds (the same row and the same toCaller), for reports of the limits that apply.
   * With a tenant, only that tenant's key; null when there is no such key.
   */
  async callerOf(keyId: string, tenantId?: string): Promise<Caller | null> {
    const key = tenantId === undefined ? await this.repository.findById(keyId) : await this.repository.findForTenant(tenantId, keyId);
    if (!key) return null;
    const stored = await this.repository.findByPrefix(key.prefix);
    return stored && stored.id === key.id ? toCaller(stored) : null;
  }

  /** Number of cached keys (for tests of the bound). */
  get cachedKeys(): number {
    return this.cache.size;
  }

  private async lookup<S>(
    prefix: string,
    presented: string,
    gate: LookupGate<S> | undefined,
    subject: S | undefined,
  ): Promise<CacheEntry | null> {
    const now = this.clock.nowMs();
    const cached = this.cache.get(prefix);
    if (cached && cached.expiresAt > now) return cached;

    this.refuseRememberedDeadKey(prefix, presented);
    if (gate) await gate(subject as S);
    let pending = this.pending.get(prefix);
    if (!pending) {
      const lookup: PendingLookup = { generation: this.generation, promise: undefined! };
      lookup.promise = this.repository.findByPrefix(prefix).finally(() => {
        if (this.pending.get(prefix) === lookup) this.pending.delete(prefix);
      });
      this.pending.set(prefix, lookup);
      pending = lookup;
    }
    const stored = await pending.promise;
    if (!stored) return null;
    if (pending.generation === this.generation) this.rememberIfDead(stored, now);
    const ttl = this.bus.listening ? this.config.KEY_CACHE_TTL_MS : Math.min(this.config.KEY_CACHE_TTL_MS, UNLISTENED_CACHE_TTL_MS);
    const entry: CacheEntry = { stored, caller: toCaller(stored), expiresAt: now + ttl };
    if (ttl > 0 && pending.generation === this.generation) this.remember(prefix, entry);
    return entry;
  }

  private remember(prefix: string, entry: CacheEntry): void {
    this.cache.delete(prefix);
    if (this.cache.size >= this.maxCachedKeys) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(prefix, entry);
  }

  /**
   * Throws the remembered answer when `presented` is a key known to be revoked or expired. An
   * expiry is trusted only while invalidations can reach this process (an extension made elsewhere
   * would otherwise be missed); a revocation is final and always trusted.
   */
  private refuseRememberedDeadKey(prefix: string, presented: string): void {
    const dead = this.deadKeys.get(prefix);
    if (!dead || !apiKeyMatches(presented, dead.secretHash)) return;
    if (dead.code === 'expired_api_key' && !this.bus.listening) return;
    // Most recently presented last: the bound evicts the keys nobody retries any more.
    this.deadKeys.delete(prefix);
    this.deadKeys.set(prefix, dead);
    throw new GatewayError(dead.code);
  }

  private rememberIfDead(stored: StoredKey, now: number): void {
    const code =
      stored.status === 'revoked' ? 'revoked_api_key' : stored.expiresAt && stored.expiresAt.getTime() <= now ? 'expired_api_key' : null;
    if (!code) return;
    this.deadKeys.delete(stored.prefix);
    if (this.deadKeys.size >= MAX_DEAD_KEYS) {
      const oldest = this.deadKeys.keys().next().value;
      if (oldest !== undefined) this.deadKeys.delete(oldest);
    }
    this.deadKeys.set(stored.prefix, { secretHash: stored.secretHash, code });
  }

  private async broadcast(invalidation: Invalidation): Promise<void> {
    this.applyInvalidation(JSON.stringify(invalidation));
    // Never throws (Redis down): the row is already changed; see EventBus.
    await this.bus.publish(INVALIDATION_CHANNEL, JSON.stringify(invalidation));
  }

  private applyInvalidation(message: string): void {
    let invalidation: Invalidation;
    try {
      invalidation = JSON.parse(message) as Invalidation;
    } catch {
      return;
    }
    // Whatever arrives on the channel is untrusted: anything but an object (`1`, `null`) would
    // throw in this Redis listener, an uncaught exception.
    if (typeof invalidation !== 'object' || invalidation === null) return;
    this.generation += 1;
    if ('prefix' in invalidation) {
      this.cache.delete(invalidation.prefix);
      this.pending.delete(invalidation.prefix);
      // The key itself changed (e.g. its expiry was extended): read it afresh.
      this.deadKeys.delete(invalidation.prefix);
      return;
    }
    const matches =
      'tenantId' in invalidation
        ? (stored: StoredKey) => stored.tenantId === invalidation.tenantId
        : 'customerId' in invalidation
          ? (stored: StoredKey) => stored.customerId === invalidation.customerId
          : (stored: StoredKey) => stored.tenant.planId === invalidation.planId;
    for (const [prefix, entry] of this.cache) {
      if (matches(entry.stored)) this.cache.delete(prefix);
    }
    // Which tenant an in-flight lookup belongs to is not known yet: start them all afresh.
    this.pending.clear();
  }

  /** The subscription came back after a loss: any invalidation in between was missed. */
  private forgetAll(): void {
    this.generation += 1;
    this.cache.clear();
    this.pending.clear();
    // An expiry extended meanwhile was missed too; a revocation is final.
    for (const [prefix, dead] of this.deadKeys) if (dead.code === 'expired_api_key') this.deadKeys.delete(prefix);
  }

  /** The subscription is lost: keep serving cached keys, but for UNLISTENED_CACHE_TTL_MS at most. */
  private distrustAll(): void {
    const until = this.clock.nowMs() + UNLISTENED_CACHE_TTL_MS;
    for (const entry of this.cache.values()) if (entry.expiresAt > until) entry.expiresAt = until;
  }
}

function toCaller(stored: StoredKey): Caller {
  return {
    keyId: stored.id,
    tenantId: stored.tenantId,
    customerId: stored.customerId,
    keyPrefix: stored.prefix,
    keyRateLimit: stored.rateLimitPerWindow,
    tenantRateLimit: smallerLimit(stored.tenant.rateLimitPerWindow, stored.tenant.plan?.requestLimitPerWindow ?? null),
    allowedCategories: stored.tenant.plan?.allowedCategories.length ? new Set(stored.tenant.plan.allowedCategories) : null,
    limits: callerLimits(stored.limits),
    allowedEndpoints: AllowedEndpoints.of(stored.allowedEndpoints, stored.customer?.allowedEndpoints ?? []),
    budgets: stored.budgets.length > 0 ? stored.budgets : null,
    resaleDiscountBps: BigInt(stored.tenant.plan?.resaleDiscountBps ?? 0),
    customerPrices: customerPricesOf(stored.prices),
  };
}

/** The stored limit rows as the rate-limit check reads them; null when there are none (most keys). */
function callerLimits(rows: StoredKey['limits']): CallerLimits | null {
  if (rows.length === 0) return null;
  const limits = {
    keyAll: null as number | null,
    keyBySlug: new Map<string, number>(),
    customerAll: null as number | null,
    customerBySlug: new Map<string, number>(),
  };
  for (const { subject, slug, requestsPerWindow } of rows) {
    if (subject === 'key') {
      if (slug === ALL_SLUGS) limits.keyAll = requestsPerWindow;
      else limits.keyBySlug.set(slug, requestsPerWindow);
    } else if (slug === ALL_SLUGS) limits.customerAll = requestsPerWindow;
    else limits.customerBySlug.set(slug, requestsPerWindow);
  }
  return limits;
}

/** The `slug` of a request limit on every slug together. */
export const ALL_SLUGS = '*';

/** The smaller of two optional limits (null = no limit). */
function smallerLimit(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}
