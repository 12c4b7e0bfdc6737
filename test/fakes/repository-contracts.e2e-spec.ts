import { apiKeyRepositoryContract } from './contracts/api-keys.contract';
import { budgetsRepositoryContract } from './contracts/budgets.contract';
import { customersRepositoryContract } from './contracts/customers.contract';
import { plansRepositoryContracts } from './contracts/plans.contract';
import { statementsRepositoryContract } from './contracts/statements.contract';
import { tenantsRepositoryContract } from './contracts/tenants.contract';
import { webhooksRepositoryContract } from './contracts/webhooks.contract';

/**
 * Every faked repository's contract (contracts/*.contract.ts), each run against its in-memory fake
 * and against the Prisma repository on the test database: in one file, so they share one worker
 * and one connection pool.
 */
tenantsRepositoryContract();
plansRepositoryContracts();
customersRepositoryContract();
apiKeyRepositoryContract();
budgetsRepositoryContract();
webhooksRepositoryContract();
statementsRepositoryContract();
