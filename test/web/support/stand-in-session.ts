import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import type { GatewayHarness } from '../../support/gateway-harness';

/**
 * A signed-in browser without the console's sign-in, for the page suites: GET
 * /api/console/v1/session is answered with a session of the given role, and the calls the pages make
 * to the reseller API (tenant users) or the operator API (operators) carry the tenant's management
 * key or the admin token. The pages are unchanged: they call exactly the routes, with exactly the
 * bodies, that they call with a real session cookie. The real sign-up, sign-in, cookie and CSRF
 * token are what test/web/journeys.e2e-spec.ts drives.
 */
export async function standInTenantSession(
  context: BrowserContext,
  gw: GatewayHarness,
  tenant: { tenantId: string; managementKey: string },
  role: 'owner' | 'developer' | 'viewer' = 'owner',
): Promise<void> {
  const tenantView = (await gw.admin<Record<string, unknown>>('GET', `/tenants/${tenant.tenantId}`)).body;
  const session = {
    user: {
      id: randomUUID(),
      email: `${role}@example.test`,
      name: `Ada ${role[0].toUpperCase()}${role.slice(1)}`,
      role,
      tenant_id: tenant.tenantId,
    },
    tenant: tenantView,
    plan: null,
    csrf_token: 'stand-in',
  };
  await context.route('**/api/console/v1/session', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: session }) : route.fulfill({ status: 204 }),
  );
  await context.route('**/api/reseller/v1/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${tenant.managementKey}` } }),
  );
}

export async function standInOperatorSession(context: BrowserContext, gw: GatewayHarness): Promise<void> {
  const session = {
    user: { id: randomUUID(), email: 'operator@example.test', name: 'Grace Operator', role: 'operator', tenant_id: null },
    tenant: null,
    plan: null,
    csrf_token: 'stand-in',
  };
  await context.route('**/api/console/v1/session', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: session }) : route.fulfill({ status: 204 }),
  );
  await context.route('**/api/admin/v1/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${gw.adminToken}` } }),
  );
}
