import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { PricesService } from './prices.service';

/** The prices tenants set for what their customers pay, tenant-wide or per customer. */
@Module({ imports: [ActivityModule], providers: [PricesService], exports: [PricesService] })
export class PricesModule {}
