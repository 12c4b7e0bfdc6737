import { Module } from '@nestjs/common';
import { PricesService } from './prices.service';

/** The prices tenants set for what their customers pay, tenant-wide or per customer. */
@Module({ providers: [PricesService], exports: [PricesService] })
export class PricesModule {}
