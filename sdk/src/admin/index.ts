/**
 * @unified-api-gateway/sdk/admin: the operator API's client, an entry of its own so that the main
 * entry (a tenant's code) stays about calls and the reseller API. The contract's types, errors and
 * BrowserSession come from the main entry.
 */
export { ADMIN_ROUTES, AdminClient, type AdminClientOptions } from './admin-client.js';
export type { AdminRoute, AdminRoutes } from '../contract.js';
