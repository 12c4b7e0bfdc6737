import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST } from '../common/pagination/cursor';
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

/** Reads of the audit trail, newest first, paged by keyset (common/pagination). */
@Injectable()
export class AuditQueryService {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first: `take` records matching `filter` after the page `cursor` ended. */
  list(filter: AuditFilter, take: number, cursor?: string) {
    const where: Prisma.AuditRecordWhereInput = {
      tenantId: filter.tenantId,
      apiKeyId: filter.apiKeyId,
      endpointId: filter.endpointId,
      httpStatus: filter.httpStatus,
      createdAt: filter.from || filter.to ? { gte: filter.from, lt: filter.to } : undefined,
    };
    const after = afterCursor(cursor);
    return this.prisma.auditRecord.findMany({ where: after ? { AND: [where, after] } : where, orderBy: NEWEST_FIRST, take });
  }
}
