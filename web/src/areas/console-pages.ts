/** The console's pages: one chunk, loaded when a signed-in user first opens the console. */
export { AccountPage } from '../pages/console/AccountPage';
export { ConsoleAuditPage } from '../pages/console/ConsoleAuditPage';
export { ConsoleOverviewPage } from '../pages/console/ConsoleOverviewPage';
export { CustomerDetailPage } from '../pages/console/CustomerDetailPage';
export { CustomersPage } from '../pages/console/CustomersPage';
export { KeyDetailPage } from '../pages/console/KeyDetailPage';
export { KeysPage } from '../pages/console/KeysPage';
export { ManagementKeysPage } from '../pages/console/ManagementKeysPage';
export { PlanPage } from '../pages/console/PlanPage';
export { PricesPage } from '../pages/console/PricesPage';
export { StatementDetailPage } from '../pages/console/StatementDetailPage';
export { StatementsPage } from '../pages/console/StatementsPage';
export { TeamPage } from '../pages/console/TeamPage';
export { UsagePage } from '../pages/console/UsagePage';
export { WebhooksPage } from '../pages/console/WebhooksPage';
