import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { PlanDefaultBudget } from './plan-default-budget';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';

/** Plans tenants subscribe to: fee, resale discount, and the bounds of what a tenant gives its customers. */
@Module({
  imports: [KeysModule],
  providers: [PlansRepository, PlansService, PlanDefaultBudget],
  exports: [PlansService, PlanDefaultBudget],
})
export class PlansModule {}
