import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { TenantsRepository } from './tenants.repository';
import { TenantsService } from './tenants.service';

/** Tenants (accounts that own keys); resellers and their customers build on this. */
@Module({
  imports: [KeysModule],
  providers: [TenantsRepository, TenantsService],
  exports: [TenantsService],
})
export class TenantsModule {}
