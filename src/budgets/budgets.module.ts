import { ActivityModule } from '../activity/activity.module';
import { Global, Module } from '@nestjs/common';
import { AUDIT_BATCH_LEDGER } from '../audit/audit-record';
import { BillingModule } from '../billing/billing.module';
import { CatalogModule } from '../catalog/catalog.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BudgetAlerts } from './budget-alerts';
import { BudgetAlertsRepository } from './budget-alerts.repository';
import { BudgetLedger } from './budget-ledger';
import { BudgetsRepository } from './budgets.repository';
import { BudgetsService } from './budgets.service';
import { PrismaBudgetsRepository } from './prisma-budgets.repository';

/**
 * Spend caps and their ledger. Global so that the audit writer (which must not import this module)
 * finds the ledger it books each batch into, under AUDIT_BATCH_LEDGER.
 */
@Global()
@Module({
  imports: [ActivityModule, BillingModule, CatalogModule, WebhooksModule],
  providers: [
    { provide: BudgetsRepository, useClass: PrismaBudgetsRepository },
    BudgetsService,
    BudgetLedger,
    BudgetAlertsRepository,
    BudgetAlerts,
    { provide: AUDIT_BATCH_LEDGER, useExisting: BudgetLedger },
  ],
  exports: [BudgetsService, AUDIT_BATCH_LEDGER],
})
export class BudgetsModule {}
