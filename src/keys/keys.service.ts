import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { GatewayError } from '../common/errors/error-catalog';
import { EVENT_BUS, EventBus } from '../redis/event-bus';
import { apiKeyMatches, generateApiKey, parseApiKeyPrefix } from './api-key-format';
import { ApiKeyRepository, PublicApiKey, StoredKey } from './api-key.repository';
import type { Caller } from './caller';

const INVALIDATION_CHANNEL = 'keys.invalidate';
/** Upper bound of cached keys per process; the oldest entries go first. */
const MAX_CACHED_KEYS = 50_000;

interface CacheEntry {
  stored: StoredKey | null;
  caller: Caller | null;
  expiresAt: number;
}

type Invalidation = { prefix: string } | { tenantId: string };

export interface CreateKeyOptions {
  name?: string;
  expiresAt?: Date | null;
  rateLimitPerWindow?: number | null;
}

/**
 * Issues, verifies and revokes public API keys. Verification is served from a short per-process
 * cache so Postgres is not read per request; revocations and tenant changes are broadcast on the
 * event bus so every gateway process drops its copy at once. Never stores or logs a secret.
 */
@Injectable()
export class KeysService implements OnModuleInit {
  private readonly cache = new Map<string, CacheEntry>();
  /** One database lookup per prefix at a time, however many requests miss together. */
  private readonly pending = new Map<string, Promise<StoredKey | null>>();

  constructor(
    private readonly repository: ApiKeyRepository,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.bus.subscribe(INVALIDATION_CHANNEL, (message) => this.applyInvalidation(message));
  }

  /** Returns the caller of a presented key, or throws the 401/403 that says why not. */
  async verify(presented: string): Promise<Caller> {
    const prefix = parseApiKeyPrefix(presented);
    if (!prefix) throw new GatewayError('malformed_api_key');
    const entry = await this.lookup(prefix);
    // The same answer for an unknown prefix and a wrong secret: no oracle for guessing prefixes.
    if (!entry.stored || !apiKeyMatches(presented, entry.stored.secretHash)) throw new GatewayError('invalid_api_key');
    const { stored } = entry;
    if (stored.status === 'revoked') throw new GatewayError('revoked_api_key');
    if (stored.expiresAt && stored.expiresAt.getTime() <= Date.now()) throw new GatewayError('expired_api_key');
    if (stored.tenant.status !== 'active') throw new GatewayError('tenant_suspended');
    return entry.caller!;
  }

  async create(tenantId: string, options: CreateKeyOptions = {}): Promise<{ key: string; record: PublicApiKey }> {
    const generated = generateApiKey();
    const record = await this.repository.create({
      tenantId,
      name: options.name ?? '',
      prefix: generated.prefix,
      secretHash: new Uint8Array(generated.secretHash),
      expiresAt: options.expiresAt ?? null,
      rateLimitPerWindow: options.rateLimitPerWindow ?? null,
    });
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

  listForTenant(tenantId: string): Promise<PublicApiKey[]> {
    return this.repository.listByTenant(tenantId);
  }

  /** Tell every process that cached keys of this tenant are stale (status or limit changed). */
  invalidateTenant(tenantId: string): Promise<void> {
    return this.broadcast({ tenantId });
  }

  private async lookup(prefix: string): Promise<CacheEntry> {
    const now = Date.now();
    const cached = this.cache.get(prefix);
    if (cached && cached.expiresAt > now) return cached;

    let pending = this.pending.get(prefix);
    if (!pending) {
      pending = this.repository.findByPrefix(prefix).finally(() => this.pending.delete(prefix));
      this.pending.set(prefix, pending);
    }
    const stored = await pending;
    const entry: CacheEntry = { stored, caller: stored && toCaller(stored), expiresAt: now + this.config.KEY_CACHE_TTL_MS };
    if (this.config.KEY_CACHE_TTL_MS > 0) this.remember(prefix, entry);
    return entry;
  }

  private remember(prefix: string, entry: CacheEntry): void {
    this.cache.delete(prefix);
    if (this.cache.size >= MAX_CACHED_KEYS) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(prefix, entry);
  }

  private async broadcast(invalidation: Invalidation): Promise<void> {
    this.applyInvalidation(JSON.stringify(invalidation));
    await this.bus.publish(INVALIDATION_CHANNEL, JSON.stringify(invalidation));
  }

  private applyInvalidation(message: string): void {
    let invalidation: Invalidation;
    try {
      invalidation = JSON.parse(message) as Invalidation;
    } catch {
      return;
    }
    if ('prefix' in invalidation) {
      this.cache.delete(invalidation.prefix);
      return;
    }
    for (const [prefix, entry] of this.cache) {
      if (entry.stored?.tenantId === invalidation.tenantId) this.cache.delete(prefix);
    }
  }
}

function toCaller(stored: StoredKey): Caller {
  return {
    keyId: stored.id,
    tenantId: stored.tenantId,
    keyPrefix: stored.prefix,
    keyRateLimit: stored.rateLimitPerWindow,
    tenantRateLimit: stored.tenant.rateLimitPerWindow,
  };
}
