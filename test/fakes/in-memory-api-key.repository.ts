import type { ApiKey, Prisma } from '../../src/generated/prisma/client';
import {
  ApiKeyChanges,
  ApiKeyRepository,
  ExpiredKey,
  KeyListFilter,
  MAX_ROTATION_CHAIN,
  beyondGrace,
  type BeyondGrace,
  NewApiKey,
  PublicApiKey,
  RotatedKeys,
  StoredKey,
} from '../../src/keys/api-key.repository';
import { copy, InMemoryDb, newestFirstPage } from './in-memory-db';
import { definedOnly } from './in-memory-plans.repository';
import { foreignKeyViolation, recordNotFound, uniqueViolation } from './prisma-errors';

/** ApiKeyRepository over the shared in-memory tables. */
export class InMemoryApiKeyRepository extends ApiKeyRepository {
  constructor(private readonly db: InMemoryDb) {
    super();
  }

  async findByPrefix(prefix: string): Promise<StoredKey | null> {
    const key = [...this.db.tables.apiKeys.values()].find((k) => k.prefix === prefix);
    if (!key) return null;
    const { tables } = this.db;
    const tenant = tables.tenants.get(key.tenantId)!;
    const plan = tenant.planId ? tables.plans.get(tenant.planId) : undefined;
    const customer = key.customerId ? tables.customers.get(key.customerId) : undefined;
    // The chain of replacements, each rotated from the one before (the budget is on its newest key).
    const replacements: string[] = [];
    for (let from = key.id, depth = 0; depth < MAX_ROTATION_CHAIN; depth++) {
      const next = [...tables.apiKeys.values()].find((k) => k.rotatedFromId === from);
      if (!next) break;
      replacements.push(next.id);
      from = next.id;
    }
    return copy({
      id: key.id,
      tenantId: key.tenantId,
      customerId: key.customerId,
      prefix: key.prefix,
      secretHash: key.secretHash,
      status: key.status,
      expiresAt: key.expiresAt,
      rateLimitPerWindow: key.rateLimitPerWindow,
      tenant: {
        status: tenant.status,
        rateLimitPerWindow: tenant.rateLimitPerWindow,
        planId: tenant.planId,
        plan: plan
          ? {
              allowedCategories: plan.allowedCategories,
              requestLimitPerWindow: plan.requestLimitPerWindow,
              resaleDiscountBps: plan.resaleDiscountBps,
            }
          : null,
      },
      customer: customer ? { status: customer.status, deletedAt: customer.deletedAt, allowedEndpoints: customer.allowedEndpoints } : null,
      allowedEndpoints: key.allowedEndpoints,
      limits: tables.requestLimits
        .filter((l) => (l.subject === 'key' && l.subjectId === key.id) || (l.subject === 'customer' && l.subjectId === key.customerId))
        .map(({ subject, slug, requestsPerWindow }) => ({ subject, slug, requestsPerWindow })),
      // A key in its grace period after a rotation spends from its replacement's budget.
      budgets: [...tables.budgets.values()]
        .filter(
          (b) =>
            (b.subject === 'key' && (b.subjectId === key.id || replacements.includes(b.subjectId))) ||
            (b.subject === 'customer' && b.subjectId === key.customerId) ||
            (b.subject === 'tenant' && b.subjectId === key.tenantId),
        )
        .map(({ id, subject, subjectId, period, capPicoUsd }) => ({ id, subject, subjectId, period, capPicoUsd })),
      prices: key.customerId
        ? tables.priceOverrides
            .filter((p) => p.tenantId === key.tenantId && (p.customerId === null || p.customerId === key.customerId))
            .map(({ customerId, slug, meter, pricePicoUsdPerUnit, markupBps }) => ({
              customerId,
              slug,
              meter,
              pricePicoUsdPerUnit,
              markupBps,
            }))
        : [],
    });
  }

  async create(
    data: NewApiKey,
    inTransaction?: (tx: Prisma.TransactionClient, created: PublicApiKey) => Promise<unknown>,
  ): Promise<PublicApiKey> {
    if (!inTransaction) return publicFields(this.insert(data, []));
    return this.db.transaction(async (tx) => {
      const created = publicFields(this.insert(data, []));
      await inTransaction(tx, copy(created));
      return created;
    });
  }

  async findById(id: string): Promise<PublicApiKey | null> {
    const key = this.db.tables.apiKeys.get(id);
    return key ? publicFields(key) : null;
  }

  async findForTenant(tenantId: string, id: string): Promise<PublicApiKey | null> {
    const key = this.db.tables.apiKeys.get(id);
    return key?.tenantId === tenantId ? publicFields(key) : null;
  }

  async listByTenant(tenantId: string, take: number, cursor?: string, filter: KeyListFilter = {}): Promise<PublicApiKey[]> {
    const rows = [...this.db.tables.apiKeys.values()].filter(
      (k) =>
        k.tenantId === tenantId &&
        (filter.customerId === undefined || k.customerId === filter.customerId) &&
        (filter.ids === undefined || filter.ids.includes(k.id)),
    );
    return newestFirstPage(rows, take, cursor).map(publicFields);
  }

  async update(id: string, changes: ApiKeyChanges): Promise<PublicApiKey | BeyondGrace> {
    const key = this.db.tables.apiKeys.get(id);
    if (!key) throw recordNotFound(`api key ${id}`);
    const replacement = [...this.db.tables.apiKeys.values()]
      .filter((k) => k.rotatedFromId === id)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    const beyond = replacement && changes.expiresAt !== undefined ? beyondGrace(key.expiresAt, changes.expiresAt, replacement.id) : null;
    if (beyond) return beyond;
    Object.assign(key, definedOnly(changes));
    // A new expiry is announced again when it is reached (key.expired).
    if (changes.expiresAt !== undefined) key.expiredNotifiedAt = null;
    return publicFields(key);
  }

  rotate(
    oldId: string,
    replacement: NewApiKey,
    oldExpiresAt: Date,
    inTransaction?: (tx: Prisma.TransactionClient, rotated: RotatedKeys) => Promise<unknown>,
  ): Promise<RotatedKeys | 'inactive' | 'already_rotated' | 'chain_too_long'> {
    return this.db.transaction(async (tx) => {
      const { tables } = this.db;
      const old = tables.apiKeys.get(oldId);
      if (old?.status !== 'active') return 'inactive';
      if ([...tables.apiKeys.values()].some((k) => k.rotatedFromId === oldId)) return 'already_rotated';
      const now = this.db.now();
      let deepest = 0;
      for (let key = tables.apiKeys.get(oldId), depth = 0; key?.rotatedFromId && depth < MAX_ROTATION_CHAIN;) {
        key = tables.apiKeys.get(key.rotatedFromId);
        depth++;
        if (key && key.status === 'active' && (key.expiresAt === null || key.expiresAt > now)) deepest = depth;
      }
      if (deepest + 1 > MAX_ROTATION_CHAIN) return 'chain_too_long';
      old.expiresAt = oldExpiresAt;
      // The new key inherits the tenant's limits and allowed endpoints on the old one.
      const created = this.insert({ ...replacement, rotatedFromId: oldId }, old.allowedEndpoints);
      for (const limit of tables.requestLimits.filter((l) => l.subject === 'key' && l.subjectId === oldId)) {
        tables.requestLimits.push({ ...limit, id: this.db.id(), subjectId: created.id });
      }
      // The key's budget (and its ledger) moves to the new key.
      for (const budget of tables.budgets.values())
        if (budget.subject === 'key' && budget.subjectId === oldId) budget.subjectId = created.id;
      const rotated = { created: publicFields(created), previous: publicFields(old) };
      await inTransaction?.(tx, copy(rotated));
      return rotated;
    });
  }

  async replacementOf(id: string): Promise<string | null> {
    const replacements = [...this.db.tables.apiKeys.values()].filter((k) => k.rotatedFromId === id);
    replacements.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    return replacements[0]?.id ?? null;
  }

  async predecessorPrefixes(id: string): Promise<string[]> {
    const prefixes: string[] = [];
    let key = this.db.tables.apiKeys.get(id);
    for (let depth = 0; key?.rotatedFromId && depth < MAX_ROTATION_CHAIN; depth++) {
      key = this.db.tables.apiKeys.get(key.rotatedFromId);
      if (key) prefixes.push(key.prefix);
    }
    return prefixes;
  }

  claimExpired(limit: number, announce: (tx: Prisma.TransactionClient, keys: ExpiredKey[]) => Promise<unknown>): Promise<number> {
    return this.db.transaction(async (tx) => {
      const now = this.db.now();
      const due = [...this.db.tables.apiKeys.values()]
        .filter((k) => k.expiredNotifiedAt === null && k.expiresAt !== null && k.status === 'active' && k.expiresAt <= now)
        .sort((a, b) => a.expiresAt!.getTime() - b.expiresAt!.getTime())
        .slice(0, limit);
      const keys: ExpiredKey[] = due.map((k) => {
        k.expiredNotifiedAt = now;
        return {
          id: k.id,
          tenantId: k.tenantId,
          customerId: k.customerId,
          name: k.name,
          prefix: k.prefix,
          expiresAt: new Date(k.expiresAt!),
          replacedById: null,
        };
      });
      for (const key of keys) key.replacedById = await this.replacementOf(key.id);
      if (keys.length > 0) await announce(tx, keys);
      return keys.length;
    });
  }

  async lastUsed(keyIds: string[]): Promise<Map<string, Date>> {
    const last = new Map<string, Date>();
    for (const record of this.db.tables.auditRecords) {
      if (!record.apiKeyId || !keyIds.includes(record.apiKeyId)) continue;
      const seen = last.get(record.apiKeyId);
      if (!seen || record.createdAt > seen) last.set(record.apiKeyId, new Date(record.createdAt));
    }
    return last;
  }

  async revoke(id: string): Promise<PublicApiKey | null> {
    const key = this.db.tables.apiKeys.get(id);
    if (key?.status === 'active') Object.assign(key, { status: 'revoked', revokedAt: this.db.now() });
    return this.findById(id);
  }

  async revokeAllOfCustomer(tenantId: string, customerId: string): Promise<string[]> {
    const keys = [...this.db.tables.apiKeys.values()].filter(
      (k) => k.tenantId === tenantId && k.customerId === customerId && k.status === 'active',
    );
    for (const key of keys) Object.assign(key, { status: 'revoked', revokedAt: this.db.now() });
    return keys.map((k) => k.prefix);
  }

  /** A new key row, with the checks of its table's constraints. */
  private insert(data: NewApiKey, allowedEndpoints: string[]): ApiKey {
    const { tables } = this.db;
    if (!tables.tenants.has(data.tenantId)) throw foreignKeyViolation('api_keys_tenant_id_fkey');
    if (data.customerId !== null && tables.customers.get(data.customerId)?.tenantId !== data.tenantId) {
      throw foreignKeyViolation('api_keys_tenant_id_customer_id_fkey');
    }
    if ([...tables.apiKeys.values()].some((k) => k.prefix === data.prefix)) throw uniqueViolation('api_keys.prefix');
    const key: ApiKey = {
      id: this.db.id(),
      tenantId: data.tenantId,
      customerId: data.customerId,
      name: data.name,
      prefix: data.prefix,
      secretHash: new Uint8Array(data.secretHash),
      status: 'active',
      rateLimitPerWindow: data.rateLimitPerWindow,
      expiresAt: data.expiresAt,
      revokedAt: null,
      createdAt: this.db.now(),
      rotatedFromId: data.rotatedFromId ?? null,
      allowedEndpoints: [...allowedEndpoints],
      expiredNotifiedAt: null,
    };
    tables.apiKeys.set(key.id, key);
    return key;
  }
}

/** A key without its secret's hash, as every read but verification's gives it. */
function publicFields(key: ApiKey): PublicApiKey {
  const { id, tenantId, customerId, name, prefix, status, rateLimitPerWindow, expiresAt, revokedAt, createdAt, rotatedFromId } = copy(key);
  return { id, tenantId, customerId, name, prefix, status, rateLimitPerWindow, expiresAt, revokedAt, createdAt, rotatedFromId };
}
