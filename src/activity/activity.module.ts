import { Module } from '@nestjs/common';
import { ActivityLog } from './activity-log.repository';
import { ActivityService } from './activity.service';
import { PrismaActivityLog } from './prisma-activity-log.repository';

/** The activity log of operator and reseller changes (prices, limits, budgets, plans, tenants). */
@Module({ providers: [{ provide: ActivityLog, useClass: PrismaActivityLog }, ActivityService], exports: [ActivityLog, ActivityService] })
export class ActivityModule {}
