import { Global, Module } from '@nestjs/common';
import { AUDIT_BATCH_LEDGER } from '../audit/audit-record';
import { BillingModule } from '../billing/billing.module';
import { BudgetLedger } from './budget-ledger';
import { BudgetsRepository } from './budgets.repository';
import { BudgetsService } from './budgets.service';

/**
 * Spend caps and their ledger. Global so that the audit writer (which must not import this module)
 * finds the ledger it books each batch into, under AUDIT_BATCH_LEDGER.
 */
@Global()
@Module({
  imports: [BillingModule],
  providers: [BudgetsRepository, BudgetsService, BudgetLedger, { provide: AUDIT_BATCH_LEDGER, useExisting: BudgetLedger }],
  exports: [BudgetsService, AUDIT_BATCH_LEDGER],
})
export class BudgetsModule {}
