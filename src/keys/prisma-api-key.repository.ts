import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
import { PrismaService } from '../database/prisma.service';
import { Prisma } from '../generated/prisma/client';
import type {
  ApiKeyStatus,
  BudgetPeriod,
  BudgetSubject,
  Category,
  CustomerStatus,
  LimitSubject,
  TenantStatus,
} from '../generated/prisma/enums';
import {
  ApiKeyChanges,
  ApiKeyRepository,
  ExpiredKey,
  MAX_ROTATION_CHAIN,
  beyondGrace,
  type BeyondGrace,
  KeyListFilter,
  NewApiKey,
  PublicApiKey,
  RotatedKeys,
  StoredKey,
} from './api-key.repository';

const PUBLIC_KEY_FIELDS = {
  id: true,
  tenantId: true,
  customerId: true,
  name: true,
  prefix: true,
  status: true,
  rateLimitPerWindow: true,
  expiresAt: true,
  revokedAt: true,
  createdAt: true,
  rotatedFromId: true,
} as const;

/** ApiKeyRepository on Postgres. */
@Injectable()
export class PrismaApiKeyRepository extends ApiKeyRepository {
  constructor(private readonly prisma: PrismaService) {
    super();
  }

  /**
   * Verification's read: the key, its tenant (and plan), its customer and their limits. Only on a
   * cache miss, so its latency is a miss's: two round trips (the key's row joined to its owners,
   * then its limits, budgets and prices together), each statement an index lookup whatever the
   * number of keys, customers, budgets and prices (`npm run bench:scale` shows their plans).
   */
  async findByPrefix(prefix: string): Promise<StoredKey | null> {
    const [row] = await this.prisma.$queryRaw<KeyRow[]>(keyByPrefixQuery(prefix));
    if (!row) return null;
    const key = toStoredKeyOwners(row);
    const subjects: Array<{ subject: LimitSubject; subjectId: string }> = [{ subject: 'key', subjectId: key.id }];
    if (key.customerId) subjects.push({ subject: 'customer', subjectId: key.customerId });
    const [limits, budgets, prices] = await Promise.all([
      this.prisma.requestLimit.findMany({ where: { OR: subjects }, select: { subject: true, slug: true, requestsPerWindow: true } }),
      this.prisma.$queryRaw<Array<{ id: string; subject: BudgetSubject; subject_id: string; period: BudgetPeriod; cap: string }>>(
        callerBudgetsQuery(key.id, key.customerId, key.tenantId),
      ),
      key.customerId ? this.customerPrices(key.tenantId, key.customerId) : Promise.resolve([]),
    ]);
    return {
      ...key,
      limits,
      budgets: budgets.map((b) => ({ id: b.id, subject: b.subject, subjectId: b.subject_id, period: b.period, capPicoUsd: BigInt(b.cap) })),
      prices,
    };
  }

  /** The prices and markups a customer's calls are billed at: the tenant-wide ones and the customer's own (two partial-index scans). */
  private customerPrices(tenantId: string, customerId: string): Promise<StoredKey['prices']> {
    return this.prisma.priceOverride.findMany({
      where: { tenantId, OR: [{ customerId: null }, { customerId }] },
      select: { customerId: true, slug: true, meter: true, pricePicoUsdPerUnit: true, markupBps: true },
    });
  }

  create(
    data: NewApiKey,
    inTransaction?: (tx: Prisma.TransactionClient, created: PublicApiKey) => Promise<unknown>,
  ): Promise<PublicApiKey> {
    if (!inTransaction) return this.prisma.apiKey.create({ data, select: PUBLIC_KEY_FIELDS });
    return this.prisma.$transaction(async (tx) => {
      const created = await tx.apiKey.create({ data, select: PUBLIC_KEY_FIELDS });
      await inTransaction(tx, created);
      return created;
    });
  }

  findById(id: string): Promise<PublicApiKey | null> {
    return this.prisma.apiKey.findUnique({ where: { id }, select: PUBLIC_KEY_FIELDS });
  }

  /** A key of this tenant only: another tenant's key id reads as absent. */
  findForTenant(tenantId: string, id: string): Promise<PublicApiKey | null> {
    return this.prisma.apiKey.findFirst({ where: { id, tenantId }, select: PUBLIC_KEY_FIELDS });
  }

  /** A tenant's keys, newest first: `take` keys after the page `cursor` ended. */
  listByTenant(tenantId: string, take: number, cursor?: string, filter: KeyListFilter = {}): Promise<PublicApiKey[]> {
    const scope: Prisma.ApiKeyWhereInput = { tenantId, customerId: filter.customerId, id: filter.ids ? { in: filter.ids } : undefined };
    const after = afterCursor(cursor);
    return this.prisma.apiKey.findMany({
      where: after ? { AND: [scope, after] } : scope,
      orderBy: NEWEST_FIRST,
      take,
      select: PUBLIC_KEY_FIELDS,
    });
  }

  async update(id: string, changes: ApiKeyChanges): Promise<PublicApiKey | BeyondGrace> {
    // A new expiry is announced again when it is reached (key.expired).
    if (changes.expiresAt === undefined) return this.prisma.apiKey.update({ where: { id }, data: changes, select: PUBLIC_KEY_FIELDS });
    const expiresAt = changes.expiresAt;
    return this.prisma.$transaction(async (tx) => {
      const [current] = await tx.$queryRaw<Array<{ expires_at: Date | null }>>`
        SELECT expires_at FROM api_keys WHERE id = ${id}::uuid FOR UPDATE`;
      const replacement = await tx.apiKey.findFirst({ where: { rotatedFromId: id }, orderBy: { createdAt: 'desc' }, select: { id: true } });
      const beyond = replacement && current ? beyondGrace(current.expires_at, expiresAt, replacement.id) : null;
      if (beyond) return beyond;
      return tx.apiKey.update({ where: { id }, data: { ...changes, expiredNotifiedAt: null }, select: PUBLIC_KEY_FIELDS });
    });
  }

  /**
   * Rotation in one transaction: the new key (with the old one's limits and allowed endpoints), and
   * the old one's expiry moved to the end of its grace period. Only an active key rotates: 'inactive'
   * when the old key was revoked meanwhile. A key rotates once: 'already_rotated' when it has a
   * replacement already (its budget moved there; a second replacement would have none).
   */
  async rotate(
    oldId: string,
    replacement: NewApiKey,
    oldExpiresAt: Date,
    inTransaction?: (tx: Prisma.TransactionClient, rotated: RotatedKeys) => Promise<unknown>,
  ): Promise<RotatedKeys | 'inactive' | 'already_rotated' | 'chain_too_long'> {
    return this.prisma.$transaction(async (tx) => {
      // The old key's row lock serialises rotations of one key; the replacement check that follows
      // is a new statement, so (READ COMMITTED) it sees a replacement a concurrent rotation committed.
      const locked = await tx.$queryRaw<Array<{ status: string }>>`SELECT status FROM api_keys WHERE id = ${oldId}::uuid FOR UPDATE`;
      if (locked[0]?.status !== 'active') return 'inactive';
      if ((await tx.apiKey.count({ where: { rotatedFromId: oldId } })) > 0) return 'already_rotated';
      // The furthest key of the chain still valid, counted back from this one (0: this one).
      const [{ deepest }] = await tx.$queryRaw<Array<{ deepest: number | null }>>`
        WITH RECURSIVE back (id, rotated_from_id, valid, depth) AS (
          SELECT id, rotated_from_id, true, 0 FROM api_keys WHERE id = ${oldId}::uuid
          UNION ALL
          SELECT k.id, k.rotated_from_id, k.status = 'active' AND (k.expires_at IS NULL OR k.expires_at > now()), b.depth + 1
          FROM api_keys k JOIN back b ON k.id = b.rotated_from_id WHERE b.depth < ${MAX_ROTATION_CHAIN}
        )
        SELECT max(depth) AS deepest FROM back WHERE valid`;
      if ((deepest ?? 0) + 1 > MAX_ROTATION_CHAIN) return 'chain_too_long';
      await tx.apiKey.update({ where: { id: oldId }, data: { expiresAt: oldExpiresAt } });
      // The new key inherits the tenant's limits and allowed endpoints on the old one.
      const { allowedEndpoints } = await tx.apiKey.findUniqueOrThrow({ where: { id: oldId }, select: { allowedEndpoints: true } });
      const created = await tx.apiKey.create({
        data: { ...replacement, allowedEndpoints, rotatedFromId: oldId },
        select: PUBLIC_KEY_FIELDS,
      });
      const limits = await tx.requestLimit.findMany({ where: { subject: 'key', subjectId: oldId } });
      await tx.requestLimit.createMany({
        data: limits.map(({ tenantId, slug, requestsPerWindow }) => ({
          tenantId,
          subject: 'key' as const,
          subjectId: created.id,
          slug,
          requestsPerWindow,
        })),
      });
      // The key's budget (and its ledger) moves to the new key; the old one shares it while in grace.
      await tx.budget.updateMany({ where: { subject: 'key', subjectId: oldId }, data: { subjectId: created.id } });
      const previous = await tx.apiKey.findUniqueOrThrow({ where: { id: oldId }, select: PUBLIC_KEY_FIELDS });
      await inTransaction?.(tx, { created, previous });
      return { created, previous };
    });
  }

  /** The id of the key that replaced this one by rotation (null: none). */
  async replacementOf(id: string): Promise<string | null> {
    const replacement = await this.prisma.apiKey.findFirst({
      where: { rotatedFromId: id },
      orderBy: { createdAt: 'desc' },
      select: { id: true },
    });
    return replacement?.id ?? null;
  }

  async predecessorPrefixes(id: string): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<Array<{ prefix: string }>>`
      WITH RECURSIVE chain (id, rotated_from_id, prefix, depth) AS (
        SELECT id, rotated_from_id, prefix, 0 FROM api_keys WHERE id = ${id}::uuid
        UNION ALL
        SELECT k.id, k.rotated_from_id, k.prefix, c.depth + 1 FROM api_keys k JOIN chain c ON k.id = c.rotated_from_id
        WHERE c.depth < ${MAX_ROTATION_CHAIN}
      )
      SELECT prefix FROM chain WHERE depth > 0 ORDER BY depth`;
    return rows.map((r) => r.prefix);
  }

  /**
   * Claims up to `limit` active keys whose expiry has passed and was not announced yet (marking them
   * announced, rows locked, skipping rows another process holds) and hands them to `announce` in the
   * same transaction: each expiry is announced exactly once, whichever process sweeps. Returns how many.
   */
  async claimExpired(limit: number, announce: (tx: Prisma.TransactionClient, keys: ExpiredKey[]) => Promise<unknown>): Promise<number> {
    return this.prisma.$transaction(async (tx) => {
      const keys = await tx.$queryRaw<ExpiredKey[]>`
        WITH due AS (
          SELECT id FROM api_keys
          WHERE expired_notified_at IS NULL AND expires_at IS NOT NULL AND status = 'active' AND expires_at <= now()
          ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
        )
        UPDATE api_keys k SET expired_notified_at = now() FROM due WHERE k.id = due.id
        RETURNING k.id, k.tenant_id AS "tenantId", k.customer_id AS "customerId", k.name, k.prefix, k.expires_at AS "expiresAt",
          (SELECT r.id FROM api_keys r WHERE r.rotated_from_id = k.id ORDER BY r.created_at DESC LIMIT 1) AS "replacedById"`;
      if (keys.length > 0) await announce(tx, keys);
      return keys.length;
    });
  }

  /** When each key last made a call, from the audit trail (one index lookup per key). */
  async lastUsed(keyIds: string[]): Promise<Map<string, Date>> {
    if (keyIds.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<Array<{ api_key_id: string; last_used: Date }>>`
      SELECT k.id AS api_key_id, last.created_at AS last_used
      FROM unnest(${keyIds}::uuid[]) AS k(id)
      CROSS JOIN LATERAL (
        SELECT created_at FROM audit_records WHERE api_key_id = k.id ORDER BY created_at DESC LIMIT 1
      ) AS last`;
    return new Map(rows.map((r) => [r.api_key_id, r.last_used]));
  }

  /** Marks a key revoked (idempotent: the first revocation time is kept). */
  async revoke(id: string): Promise<PublicApiKey | null> {
    await this.prisma.apiKey.updateMany({ where: { id, status: 'active' }, data: { status: 'revoked', revokedAt: new Date() } });
    return this.findById(id);
  }

  /** Revokes every active key of a customer (when it is deleted); returns their prefixes. */
  async revokeAllOfCustomer(tenantId: string, customerId: string): Promise<string[]> {
    const keys = await this.prisma.apiKey.findMany({ where: { tenantId, customerId, status: 'active' }, select: { prefix: true } });
    await this.prisma.apiKey.updateMany({
      where: { tenantId, customerId, status: 'active' },
      data: { status: 'revoked', revokedAt: new Date() },
    });
    return keys.map((k) => k.prefix);
  }
}

/** The key's row with its tenant's, its plan's and its customer's columns (null: none). */
interface KeyRow {
  id: string;
  tenant_id: string;
  customer_id: string | null;
  prefix: string;
  secret_hash: Uint8Array;
  status: ApiKeyStatus;
  expires_at: Date | null;
  rate_limit_per_window: number | null;
  allowed_endpoints: string[];
  tenant_status: TenantStatus;
  tenant_rate_limit_per_window: number | null;
  plan_id: string | null;
  plan_allowed_categories: Category[] | null;
  plan_request_limit_per_window: number | null;
  plan_resale_discount_bps: number | null;
  customer_status: CustomerStatus | null;
  customer_deleted_at: Date | null;
  customer_allowed_endpoints: string[] | null;
}

/**
 * A key by its prefix, joined to its tenant, the tenant's plan and the key's customer: one statement
 * (Prisma's nested select would send one per relation, in turn). Exported for bench:scale's EXPLAIN.
 */
export function keyByPrefixQuery(prefix: string): Prisma.Sql {
  return Prisma.sql`
    SELECT k.id::text, k.tenant_id::text, k.customer_id::text, k.prefix, k.secret_hash, k.status::text, k.expires_at,
      k.rate_limit_per_window, k.allowed_endpoints,
      t.status::text AS tenant_status, t.rate_limit_per_window AS tenant_rate_limit_per_window, t.plan_id::text,
      p.allowed_categories::text[] AS plan_allowed_categories, p.request_limit_per_window AS plan_request_limit_per_window,
      p.resale_discount_bps AS plan_resale_discount_bps,
      c.status::text AS customer_status, c.deleted_at AS customer_deleted_at, c.allowed_endpoints AS customer_allowed_endpoints
    FROM api_keys k
    JOIN tenants t ON t.id = k.tenant_id
    LEFT JOIN plans p ON p.id = t.plan_id
    LEFT JOIN customers c ON c.tenant_id = k.tenant_id AND c.id = k.customer_id
    WHERE k.prefix = ${prefix}`;
}

/**
 * The budgets a key's calls spend from: its own, or, while it is in its grace period after a
 * rotation, the budget of the newest key of its rotation chain (each rotation moves the budget to
 * the replacement, and the replacement may be rotated in turn while this key is still in grace: the
 * old secrets share the newest one's cap), its customer's and its tenant's. The chain's ids are one
 * array (one index lookup per rotation on rotated_from_id), so each subject is one index lookup on
 * (subject, subject_id): `subject_id = … OR subject_id IN (subquery)` made Postgres read every key
 * budget (a scan growing with the keys that have one). Exported for bench:scale's EXPLAIN.
 */
export function callerBudgetsQuery(keyId: string, customerId: string | null, tenantId: string): Prisma.Sql {
  return Prisma.sql`
    SELECT id, subject, subject_id::text, period, cap_pico_usd::text AS cap FROM budgets
    WHERE (subject = 'key' AND subject_id = ANY (ARRAY(
        WITH RECURSIVE chain (id, depth) AS (
          SELECT ${keyId}::uuid, 0
          UNION ALL
          SELECT k.id, c.depth + 1 FROM api_keys k JOIN chain c ON k.rotated_from_id = c.id WHERE c.depth < ${MAX_ROTATION_CHAIN}
        )
        SELECT id FROM chain)))
      OR (subject = 'customer' AND subject_id = ${customerId}::uuid)
      OR (subject = 'tenant' AND subject_id = ${tenantId}::uuid)`;
}

function toStoredKeyOwners(row: KeyRow): Omit<StoredKey, 'limits' | 'budgets' | 'prices'> {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    customerId: row.customer_id,
    prefix: row.prefix,
    secretHash: row.secret_hash,
    status: row.status,
    expiresAt: row.expires_at,
    rateLimitPerWindow: row.rate_limit_per_window,
    tenant: {
      status: row.tenant_status,
      rateLimitPerWindow: row.tenant_rate_limit_per_window,
      planId: row.plan_id,
      plan:
        row.plan_allowed_categories === null
          ? null
          : {
              allowedCategories: row.plan_allowed_categories,
              requestLimitPerWindow: row.plan_request_limit_per_window,
              resaleDiscountBps: row.plan_resale_discount_bps ?? 0,
            },
    },
    customer:
      row.customer_status === null
        ? null
        : { status: row.customer_status, deletedAt: row.customer_deleted_at, allowedEndpoints: row.customer_allowed_endpoints ?? [] },
    allowedEndpoints: row.allowed_endpoints,
  };
}
