import { ActivityModule } from '../activity/activity.module';
import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { KeysModule } from '../keys/keys.module';
import { PlanAssignmentsRepository } from './plan-assignments.repository';
import { PlanChangeSchedule } from './plan-change-schedule';
import { PlanChangesJob } from './plan-changes.job';
import { PlanDefaultBudget } from './plan-default-budget';
import { PlanFees } from './plan-fees.service';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';
import { PrismaPlanAssignmentsRepository } from './prisma-plan-assignments.repository';
import { PrismaPlansRepository } from './prisma-plans.repository';
import { PrismaScheduledPlanChangesRepository } from './prisma-scheduled-plan-changes.repository';
import { ScheduledPlanChangesRepository } from './scheduled-plan-changes.repository';

/**
 * Plans tenants subscribe to: fee, resale discount, and the bounds of what a tenant gives its
 * customers; the plan history and the fees prorated from it; the owners' moves that wait for a
 * month's start (a smaller fee) and the job that makes them.
 */
@Module({
  imports: [KeysModule, ActivityModule, JobsModule],
  providers: [
    { provide: PlansRepository, useClass: PrismaPlansRepository },
    PlansService,
    PlanDefaultBudget,
    { provide: PlanAssignmentsRepository, useClass: PrismaPlanAssignmentsRepository },
    PlanFees,
    { provide: ScheduledPlanChangesRepository, useClass: PrismaScheduledPlanChangesRepository },
    PlanChangeSchedule,
    PlanChangesJob,
  ],
  exports: [PlansService, PlanDefaultBudget, PlanAssignmentsRepository, PlanFees, PlanChangeSchedule],
})
export class PlansModule {}
