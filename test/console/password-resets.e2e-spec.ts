import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { watchOverlappingQueries } from '../support/pg-overlap';

/**
 * Password reset links: an owner issues one for a user of their tenant (console API), an operator
 * for anyone (operator API); using it sets the password, ends every session of the user and signs in.
 * Also the operator's list of a tenant's users. No query is sent on a connection while another
 * runs on it (support/pg-overlap.ts), watched over the whole file.
 */
describe('password reset links', () => {
  let gw: GatewayHarness;
  let owner: Awaited<ReturnType<typeof ConsoleBrowser.signUp>>;
  let developerId: string;
  let developerEmail: string;
  let developerSession: ConsoleBrowser;
  let watch: ReturnType<typeof watchOverlappingQueries>;

  beforeAll(async () => {
    watch = watchOverlappingQueries();
    gw = await GatewayHarness.start({ SIGN_IN_RATE_LIMIT: '1000' });
    owner = await ConsoleBrowser.signUp(gw, { organization: 'Reset Co' });
    developerEmail = `dev-${owner.tenantId}@example.com`;
    const invited = await owner.console('POST', '/users', { email: developerEmail, role: 'developer' });
    developerSession = new ConsoleBrowser(gw);
    const accepted = await developerSession.console('POST', '/invitations/accept', {
      token: invited.body.token,
      name: 'Dev One',
      password: 'the forgotten password',
    });
    developerId = accepted.body.user.id;
  });

  afterAll(async () => {
    const overlapping = watch.stop();
    await gw.close();
    expect(overlapping).toEqual([]);
  });

  it('an owner issues a link; using it sets the password, ends the old sessions, signs in; reuse and a replaced link are refused', async () => {
    const first = await owner.console('POST', `/users/${developerId}/password-reset`);
    expect(first.status).toBe(201);
    const issued = await owner.console('POST', `/users/${developerId}/password-reset`);
    expect(issued.body).toMatchObject({ user_id: developerId, token: expect.stringMatching(/^gwr_[A-Za-z0-9_-]{43}$/) });
    expect(issued.body.reset_url).toBe(`${gw.url}/console/reset-password#token=${issued.body.token}`);
    const stored = await gw.prisma.passwordReset.findUniqueOrThrow({ where: { userId: developerId } });
    expect(Buffer.from(stored.tokenHash).toString('base64url')).not.toContain(issued.body.token.slice(4));

    const stranger = new ConsoleBrowser(gw);
    const replaced = await stranger.console('POST', '/password-resets/use', { token: first.body.token, password: 'a brand new password' });
    expect([replaced.status, replaced.body.error.code]).toEqual([400, 'invalid_password_reset']);
    const preview = await stranger.console('POST', '/password-resets/inspect', { token: issued.body.token });
    expect(preview.body).toMatchObject({ email: developerEmail, name: 'Dev One' });
    const short = await stranger.console('POST', '/password-resets/use', { token: issued.body.token, password: 'short' });
    expect(short.status).toBe(400);

    const used = await stranger.console('POST', '/password-resets/use', { token: issued.body.token, password: 'a brand new password' });
    expect(used.status).toBe(200);
    expect(used.body.user.id).toBe(developerId);
    expect((await stranger.console('GET', '/session')).status).toBe(200);
    // The session opened with the old password is gone; the old password fails, the new one works.
    expect((await developerSession.console('GET', '/session')).status).toBe(401);
    expect((await new ConsoleBrowser(gw).signIn(developerEmail, 'the forgotten password')).status).toBe(401);
    expect((await new ConsoleBrowser(gw).signIn(developerEmail, 'a brand new password')).status).toBe(200);
    const reused = await new ConsoleBrowser(gw).console('POST', '/password-resets/use', {
      token: issued.body.token,
      password: 'yet another password',
    });
    expect([reused.status, reused.body.error.code]).toEqual([400, 'invalid_password_reset']);
  });

  it('an expired link is refused', async () => {
    const issued = await owner.console('POST', `/users/${developerId}/password-reset`);
    await gw.prisma.passwordReset.update({ where: { userId: developerId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const browser = new ConsoleBrowser(gw);
    expect((await browser.console('POST', '/password-resets/inspect', { token: issued.body.token })).status).toBe(400);
    const late = await browser.console('POST', '/password-resets/use', { token: issued.body.token, password: 'too late a password' });
    expect([late.status, late.body.error.code]).toEqual([400, 'invalid_password_reset']);
  });

  it("an owner cannot issue one for another tenant's user (404); a developer cannot issue one (403 insufficient_role)", async () => {
    const other = await ConsoleBrowser.signUp(gw, { organization: 'Other Co' });
    const foreign = await other.console('POST', `/users/${developerId}/password-reset`);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'resource_not_found']);
    const developer = new ConsoleBrowser(gw);
    await developer.signIn(developerEmail, 'a brand new password');
    const refused = await developer.console('POST', `/users/${owner.userId}/password-reset`);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'insufficient_role']);
  });

  it("an operator issues one for a tenant's user and for an operator; lists a tenant's users (404 for an unknown tenant)", async () => {
    const forOwner = await gw.admin('POST', `/users/${owner.userId}/password-reset`);
    expect(forOwner.status).toBe(201);
    const operator = await gw.admin('POST', '/operators', {
      email: `op-${owner.tenantId}@example.com`,
      name: 'Op',
      password: 'operator passphrase',
    });
    const forOperator = await gw.admin('POST', `/users/${operator.body.id}/password-reset`);
    expect(forOperator.status).toBe(201);
    const browser = new ConsoleBrowser(gw);
    const used = await browser.console('POST', '/password-resets/use', {
      token: forOperator.body.token,
      password: 'new operator passphrase',
    });
    expect(used.body.user.role).toBe('operator');
    expect((await gw.admin('POST', '/users/00000000-0000-4000-8000-000000000000/password-reset')).status).toBe(404);

    const users = await gw.admin('GET', `/tenants/${owner.tenantId}/users`);
    expect(users.status).toBe(200);
    expect(users.body.data.map((u: { email: string; role: string }) => [u.email, u.role]).sort()).toEqual(
      [
        [developerEmail, 'developer'],
        [owner.email, 'owner'],
      ].sort(),
    );
    expect(users.body.data[0]).toHaveProperty('last_sign_in_at');
    expect((await gw.admin('GET', '/tenants/00000000-0000-4000-8000-000000000000/users')).status).toBe(404);
  });

  /** A new tenant with two owners, each signed in. */
  async function twoOwners() {
    const first = await ConsoleBrowser.signUp(gw, { organization: 'Two Owners Co' });
    const email = `second-${first.tenantId}@example.com`;
    const invited = await first.console('POST', '/users', { email, role: 'owner' });
    const second = new ConsoleBrowser(gw);
    const accepted = await second.console('POST', '/invitations/accept', {
      token: invited.body.token,
      name: 'Second',
      password: 'second owner password',
    });
    expect(accepted.status).toBe(201);
    return { first, second, secondId: accepted.body.user.id as string };
  }

  const refusedToUse = async (token: string) => {
    const browser = new ConsoleBrowser(gw);
    const inspected = await browser.console('POST', '/password-resets/inspect', { token });
    const used = await browser.console('POST', '/password-resets/use', { token, password: 'taken over password' });
    return [inspected.status, used.status, used.body.error?.code];
  };

  it('an owner demoted or removed takes back the links they issued: another owner’s password is no longer theirs to set (once it was, for 24 hours)', async () => {
    const { first, second, secondId } = await twoOwners();
    const demoted = await second.console('POST', `/users/${first.userId}/password-reset`);
    expect(demoted.status).toBe(201);
    expect((await first.console('PATCH', `/users/${secondId}`, { role: 'developer' })).status).toBe(200);
    expect(await refusedToUse(demoted.body.token)).toEqual([400, 400, 'invalid_password_reset']);

    expect((await first.console('PATCH', `/users/${secondId}`, { role: 'owner' })).status).toBe(200);
    const removed = await second.console('POST', `/users/${first.userId}/password-reset`);
    expect(removed.status).toBe(201);
    expect((await first.console('DELETE', `/users/${secondId}`)).status).toBe(204);
    expect(await refusedToUse(removed.body.token)).toEqual([400, 400, 'invalid_password_reset']);
    // The first owner's password is still their own.
    expect((await new ConsoleBrowser(gw).signIn(first.email, first.password)).status).toBe(200);
  });

  it('a link whose issuer is no longer an owner when it is used is refused, however it outlived the demotion', async () => {
    const { first, secondId } = await twoOwners();
    const issued = await first.console('POST', `/users/${secondId}/password-reset`);
    expect(issued.status).toBe(201);
    // A link issued while its issuer was being demoted is not among those the demotion took back.
    await gw.prisma.user.update({ where: { id: first.userId }, data: { role: 'developer' } });
    expect(await refusedToUse(issued.body.token)).toEqual([400, 400, 'invalid_password_reset']);
    expect(await gw.prisma.passwordReset.count({ where: { userId: secondId } })).toBe(0);
  });

  it('changing your own password voids a link issued for you', async () => {
    const { first, second, secondId } = await twoOwners();
    const issued = await first.console('POST', `/users/${secondId}/password-reset`);
    expect(issued.status).toBe(201);
    const changed = await second.console('PUT', '/password', {
      current_password: 'second owner password',
      new_password: 'a password of my own',
    });
    expect(changed.status).toBe(204);
    expect(await refusedToUse(issued.body.token)).toEqual([400, 400, 'invalid_password_reset']);
    expect((await new ConsoleBrowser(gw).signIn(`second-${first.tenantId}@example.com`, 'a password of my own')).status).toBe(200);
  });

  it('an operator’s link goes with the operator; the admin token’s has no issuer to lose', async () => {
    const { first } = await twoOwners();
    const email = `op-reset-${first.tenantId}@example.com`;
    const created = await gw.admin('POST', '/operators', { email, password: 'operator password 1', name: 'Olga' });
    const operator = new ConsoleBrowser(gw);
    expect((await operator.signIn(email, 'operator password 1')).status).toBe(200);
    const issued = await operator.admin('POST', `/users/${first.userId}/password-reset`);
    expect(issued.status).toBe(201);
    expect((await gw.prisma.passwordReset.findUniqueOrThrow({ where: { userId: first.userId } })).issuedById).toBe(created.body.id);
    // Not the last operator (who cannot be removed).
    await gw.admin('POST', '/operators', {
      email: `op-stays-${first.tenantId}@example.com`,
      password: 'operator password 2',
      name: 'Otto',
    });
    expect((await gw.admin('DELETE', `/operators/${created.body.id}`)).status).toBe(204);
    expect(await refusedToUse(issued.body.token)).toEqual([400, 400, 'invalid_password_reset']);

    const byToken = await gw.admin('POST', `/users/${first.userId}/password-reset`);
    expect((await gw.prisma.passwordReset.findUniqueOrThrow({ where: { userId: first.userId } })).issuedById).toBeNull();
    const used = await new ConsoleBrowser(gw).console('POST', '/password-resets/use', {
      token: byToken.body.token,
      password: 'reset by the operator',
    });
    expect(used.status).toBe(200);
  });
});
