import { apiKeyRepositoryContract } from './contracts/api-keys.contract';
import { budgetsRepositoryContract } from './contracts/budgets.contract';
import { customersRepositoryContract } from './contracts/customers.contract';
import { plansRepositoryContracts } from './contracts/plans.contract';
import { scheduledPlanChangesRepositoryContract } from './contracts/scheduled-plan-changes.contract';
import { statementsRepositoryContract } from './contracts/statements.contract';
import { tenantsRepositoryContract } from './contracts/tenants.contract';
import { webhooksRepositoryContract } from './contracts/webhooks.contract';
import { watchOverlappingQueries } from '../support/pg-overlap';

/**
 * Every faked repository's contract (contracts/*.contract.ts), each run against its in-memory fake
 * and against the Prisma repository on the test database: in one file, so they share one worker
 * and one connection pool. No Prisma repository may send a query on a connection while another
 * runs on it (pg 9 refuses it; support/pg-overlap.ts): watched over the whole file.
 */
let watch: ReturnType<typeof watchOverlappingQueries>;
beforeAll(() => {
  watch = watchOverlappingQueries();
});
afterAll(() => {
  const overlapping = watch.stop();
  expect(watch.sent()).toBeGreaterThan(100);
  expect(overlapping).toEqual([]);
});

tenantsRepositoryContract();
plansRepositoryContracts();
scheduledPlanChangesRepositoryContract();
customersRepositoryContract();
apiKeyRepositoryContract();
budgetsRepositoryContract();
webhooksRepositoryContract();
statementsRepositoryContract();
