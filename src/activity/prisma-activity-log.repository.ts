import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { ActivityChange, ActivityLog, changedFields } from './activity-log.repository';
import type { Actor } from './actor';

/** ActivityLog on Postgres: one row of activity_entries, in the caller's transaction. */
@Injectable()
export class PrismaActivityLog extends ActivityLog {
  async record(tx: Prisma.TransactionClient, actor: Actor, change: ActivityChange): Promise<void> {
    const [before, after] = changedFields(change.before, change.after);
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
