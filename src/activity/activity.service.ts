import { Injectable } from '@nestjs/common';
import { afterCursor, NEWEST_FIRST, toPage, type Page } from '../common/pagination/cursor';
import { DEFAULT_PAGE_SIZE } from '../common/pagination/page.requests';
import { PrismaService } from '../database/prisma.service';
import { ActivityEntryView } from './dto/activity-entry.view';

export interface ActivityFilter {
  tenantId?: string;
  actorId?: string;
  actorKind?: string;
  entityType?: string;
  entityId?: string;
  action?: string;
  from?: Date;
  to?: Date;
  limit?: number;
  cursor?: string;
}

/** The activity log's reader: the operator's list (every tenant) and a tenant's (its own). */
@Injectable()
export class ActivityService {
  constructor(private readonly prisma: PrismaService) {}

  async page(filter: ActivityFilter): Promise<Page<ActivityEntryView>> {
    const limit = filter.limit ?? DEFAULT_PAGE_SIZE;
    const createdAt = filter.from || filter.to ? { gte: filter.from, lt: filter.to } : undefined;
    const rows = await this.prisma.activityEntry.findMany({
      where: {
        AND: [
          {
            tenantId: filter.tenantId,
            actorId: filter.actorId,
            actorKind: filter.actorKind,
            entityType: filter.entityType,
            entityId: filter.entityId,
            action: filter.action,
            createdAt,
          },
          afterCursor(filter.cursor) ?? {},
        ],
      },
      orderBy: NEWEST_FIRST,
      take: limit + 1,
    });
    return toPage(rows, limit, ActivityEntryView.from);
  }
}
