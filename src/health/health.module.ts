import { DynamicModule, Module } from '@nestjs/common';
import { ADMIN_TOKEN } from '../admin/auth/admin-token';
import { HealthController } from './health.controller';
import { HealthMetrics } from './health-metrics';
import { HealthService } from './health.service';

/** The probes; `adminToken` unlocks /readyz's details. */
@Module({})
export class HealthModule {
  static forRoot(adminToken: string): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [HealthService, HealthMetrics, { provide: ADMIN_TOKEN, useValue: adminToken }],
      exports: [HealthService],
    };
  }
}
