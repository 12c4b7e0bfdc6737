import { EffectiveLimitsModule } from '../effective-limits/effective-limits.module';
import { ActivityModule } from '../activity/activity.module';
import { ResellerActivityController } from './activity/reseller-activity.controller';
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
import { SessionsModule } from '../sessions/sessions.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ResellerAuditController } from './audit/reseller-audit.controller';
import { ResellerAuditService } from './audit/reseller-audit.service';
import { ResellerReportsService } from './reports/reseller-reports.service';
import { ResellerAuthGuard } from './auth/reseller-auth.guard';
import { ResellerBudgetsController } from './budgets/reseller-budgets.controller';
import { ResellerBudgetsService } from './budgets/reseller-budgets.service';
import { ResellerCustomersController } from './customers/reseller-customers.controller';
import { ResellerCustomersService } from './customers/reseller-customers.service';
import { ResellerKeysController } from './keys/reseller-keys.controller';
import { ResellerKeysService } from './keys/reseller-keys.service';
import { ResellerLimitsController } from './limits/reseller-limits.controller';
import { ResellerLimitsService } from './limits/reseller-limits.service';
import { ResellerManagementKeysController } from './management-keys/reseller-management-keys.controller';
import { ResellerManagementKeysService } from './management-keys/reseller-management-keys.service';
import { ResellerMeController } from './me/reseller-me.controller';
import { ResellerMeService } from './me/reseller-me.service';
import { ResellerMarkupsController } from './prices/reseller-markups.controller';
import { ResellerPricesController } from './prices/reseller-prices.controller';
import { ResellerPricesService } from './prices/reseller-prices.service';
import { ResellerReportsController } from './reports/reseller-reports.controller';
import { ResellerStatementsController } from './statements/reseller-statements.controller';
import { ResellerWebhooksController } from './webhooks/reseller-webhooks.controller';
import { ResellerWebhooksService } from './webhooks/reseller-webhooks.service';

/**
 * The reseller REST API under /api/reseller/v1: a tenant manages its customers and their keys
 * with a management key, or its users do from the console with their session. Every route is scoped to the calling tenant; one folder per resource.
 */
@Module({
  imports: [
    ActivityModule,
    TenantsModule,
    KeysModule,
    EffectiveLimitsModule,
    CustomersModule,
    PlansModule,
    LimitsModule,
    PricesModule,
    CatalogModule,
    RateLimitModule,
    WebhooksModule,
    StatementsModule,
    SessionsModule,
  ],
  controllers: [
    ResellerActivityController,
    ResellerMeController,
    ResellerCustomersController,
    ResellerKeysController,
    ResellerLimitsController,
    ResellerBudgetsController,
    ResellerPricesController,
    ResellerMarkupsController,
    ResellerAuditController,
    ResellerReportsController,
    ResellerStatementsController,
    ResellerWebhooksController,
    ResellerManagementKeysController,
  ],
  providers: [
    ResellerAuthGuard,
    ResellerAuditService,
    ResellerReportsService,
    ResellerCustomersService,
    ResellerKeysService,
    ResellerLimitsService,
    ResellerBudgetsService,
    ResellerPricesService,
    ResellerWebhooksService,
    ResellerMeService,
    ResellerManagementKeysService,
  ],
})
export class ResellerModule {}
