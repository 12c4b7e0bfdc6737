import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { ActivityChange, ActivityLog, entryFields } from './activity-log.repository';
import type { Actor } from './actor';

/** ActivityLog on Postgres: one row of activity_entries, in the caller's transaction (none for a change of nothing). */
@Injectable()
export class PrismaActivityLog extends ActivityLog {
  async record(tx: Prisma.TransactionClient, actor: Actor, change: ActivityChange): Promise<void> {
    const fields = entryFields(change);
    if (fields === null) return;
    const { before, after } = fields;
    await tx.activityEntry.create({
      data: {
        tenantId: change.tenantId,
        actorKind: actor.kind,
        actorId: 'id' in actor ? actor.id : null,
        actorEmail: 'email' in actor ? actor.email : null,
        action: change.action,
        entityType: change.entityType,
        entityId: change.entityId,
        before: before ?? Prisma.DbNull,
        after: after ?? Prisma.DbNull,
      },
    });
  }
}
