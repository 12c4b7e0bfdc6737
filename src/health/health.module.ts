import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthMetrics } from './health-metrics';
import { HealthService } from './health.service';

@Module({ controllers: [HealthController], providers: [HealthService, HealthMetrics], exports: [HealthService] })
export class HealthModule {}
