import type { CustomerPriceRow } from './customer-prices';
import type { ApiKey, Prisma } from '../generated/prisma/client';
import type { ApiKeyStatus, Category, CustomerStatus, LimitSubject, TenantStatus } from '../generated/prisma/enums';
import type { CallerBudget } from './caller';

/** What verification needs of a key row, its tenant and its customer, in one query. */
export interface StoredKey {
  id: string;
  tenantId: string;
  customerId: string | null;
  prefix: string;
  secretHash: Uint8Array;
  status: ApiKeyStatus;
  expiresAt: Date | null;
  rateLimitPerWindow: number | null;
  tenant: {
    status: TenantStatus;
    rateLimitPerWindow: number | null;
    planId: string | null;
    plan: { allowedCategories: Category[]; requestLimitPerWindow: number | null; resaleDiscountBps: number } | null;
  };
  customer: { status: CustomerStatus; deletedAt: Date | null; allowedEndpoints: string[] } | null;
  allowedEndpoints: string[];
  /** The tenant's request limits on this key and on its customer. */
  limits: Array<{ subject: LimitSubject; slug: string; requestsPerWindow: number }>;
  /** The budgets of the key (or of its replacement, while it is in its grace period), its customer and its tenant. */
  budgets: CallerBudget[];
  /** The tenant's prices for a customer key: tenant-wide (customerId null) and its customer's; none for the tenant's own keys. */
  prices: CustomerPriceRow[];
}

export interface NewApiKey {
  tenantId: string;
  customerId: string | null;
  name: string;
  prefix: string;
  secretHash: Uint8Array<ArrayBuffer>;
  expiresAt: Date | null;
  rateLimitPerWindow: number | null;
  rotatedFromId?: string | null;
}

/** Which of a tenant's keys a list shows. */
export interface KeyListFilter {
  /** A customer's keys; null: the tenant's own keys; undefined: all of them. */
  customerId?: string | null;
  /** Only these keys (the tenant's others, and ids it does not have, are absent). */
  ids?: string[];
}

/** What an owner may change on a key. */
export type ApiKeyChanges = Partial<Pick<NewApiKey, 'name' | 'expiresAt' | 'rateLimitPerWindow'>>;

/** A key as every read but verification's gives it: never its secret's hash. */
export type PublicApiKey = Pick<
  ApiKey,
  | 'id'
  | 'tenantId'
  | 'customerId'
  | 'name'
  | 'prefix'
  | 'status'
  | 'rateLimitPerWindow'
  | 'expiresAt'
  | 'revokedAt'
  | 'createdAt'
  | 'rotatedFromId'
>;

/**
 * How far a rotation chain is followed (each rotation of a key adds one; a key is rotated once): a
 * key still valid is never further than this from the newest of its chain, whose budget it spends
 * from, since a rotation that would put it further is refused ('chain_too_long').
 */
export const MAX_ROTATION_CHAIN = 100;

/** The longest grace period a rotation gives the old key (7 days); nor can its expiry be moved past it. */
export const MAX_ROTATION_GRACE_SECONDS = 7 * 86_400;

/** An expiry a replaced key may not take: its replacement, and the latest expiry it may have. */
export interface BeyondGrace {
  beyondGrace: true;
  replacedById: string;
  latest: Date | null;
}

/**
 * A key replaced by rotation is an old secret in its grace period: its expiry may be brought
 * forward, never removed nor moved later (a key that ends later, or lives again after its grace,
 * could end up further behind the newest key of its chain than its budget is looked for).
 * Null when `next` is one it may take.
 */
export function beyondGrace(current: Date | null, next: Date | null, replacedById: string): BeyondGrace | null {
  if (next !== null && current !== null && next <= current) return null;
  return { beyondGrace: true, replacedById, latest: current };
}

/** A key and its replacement, as a rotation leaves them. */
export interface RotatedKeys {
  created: PublicApiKey;
  previous: PublicApiKey;
}

/** A key whose expiry the sweep claimed for announcing. */
export interface ExpiredKey {
  id: string;
  tenantId: string;
  customerId: string | null;
  name: string;
  prefix: string;
  expiresAt: Date;
  /** The key that replaced it by rotation, if any. */
  replacedById: string | null;
}

/**
 * Gateway keys: the interface KeysService and the expiry announcer depend on (and the DI token).
 * PrismaApiKeyRepository in the app, an in-memory fake in domain tests (test/fakes/), both held
 * to the same contract test.
 */
export abstract class ApiKeyRepository {
  /** Verification's read: the key, its tenant (and plan), its customer and their limits, budgets and prices. Only on a cache miss. */
  abstract findByPrefix(prefix: string): Promise<StoredKey | null>;

  /**
   * Inserts a key; `inTransaction` runs in the insert's transaction with the new key (both commit,
   * or neither: the activity log's entry of the key's limit).
   */
  abstract create(
    data: NewApiKey,
    inTransaction?: (tx: Prisma.TransactionClient, created: PublicApiKey) => Promise<unknown>,
  ): Promise<PublicApiKey>;

  abstract findById(id: string): Promise<PublicApiKey | null>;

  /** A key of this tenant only: another tenant's key id reads as absent. */
  abstract findForTenant(tenantId: string, id: string): Promise<PublicApiKey | null>;

  /** A tenant's keys, newest first: `take` keys after the page `cursor` ended. */
  abstract listByTenant(tenantId: string, take: number, cursor?: string, filter?: KeyListFilter): Promise<PublicApiKey[]>;

  /**
   * Changes a key (which must exist); a new expiry is announced again when it is reached
   * (key.expired). A key replaced by rotation may only have its expiry brought forward
   * (beyondGrace): else nothing changes and the answer says so, decided under the key's row lock,
   * the one a rotation takes.
   */
  abstract update(id: string, changes: ApiKeyChanges): Promise<PublicApiKey | BeyondGrace>;

  /**
   * Rotation in one transaction: the new key (with the old one's limits and allowed endpoints), and
   * the old one's expiry moved to the end of its grace period. Only an active key rotates: 'inactive'
   * when the old key was revoked meanwhile. A key rotates once: 'already_rotated' when it has a
   * replacement already (its budget moved there; a second replacement would have none).
   * 'chain_too_long' when a key of its chain still valid would be more than MAX_ROTATION_CHAIN
   * rotations behind the new one.
   */
  abstract rotate(
    oldId: string,
    replacement: NewApiKey,
    oldExpiresAt: Date,
    inTransaction?: (tx: Prisma.TransactionClient, rotated: RotatedKeys) => Promise<unknown>,
  ): Promise<RotatedKeys | 'inactive' | 'already_rotated' | 'chain_too_long'>;

  /** The id of the key that replaced this one by rotation (null: none). */
  abstract replacementOf(id: string): Promise<string | null>;

  /**
   * The prefixes of the keys this one replaced by rotation, its predecessor first, back to the first
   * of the chain (at most MAX_ROTATION_CHAIN): those still in their grace period spend from its budget.
   */
  abstract predecessorPrefixes(id: string): Promise<string[]>;

  /**
   * Claims up to `limit` active keys whose expiry has passed and was not announced yet (marking them
   * announced, rows locked, skipping rows another process holds) and hands them to `announce` in the
   * same transaction: each expiry is announced exactly once, whichever process sweeps. Returns how many.
   */
  abstract claimExpired(limit: number, announce: (tx: Prisma.TransactionClient, keys: ExpiredKey[]) => Promise<unknown>): Promise<number>;

  /** When each key last made a call, from the audit trail. */
  abstract lastUsed(keyIds: string[]): Promise<Map<string, Date>>;

  /** Marks a key revoked (idempotent: the first revocation time is kept); null when there is no such key. */
  abstract revoke(id: string): Promise<PublicApiKey | null>;

  /** Revokes every active key of a customer (when it is deleted); returns their prefixes. */
  abstract revokeAllOfCustomer(tenantId: string, customerId: string): Promise<string[]>;
}
