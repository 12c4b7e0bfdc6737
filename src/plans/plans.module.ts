import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';

/** Plans tenants subscribe to: fee, resale discount, and the bounds of what a tenant gives its customers. */
@Module({
  imports: [KeysModule],
  providers: [PlansRepository, PlansService],
  exports: [PlansService],
})
export class PlansModule {}
