import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { GatewayError } from '../common/errors/error-catalog';
import type { Actor } from '../activity/actor';
import { ActivityLog } from '../activity/activity-log.repository';
import { PrismaService } from '../database/prisma.service';
import type { Prisma } from '../generated/prisma/client';
import type { LimitSubject } from '../generated/prisma/enums';
import { ALL_SLUGS } from '../keys/keys.service';

/** The limits a tenant set on one key or customer. */
export interface LimitsDocument {
  /** Requests per window across every slug; null = none. */
  requestsPerWindow: number | null;
  /** Requests per window per slug. */
  perSlug: Record<string, number>;
  /** Slugs or whole categories (`text.*`) the subject may call; empty = all (within the plan). */
  allowedEndpoints: string[];
}

/** At most this many per-slug limits on one key or customer. */
export const MAX_PER_SLUG_LIMITS = 100;

/** A document and its ETag, as a write leaves it. */
export interface VersionedLimits {
  document: LimitsDocument;
  etag: string;
}

/**
 * The strong ETag of a limits document: a hash of its canonical form (slugs and endpoints sorted),
 * so equal documents have equal tags on every process, and any change gives another.
 */
export function limitsEtag(document: LimitsDocument): string {
  const canonical = JSON.stringify([
    document.requestsPerWindow,
    Object.entries(document.perSlug).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    [...document.allowedEndpoints].sort(),
  ]);
  return `"${createHash('sha256').update(canonical).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-Match header matches the current ETag: `*`, or one of its tags (strong comparison: W/ never matches). */
export function ifMatchHolds(ifMatch: string, etag: string): boolean {
  return ifMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === etag);
}

/** A change to one subject's limits, made while its row is locked. */
type LimitsChange = (tx: Prisma.TransactionClient) => Promise<void>;

/**
 * Request limits and allowed endpoints a tenant sets on its keys and customers. Stored as one row
 * per limit (`*` for all slugs); the gateway reads them with the key (cached) and checks each as its
 * own bucket in the one atomic rate-limit step. Callers check that the subject belongs to the
 * tenant first; the caller also invalidates the key caches (the change applies on every process).
 */
@Injectable()
export class LimitsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly activity: ActivityLog,
  ) {}

  async get(subject: LimitSubject, subjectId: string): Promise<LimitsDocument> {
    return this.read(this.prisma, subject, subjectId);
  }

  /**
   * Replaces every limit of the subject. Null: the tenant has no such subject. With `ifMatch`, only
   * if the document's ETag matches it (412 precondition_failed otherwise).
   */
  replace(
    actor: Actor,
    tenantId: string,
    subject: LimitSubject,
    subjectId: string,
    document: LimitsDocument,
    ifMatch?: string,
  ): Promise<VersionedLimits | null> {
    const rows = Object.entries(document.perSlug).map(([slug, requestsPerWindow]) => ({
      tenantId,
      subject,
      subjectId,
      slug,
      requestsPerWindow,
    }));
    if (document.requestsPerWindow !== null)
      rows.push({ tenantId, subject, subjectId, slug: ALL_SLUGS, requestsPerWindow: document.requestsPerWindow });
    const data = { allowedEndpoints: document.allowedEndpoints };
    return this.change(actor, tenantId, subject, subjectId, ifMatch, async (tx) => {
      await tx.requestLimit.deleteMany({ where: { subject, subjectId } });
      await tx.requestLimit.createMany({ data: rows });
      if (subject === 'key') await tx.apiKey.updateMany({ where: { id: subjectId, tenantId }, data });
      else await tx.customer.updateMany({ where: { id: subjectId, tenantId }, data });
    });
  }

  /**
   * Sets one slug's limit and leaves the rest of the document as it is (no read-modify-write by the
   * client: concurrent changes to different slugs all stay). Null: no such subject.
   */
  setSlug(
    actor: Actor,
    tenantId: string,
    subject: LimitSubject,
    subjectId: string,
    slug: string,
    requestsPerWindow: number,
    ifMatch?: string,
  ): Promise<VersionedLimits | null> {
    return this.change(actor, tenantId, subject, subjectId, ifMatch, async (tx) => {
      const key = { subject, subjectId, slug };
      const exists = await tx.requestLimit.count({ where: key });
      if (!exists && (await tx.requestLimit.count({ where: { subject, subjectId, slug: { not: ALL_SLUGS } } })) >= MAX_PER_SLUG_LIMITS) {
        throw new GatewayError('invalid_request', `At most ${MAX_PER_SLUG_LIMITS} per-slug limits; remove one first.`);
      }
      await tx.requestLimit.upsert({
        where: { subject_subjectId_slug: key },
        create: { ...key, tenantId, requestsPerWindow },
        update: { requestsPerWindow },
      });
    });
  }

  /** Removes one slug's limit (idempotent); the rest of the document stays. Null: no such subject. */
  removeSlug(
    actor: Actor,
    tenantId: string,
    subject: LimitSubject,
    subjectId: string,
    slug: string,
    ifMatch?: string,
  ): Promise<VersionedLimits | null> {
    return this.change(actor, tenantId, subject, subjectId, ifMatch, async (tx) => {
      await tx.requestLimit.deleteMany({ where: { subject, subjectId, slug } });
    });
  }

  /**
   * Every change runs in one transaction holding the subject's row lock (the key's or the
   * customer's), so changes of one subject are serialised: an If-Match compares with the document
   * as it is when the change is made, and the answer's document and ETag are what the change left.
   */
  private async change(
    actor: Actor,
    tenantId: string,
    subject: LimitSubject,
    subjectId: string,
    ifMatch: string | undefined,
    write: LimitsChange,
  ): Promise<VersionedLimits | null> {
    return this.prisma.$transaction(async (tx) => {
      const locked =
        subject === 'key'
          ? await tx.$queryRaw<unknown[]>`SELECT 1 FROM api_keys WHERE id = ${subjectId}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`
          : await tx.$queryRaw<
              unknown[]
            >`SELECT 1 FROM customers WHERE id = ${subjectId}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
      if (locked.length === 0) return null;
      const before = await this.read(tx, subject, subjectId);
      if (ifMatch !== undefined) {
        const etag = limitsEtag(before);
        if (!ifMatchHolds(ifMatch, etag)) {
          throw new GatewayError('precondition_failed', undefined, { etag });
        }
      }
      await write(tx);
      const document = await this.read(tx, subject, subjectId);
      if (limitsEtag(before) !== limitsEtag(document)) {
        await this.activity.record(tx, actor, {
          action: 'limit.update',
          entityType: 'limit',
          entityId: `${subject}:${subjectId}`,
          tenantId,
          before: limitFields(before),
          after: limitFields(document),
        });
      }
      return { document, etag: limitsEtag(document) };
    });
  }

  private async read(db: Prisma.TransactionClient, subject: LimitSubject, subjectId: string): Promise<LimitsDocument> {
    const rows = await db.requestLimit.findMany({ where: { subject, subjectId }, orderBy: { slug: 'asc' } });
    const allowedEndpoints = await this.allowedEndpointsOf(db, subject, subjectId);
    const document: LimitsDocument = { requestsPerWindow: null, perSlug: {}, allowedEndpoints };
    for (const row of rows) {
      if (row.slug === ALL_SLUGS) document.requestsPerWindow = row.requestsPerWindow;
      else document.perSlug[row.slug] = row.requestsPerWindow;
    }
    return document;
  }

  private async allowedEndpointsOf(db: Prisma.TransactionClient, subject: LimitSubject, id: string): Promise<string[]> {
    const row =
      subject === 'key'
        ? await db.apiKey.findUnique({ where: { id }, select: { allowedEndpoints: true } })
        : await db.customer.findUnique({ where: { id }, select: { allowedEndpoints: true } });
    return row?.allowedEndpoints ?? [];
  }
}

/** A limits document as the activity log keeps it (the API's field names). */
function limitFields(document: LimitsDocument): Record<string, unknown> {
  return {
    requests_per_window: document.requestsPerWindow,
    per_slug: document.perSlug,
    allowed_endpoints: document.allowedEndpoints,
  };
}
