import { EffectiveLimitsModule } from '../effective-limits/effective-limits.module';
import { ActivityModule } from '../activity/activity.module';
import { AdminActivityController } from './activity/admin-activity.controller';
import { DynamicModule, Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { KeysModule } from '../keys/keys.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { TenantsModule } from '../tenants/tenants.module';
import { AdminAuditController } from './audit/admin-audit.controller';
import { AdminAuditService } from './audit/admin-audit.service';
import { AdminAuthGuard } from './auth/admin-auth.guard';
import { ADMIN_TOKEN } from './auth/admin-token';
import { AdminCatalogController } from './catalog/admin-catalog.controller';
import { AdminCatalogService } from './catalog/admin-catalog.service';
import { AdminKeysController } from './keys/admin-keys.controller';
import { AdminKeysService } from './keys/admin-keys.service';
import { MetricsController } from './metrics/metrics.controller';
import { AdminPlansController } from './plans/admin-plans.controller';
import { AdminPlansService } from './plans/admin-plans.service';
import { CustomersModule } from '../customers/customers.module';
import { PlansModule } from '../plans/plans.module';
import { AdminCustomersController } from './customers/admin-customers.controller';
import { AdminReportsController } from './reports/admin-reports.controller';
import { AdminReportsService } from './reports/admin-reports.service';
import { AdminStatementsController } from './statements/admin-statements.controller';
import { StatementsModule } from '../statements/statements.module';
import { AdminTenantsController } from './tenants/admin-tenants.controller';
import { AdminTenantsService } from './tenants/admin-tenants.service';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AdminUsersController } from './users/admin-users.controller';
import { AdminUsersService } from './users/admin-users.service';
import { AdminOperatorsController } from './operators/admin-operators.controller';
import { AdminOperatorsService } from './operators/admin-operators.service';
import { ModelAliasesModule } from '../model-aliases/model-aliases.module';
import { AdminModelAliasesController } from './model-aliases/admin-model-aliases.controller';
import { AdminModelAliasesService } from './model-aliases/admin-model-aliases.service';

/**
 * The operator API under /api/admin/v1 (the admin panel's backend), one folder per resource
 * (controller, service, request and response DTOs), and /metrics behind the same token. It goes
 * through the domain services, never around them. It takes the admin token or an operator user's session.
 */
@Module({})
export class AdminModule {
  static forRoot(adminToken: string): DynamicModule {
    return {
      module: AdminModule,
      imports: [
        ActivityModule,
        TenantsModule,
        KeysModule,
        EffectiveLimitsModule,
        CustomersModule,
        CatalogModule,
        PlansModule,
        RateLimitModule,
        StatementsModule,
        UsersModule,
        SessionsModule,
        ModelAliasesModule,
      ],
      controllers: [
        AdminActivityController,
        AdminTenantsController,
        AdminKeysController,
        AdminCustomersController,
        AdminPlansController,
        AdminCatalogController,
        AdminModelAliasesController,
        AdminAuditController,
        AdminReportsController,
        AdminStatementsController,
        AdminOperatorsController,
        AdminUsersController,
        MetricsController,
      ],
      providers: [
        { provide: ADMIN_TOKEN, useValue: adminToken },
        AdminAuthGuard,
        AdminTenantsService,
        AdminKeysService,
        AdminPlansService,
        AdminCatalogService,
        AdminModelAliasesService,
        AdminAuditService,
        AdminOperatorsService,
        AdminReportsService,
        AdminUsersService,
      ],
    };
  }
}
