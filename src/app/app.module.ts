import { DynamicModule, Module, ValidationPipe } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AdminModule } from '../admin/admin.module';
import { BudgetsModule } from '../budgets/budgets.module';
import { ConsoleModule } from '../console/console.module';
import { AuditModule } from '../audit/audit.module';
import { ClockModule } from '../common/time/clock.module';
import { GlobalExceptionFilter } from './global-exception.filter';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { GatewayModule } from '../gateway/gateway.module';
import { OpenAiDoorModule } from '../openai-door/openai-door.module';
import { HealthModule } from '../health/health.module';
import { MetricsModule } from '../metrics/metrics.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { PublicCatalogModule } from '../public-catalog/public-catalog.module';
import { RedisModule } from '../redis/redis.module';
import { ResellerModule } from '../reseller/reseller.module';
import { WebAppModule } from '../web-app/web-app.module';

export interface AppOptions {
  config: AppConfig;
  /** DATABASE_URL, or the embedded server's. */
  databaseUrl: string;
  adminToken: string;
}

@Module({})
export class AppModule {
  static forRoot({ config, databaseUrl, adminToken }: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule,
        DatabaseModule.forRoot(databaseUrl),
        RedisModule,
        MetricsModule,
        RateLimitModule,
        BudgetsModule,
        AuditModule,
        HealthModule.forRoot(adminToken),
        PublicCatalogModule,
        GatewayModule,
        OpenAiDoorModule,
        ResellerModule,
        ConsoleModule.forRoot(adminToken),
        AdminModule.forRoot(adminToken),
        // Serves the web app; its middleware goes in after every route above (see WebAppModule).
        WebAppModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: GlobalExceptionFilter },
        {
          provide: APP_PIPE,
          useValue: new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),
        },
      ],
    };
  }
}
