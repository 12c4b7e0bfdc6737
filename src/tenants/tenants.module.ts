import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { KeysModule } from '../keys/keys.module';
import { PrismaTenantsRepository } from './prisma-tenants.repository';
import { TenantsRepository } from './tenants.repository';
import { TenantsService } from './tenants.service';

/** Tenants (accounts that own keys); resellers and their customers build on this. */
@Module({
  imports: [KeysModule, ActivityModule],
  providers: [{ provide: TenantsRepository, useClass: PrismaTenantsRepository }, TenantsService],
  exports: [TenantsService],
})
export class TenantsModule {}
