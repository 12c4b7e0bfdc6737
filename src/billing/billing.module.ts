import { Module } from '@nestjs/common';
import { BillingService } from './billing.service';

/** Usage → billing units → wholesale cost and resale revenue, in integer pico-USD. */
@Module({ providers: [BillingService], exports: [BillingService] })
export class BillingModule {}
