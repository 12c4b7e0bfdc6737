import { Module } from '@nestjs/common';
import { BudgetsModule } from '../budgets/budgets.module';
import { CatalogModule } from '../catalog/catalog.module';
import { KeysModule } from '../keys/keys.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { EffectiveLimitsService } from './effective-limits.service';
import { KeyUsageRepository } from './key-usage.repository';
import { PrismaKeyUsageRepository } from './prisma-key-usage.repository';

/**
 * The report of what limits a key's calls (request limits, budgets, which binds) and its calls over
 * time, for the reseller and operator APIs. It reads what the gateway's guards use and decides nothing.
 */
@Module({
  imports: [KeysModule, CatalogModule, RateLimitModule, BudgetsModule],
  providers: [EffectiveLimitsService, { provide: KeyUsageRepository, useClass: PrismaKeyUsageRepository }],
  exports: [EffectiveLimitsService],
})
export class EffectiveLimitsModule {}
