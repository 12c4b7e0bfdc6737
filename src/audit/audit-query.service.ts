import { Injectable } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import { PrismaService } from '../database/prisma.service';
import type { Prisma } from '../generated/prisma/client';

export interface AuditFilter {
  tenantId?: string;
  apiKeyId?: string;
  endpointId?: string;
  httpStatus?: number;
  from?: Date;
  to?: Date;
}

export interface AuditPage<T> {
  data: T[];
  nextCursor: string | null;
}

/**
 * Reads of the audit trail, newest first, with keyset (cursor) pagination on (created_at, id) so a
 * page costs the same at any depth. The cursor is opaque to clients.
 */
@Injectable()
export class AuditQueryService {
  constructor(private readonly prisma: PrismaService) {}

  async list(filter: AuditFilter, limit: number, cursor?: string) {
    const where: Prisma.AuditRecordWhereInput = {
      tenantId: filter.tenantId,
      apiKeyId: filter.apiKeyId,
      endpointId: filter.endpointId,
      httpStatus: filter.httpStatus,
      createdAt: filter.from || filter.to ? { gte: filter.from, lt: filter.to } : undefined,
    };
    const after = cursor ? decodeCursor(cursor) : undefined;
    const rows = await this.prisma.auditRecord.findMany({
      where: after
        ? {
            AND: [
              where,
              { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] },
            ],
          }
        : where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { data: page, nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
  }
}

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

/** What encodeCursor writes: a four-digit-year ISO instant (every audit record's) and a UUID. */
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Anything but a cursor this service wrote is a 400, never a query: a loose check let through
 * UUID-shaped dashes and dates Postgres cannot store (year -271821), both 500s.
 */
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const createdAt = new Date(match?.[1] ?? '');
  // Year 0 passes the pattern and the round trip, but Postgres has no year 0.
  if (!match || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== match[1] || createdAt.getUTCFullYear() < 1) {
    throw new GatewayError('invalid_request', 'The cursor is not valid; use next_cursor from a previous page.');
  }
  return { createdAt, id: match[2] };
}
