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

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new GatewayError('invalid_request', 'The cursor is not valid; use next_cursor from a previous page.');
  }
  return { createdAt, id };
}
