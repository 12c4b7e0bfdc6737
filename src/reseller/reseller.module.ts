import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CustomersModule } from '../customers/customers.module';
import { KeysModule } from '../keys/keys.module';
import { LimitsModule } from '../limits/limits.module';
import { PlansModule } from '../plans/plans.module';
import { PricesModule } from '../prices/prices.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { TenantsModule } from '../tenants/tenants.module';
import { StatementsModule } from '../statements/statements.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ResellerAuditController } from './audit/reseller-audit.controller';
import { ManagementKeyGuard } from './auth/management-key.guard';
import { ResellerBudgetsController } from './budgets/reseller-budgets.controller';
import { ResellerBudgetsService } from './budgets/reseller-budgets.service';
import { ResellerCustomersController } from './customers/reseller-customers.controller';
import { ResellerCustomersService } from './customers/reseller-customers.service';
import { ResellerKeysController } from './keys/reseller-keys.controller';
import { ResellerKeysService } from './keys/reseller-keys.service';
import { ResellerLimitsController } from './limits/reseller-limits.controller';
import { ResellerLimitsService } from './limits/reseller-limits.service';
import { ResellerMeController } from './me/reseller-me.controller';
import { ResellerPricesController } from './prices/reseller-prices.controller';
import { ResellerPricesService } from './prices/reseller-prices.service';
import { ResellerReportsController } from './reports/reseller-reports.controller';
import { ResellerStatementsController } from './statements/reseller-statements.controller';
import { ResellerWebhooksController } from './webhooks/reseller-webhooks.controller';
import { ResellerWebhooksService } from './webhooks/reseller-webhooks.service';

/**
 * The reseller REST API under /api/reseller/v1: a tenant manages its customers and their keys
 * with a management key. Every route is scoped to the calling tenant; one folder per resource.
 */
@Module({
  imports: [
    TenantsModule,
    KeysModule,
    CustomersModule,
    PlansModule,
    LimitsModule,
    PricesModule,
    CatalogModule,
    RateLimitModule,
    WebhooksModule,
    StatementsModule,
  ],
  controllers: [
    ResellerMeController,
    ResellerCustomersController,
    ResellerKeysController,
    ResellerLimitsController,
    ResellerBudgetsController,
    ResellerPricesController,
    ResellerAuditController,
    ResellerReportsController,
    ResellerStatementsController,
    ResellerWebhooksController,
  ],
  providers: [
    ManagementKeyGuard,
    ResellerCustomersService,
    ResellerKeysService,
    ResellerLimitsService,
    ResellerBudgetsService,
    ResellerPricesService,
    ResellerWebhooksService,
  ],
})
export class ResellerModule {}
