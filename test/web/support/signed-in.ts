import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { ConsoleBrowser } from '../../support/console-client';
import type { GatewayHarness } from '../../support/gateway-harness';

/**
 * Real console sessions for the page suites, made through the console API (sign-up, invitations,
 * sign-in) and handed to the browser as its `gw_session` cookie: the pages then authenticate exactly
 * as after signing in through the form (cookie, CSRF token from GET /session). The forms themselves
 * are driven in journeys.e2e-spec.ts and website.e2e-spec.ts.
 */
export async function useSession(context: BrowserContext, gw: GatewayHarness, signedIn: ConsoleBrowser): Promise<void> {
  if (!signedIn.cookie) throw new Error('not signed in');
  const [name, ...value] = signedIn.cookie.split('=');
  await context.clearCookies();
  await context.addCookies([{ name, value: value.join('='), url: gw.url, httpOnly: true, sameSite: 'Strict' }]);
}

export interface TenantOwner {
  owner: ConsoleBrowser;
  tenantId: string;
  /** For the test's own checks on the reseller API (what the pages did, read back). */
  managementKey: string;
}

/** A tenant signed up through the console API, its owner signed in, and a management key to read it back with. */
export async function signUpTenant(
  gw: GatewayHarness,
  fields: { organization: string; kind: 'direct' | 'reseller'; name?: string },
): Promise<TenantOwner> {
  const owner = await ConsoleBrowser.signUp(gw, {
    ...fields,
    name: fields.name ?? 'Ada Owner',
    email: `owner-${randomUUID()}@example.com`,
  });
  const key = await gw.admin<{ key: string }>('POST', `/tenants/${owner.tenantId}/management-keys`, { name: 'test checks' });
  if (key.status !== 201) throw new Error(`management key creation failed: ${JSON.stringify(key.body)}`);
  return { owner, tenantId: owner.tenantId, managementKey: key.body.key };
}

/** Another user of the tenant, with a role: invited by the owner and accepted, signed in. */
export async function tenantUser(
  gw: GatewayHarness,
  owner: ConsoleBrowser,
  role: 'owner' | 'developer' | 'viewer',
  name: string,
): Promise<ConsoleBrowser> {
  const invited = await owner.console('POST', '/users', { email: `${role}-${randomUUID()}@example.com`, role });
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const { token } = invited.body as { token: string };
  const user = new ConsoleBrowser(gw);
  const accepted = await user.console('POST', '/invitations/accept', {
    token,
    name,
    password: 'a long enough passphrase',
  });
  if (accepted.status !== 201) throw new Error(`accepting failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return user;
}

/** An operator user, created with the admin token (POST /api/admin/v1/operators), signed in. */
export async function signInOperator(gw: GatewayHarness, name = 'Grace Operator'): Promise<ConsoleBrowser> {
  const email = `operator-${randomUUID()}@example.com`;
  const password = 'a long operator passphrase';
  const created = await gw.admin('POST', '/operators', { email, password, name });
  if (created.status !== 201) throw new Error(`operator creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  const operator = new ConsoleBrowser(gw);
  const signedIn = await operator.signIn(email, password);
  if (signedIn.status !== 200) throw new Error(`operator sign-in failed: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return operator;
}
