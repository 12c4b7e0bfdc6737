import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { JobsModule } from '../jobs/jobs.module';
import { PlansModule } from '../plans/plans.module';
import { TenantsModule } from '../tenants/tenants.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { PrismaStatementsRepository } from './prisma-statements.repository';
import { StatementCloser } from './statement-closer';
import { StatementsJob } from './statements.job';
import { StatementsRepository } from './statements.repository';
import { StatementsService } from './statements.service';

/**
 * Monthly statements per tenant and per customer, read from the daily rollups (never the raw audit
 * trail): the closer that freezes each month once it is due and records later corrections as
 * adjustments on the next statement, its scheduled job, statement.closed (through webhooks/), and the
 * reads the reseller and operator APIs serve. Never changes a closed statement (Postgres refuses it too).
 */
@Module({
  imports: [JobsModule, WebhooksModule, TenantsModule, CustomersModule, PlansModule],
  providers: [{ provide: StatementsRepository, useClass: PrismaStatementsRepository }, StatementCloser, StatementsJob, StatementsService],
  exports: [StatementsService, StatementCloser],
})
export class StatementsModule {}
