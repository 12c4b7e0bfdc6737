import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CustomersRepository } from './customers.repository';
import { CustomersService } from './customers.service';
import { PrismaCustomersRepository } from './prisma-customers.repository';

/** The customers of tenants (a reseller's end customers), always read and changed within one tenant. */
@Module({
  imports: [KeysModule, WebhooksModule],
  providers: [{ provide: CustomersRepository, useClass: PrismaCustomersRepository }, CustomersService],
  exports: [CustomersService],
})
export class CustomersModule {}
