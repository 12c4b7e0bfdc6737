import { randomUUID } from 'node:crypto';
import { AdminClient } from '../../sdk/src/admin/index.js';
import { AuthenticationError, BrowserSession, ConsoleClient, PermissionDeniedError, ResellerClient } from '../../sdk/src/index.js';
import { browserFetch } from '../../sdk/test/support/session-server.js';
import { GatewayHarness } from '../support/gateway-harness';

/**
 * The SDK's cookie mode against the real gateway, as the web app uses it: one BrowserSession for a
 * page's clients, a browser's cookie jar (Node's fetch keeps none), and the gateway's own session,
 * CSRF and role checks. The browser suites (test/web/) go through the same clients from the pages.
 */
describe('SDK clients on a console session', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });
  afterAll(() => gw?.close());

  const page = () => {
    const session = new BrowserSession();
    const settings = { session, baseUrl: gw.url, fetch: browserFetch() };
    return { session, console: new ConsoleClient(settings), reseller: new ResellerClient(settings), admin: new AdminClient(settings) };
  };

  it('a tenant owner signs up, works on the reseller API with the session, and is signed out when it ends', async () => {
    const owner = page();
    const signedOut = jest.fn();
    owner.session.onSignedOut(signedOut);
    const email = `owner-${randomUUID()}@example.com`;
    const { data: signedUp } = await owner.console.signUp({
      email,
      password: 'correct horse battery staple',
      name: 'Ada Owner',
      organization: `Org ${randomUUID()}`,
      kind: 'reseller',
    });
    expect(owner.session.csrfToken).toBe(signedUp.csrf_token);

    const { data: customer } = await owner.reseller.customers.create({ name: 'Grace' });
    expect((await owner.reseller.customers.get(customer.id)).data).toMatchObject({ id: customer.id, name: 'Grace' });
    const { data: invited } = await owner.console.users.invite({ email: `dev-${randomUUID()}@example.com`, role: 'developer' });
    expect((await owner.console.invitations.list()).data.data.map((i) => i.id)).toContain(invited.invitation.id);

    // Without the token, the gateway refuses an unsafe request of the session (and the session stays).
    const token = owner.session.csrfToken;
    owner.session.setCsrfToken(null);
    await expect(owner.reseller.customers.create({ name: 'Nope' })).rejects.toBeInstanceOf(PermissionDeniedError);
    owner.session.setCsrfToken(token);

    // A tenant user is not an operator.
    await expect(owner.admin.tenants.list()).rejects.toMatchObject({ code: 'insufficient_role', status: 403 });
    expect(signedOut).not.toHaveBeenCalled();

    // Signed out: the token is forgotten, and the next call through any client of the page is the 401
    // that tells the page; the same user's session in another browser goes on.
    const otherBrowser = new ConsoleClient({ session: new BrowserSession(), baseUrl: gw.url, fetch: browserFetch() });
    await otherBrowser.signIn(email, 'correct horse battery staple');
    await owner.console.signOut();
    expect(owner.session.csrfToken).toBeNull();
    await expect(owner.reseller.customers.list()).rejects.toBeInstanceOf(AuthenticationError);
    expect(signedOut).toHaveBeenCalledTimes(1);
    await expect(otherBrowser.currentSession()).resolves.toMatchObject({ data: { user: { email } } });
  });

  it('an operator signs in and works on the operator API with the session', async () => {
    const email = `operator-${randomUUID()}@example.com`;
    const password = 'operator password 1';
    expect((await gw.admin('POST', '/operators', { email, password, name: 'Olga Operator' })).status).toBe(201);
    const operator = page();
    await operator.console.signIn(email, password);
    const { data: plan } = await operator.admin.plans.create({ name: `Plan ${randomUUID()}`, monthly_fee_usd: '9' });
    expect((await operator.admin.plans.get(plan.id)).data).toMatchObject({ id: plan.id, monthly_fee_usd: '9' });
    await operator.admin.plans.delete(plan.id);
    await expect(operator.admin.plans.get(plan.id)).rejects.toMatchObject({ code: 'resource_not_found', status: 404 });
    // The same client with the operator token, server to server.
    const { data: tenants } = await new AdminClient({ adminToken: gw.adminToken, baseUrl: gw.url }).tenants.list({ limit: 1 });
    expect(tenants.data).toHaveLength(1);
  });
});
