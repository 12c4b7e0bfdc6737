import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
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

/**
 * Request limits and allowed endpoints a tenant sets on its keys and customers. Stored as one row
 * per limit (`*` for all slugs); the gateway reads them with the key (cached) and checks each as its
 * own bucket in the one atomic rate-limit step. Callers check that the subject belongs to the
 * tenant first; the caller also invalidates the key caches (the change applies on every process).
 */
@Injectable()
export class LimitsService {
  constructor(private readonly prisma: PrismaService) {}

  async get(subject: LimitSubject, subjectId: string): Promise<LimitsDocument> {
    const [rows, allowedEndpoints] = await Promise.all([
      this.prisma.requestLimit.findMany({ where: { subject, subjectId }, orderBy: { slug: 'asc' } }),
      this.allowedEndpointsOf(subject, subjectId),
    ]);
    const document: LimitsDocument = { requestsPerWindow: null, perSlug: {}, allowedEndpoints };
    for (const row of rows) {
      if (row.slug === ALL_SLUGS) document.requestsPerWindow = row.requestsPerWindow;
      else document.perSlug[row.slug] = row.requestsPerWindow;
    }
    return document;
  }

  /** Replaces every limit of the subject, in one transaction. */
  async replace(tenantId: string, subject: LimitSubject, subjectId: string, document: LimitsDocument): Promise<LimitsDocument> {
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
    await this.prisma.$transaction([
      this.prisma.requestLimit.deleteMany({ where: { subject, subjectId } }),
      this.prisma.requestLimit.createMany({ data: rows }),
      subject === 'key'
        ? this.prisma.apiKey.updateMany({ where: { id: subjectId, tenantId }, data })
        : this.prisma.customer.updateMany({ where: { id: subjectId, tenantId }, data }),
    ]);
    return this.get(subject, subjectId);
  }

  private async allowedEndpointsOf(subject: LimitSubject, id: string): Promise<string[]> {
    const row =
      subject === 'key'
        ? await this.prisma.apiKey.findUnique({ where: { id }, select: { allowedEndpoints: true } })
        : await this.prisma.customer.findUnique({ where: { id }, select: { allowedEndpoints: true } });
    return row?.allowedEndpoints ?? [];
  }
}
