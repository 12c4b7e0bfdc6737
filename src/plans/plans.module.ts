import { ActivityModule } from '../activity/activity.module';
import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { PlanAssignmentsRepository } from './plan-assignments.repository';
import { PlanDefaultBudget } from './plan-default-budget';
import { PlanFees } from './plan-fees.service';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';
import { PrismaPlanAssignmentsRepository } from './prisma-plan-assignments.repository';
import { PrismaPlansRepository } from './prisma-plans.repository';

/**
 * Plans tenants subscribe to: fee, resale discount, and the bounds of what a tenant gives its
 * customers; the plan history and the fees prorated from it.
 */
@Module({
  imports: [KeysModule, ActivityModule],
  providers: [
    { provide: PlansRepository, useClass: PrismaPlansRepository },
    PlansService,
    PlanDefaultBudget,
    { provide: PlanAssignmentsRepository, useClass: PrismaPlanAssignmentsRepository },
    PlanFees,
  ],
  exports: [PlansService, PlanDefaultBudget, PlanAssignmentsRepository, PlanFees],
})
export class PlansModule {}
