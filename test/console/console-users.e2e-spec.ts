import { randomUUID } from 'node:crypto';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';

/** A tenant's users: invitations, roles on the reseller and console APIs, the last owner, password changes. */
describe('console: users, roles and invitations', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ SIGN_IN_RATE_LIMIT: '1000' });
  });

  afterAll(async () => {
    await gw.close();
  });

  /** Invites `role` into the owner's tenant and accepts the invitation in a new browser. */
  async function invite(owner: ConsoleBrowser, role: 'owner' | 'developer' | 'viewer') {
    const email = `${role}-${randomUUID()}@example.com`;
    const invitation = await owner.console('POST', '/users', { email, role });
    expect(invitation.status).toBe(201);
    const browser = new ConsoleBrowser(gw);
    const accepted = await browser.console('POST', '/invitations/accept', {
      token: invitation.body.token,
      name: `A ${role}`,
      password: 'a long enough password',
    });
    expect(accepted.status).toBe(201);
    return Object.assign(browser, { email, userId: accepted.body.user.id as string });
  }

  it('invites: the token and its URL are shown once, only the hash is stored; accepting creates the user with the role and signs in', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const email = `Dev.${randomUUID()}@Example.com`;
    const created = await owner.console('POST', '/users', { email, role: 'developer' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      invitation: { email: email.toLowerCase(), role: 'developer', invited_by: owner.userId, expires_at: expect.any(String) },
      token: expect.stringMatching(/^gwi_[A-Za-z0-9_-]{43}$/),
    });
    expect(created.body.accept_url).toBe(`${gw.url}/console/accept-invitation#token=${created.body.token}`);
    const expiresIn = Date.parse(created.body.invitation.expires_at) - Date.now();
    expect(Math.abs(expiresIn - 7 * 86_400_000)).toBeLessThan(60_000);
    const row = await gw.prisma.userInvitation.findUniqueOrThrow({ where: { id: created.body.invitation.id } });
    expect(Buffer.from(row.tokenHash).toString('hex')).not.toContain(Buffer.from(created.body.token).toString('hex'));
    // The pending list never shows a token.
    const pending = await owner.console('GET', '/invitations');
    expect(pending.body.data).toEqual([created.body.invitation]);
    expect(JSON.stringify(pending.body)).not.toContain(created.body.token);

    // Before accepting, the invitee sees what they join (signed out; the token in a POST body).
    const invitee = new ConsoleBrowser(gw);
    const organization = (await owner.reseller('GET', '/me')).body.tenant.name;
    const preview = await invitee.console('POST', '/invitations/inspect', { token: created.body.token });
    expect([preview.status, preview.body]).toEqual([
      200,
      { organization, email: email.toLowerCase(), role: 'developer', expires_at: created.body.invitation.expires_at },
    ]);
    const accepted = await invitee.console('POST', '/invitations/accept', {
      token: created.body.token,
      name: 'Dev',
      password: 'a long enough password',
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({
      user: { email: email.toLowerCase(), role: 'developer', tenant_id: owner.tenantId },
      tenant: { id: owner.tenantId },
    });
    expect((await invitee.reseller('GET', '/me')).body.tenant.id).toBe(owner.tenantId);
    expect((await owner.console('GET', '/invitations')).body.data).toEqual([]);
    expect((await owner.console('GET', '/users')).body.data.map((u: { role: string }) => u.role).sort()).toEqual(['developer', 'owner']);
    // The invitee signs in with the password they chose.
    expect((await new ConsoleBrowser(gw).signIn(email, 'a long enough password')).status).toBe(200);

    // A token works once.
    const again = await new ConsoleBrowser(gw).console('POST', '/invitations/accept', {
      token: created.body.token,
      name: 'Twice',
      password: 'a long enough password',
    });
    expect([again.status, again.body.error.code]).toEqual([400, 'invalid_invitation']);
    const inspectedAgain = await new ConsoleBrowser(gw).console('POST', '/invitations/inspect', { token: created.body.token });
    expect([inspectedAgain.status, inspectedAgain.body.error.code]).toEqual([400, 'invalid_invitation']);
  });

  it('refuses expired, withdrawn, unknown and malformed invitation tokens alike, and an email that has an account', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const accept = (token: string) =>
      new ConsoleBrowser(gw).console('POST', '/invitations/accept', { token, name: 'X', password: 'a long enough password' });
    const expired = await owner.console('POST', '/users', { email: `e-${randomUUID()}@example.com`, role: 'viewer' });
    await gw.prisma.userInvitation.update({ where: { id: expired.body.invitation.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const withdrawn = await owner.console('POST', '/users', { email: `w-${randomUUID()}@example.com`, role: 'viewer' });
    expect((await owner.console('DELETE', `/invitations/${withdrawn.body.invitation.id}`)).status).toBe(204);
    expect((await owner.console('DELETE', `/invitations/${withdrawn.body.invitation.id}`)).status).toBe(404);
    const answers = [
      await accept(expired.body.token),
      await accept(withdrawn.body.token),
      await accept(`gwi_${'A'.repeat(43)}`),
      await accept('not a token'),
    ];
    expect(answers.map((a) => `${a.status} ${a.body.error.code}`)).toEqual(Array(4).fill('400 invalid_invitation'));
    // Inspecting refuses exactly the same tokens, with the same answer: nothing tells them apart.
    const inspect = (token: unknown) => new ConsoleBrowser(gw).console('POST', '/invitations/inspect', { token });
    const inspected = [
      await inspect(expired.body.token),
      await inspect(withdrawn.body.token),
      await inspect(`gwi_${'A'.repeat(43)}`),
      await inspect('not a token'),
    ];
    expect(inspected.map((a) => `${a.status} ${a.body.error.code}`)).toEqual(Array(4).fill('400 invalid_invitation'));
    expect((await inspect(42)).body.error.code).toBe('invalid_request');
    // The expired one is still listed (the owner sees it lapsed) until withdrawn.
    expect((await owner.console('GET', '/invitations')).body.data.map((i: { id: string }) => i.id)).toEqual([expired.body.invitation.id]);

    // One account per email, whatever its tenant or case.
    const other = await ConsoleBrowser.signUp(gw);
    const taken = await owner.console('POST', '/users', { email: other.email.toUpperCase(), role: 'viewer' });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'conflict']);
    // Taken between the invitation and its acceptance: 409, and the invitation stays pending.
    const late = `late-${randomUUID()}@example.com`;
    const lateInvitation = await owner.console('POST', '/users', { email: late, role: 'viewer' });
    await ConsoleBrowser.signUp(gw, { email: late });
    expect((await accept(lateInvitation.body.token)).body.error.code).toBe('conflict');
    expect((await gw.prisma.userInvitation.findUniqueOrThrow({ where: { id: lateInvitation.body.invitation.id } })).acceptedAt).toBeNull();
  });

  it('a viewer reads the reseller API but changes nothing (403 insufficient_role)', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const customer = await owner.reseller('POST', '/customers', { name: 'Read me' });
    const viewer = await invite(owner, 'viewer');
    expect((await viewer.reseller('GET', '/customers')).body.data).toHaveLength(1);
    expect((await viewer.reseller('GET', `/customers/${customer.body.id}`)).status).toBe(200);
    expect((await viewer.reseller('GET', '/audit')).status).toBe(200);
    const refused = [
      await viewer.reseller('POST', '/customers', { name: 'no' }),
      await viewer.reseller('PATCH', `/customers/${customer.body.id}`, { name: 'no' }),
      await viewer.reseller('POST', `/customers/${customer.body.id}/suspend`),
      await viewer.reseller('DELETE', `/customers/${customer.body.id}`),
      await viewer.reseller('PUT', '/prices/text.generate', { price_usd_per_unit: '0.000000000001' }),
      await viewer.reseller('POST', '/keys', {}),
    ];
    expect(refused.map((r) => `${r.status} ${r.body.error.code}`)).toEqual(Array(6).fill('403 insufficient_role'));
    expect(refused[0].body.error.details).toEqual({ role: 'viewer', required_role: 'developer' });
    expect((await owner.reseller('GET', `/customers/${customer.body.id}`)).body).toMatchObject({ name: 'Read me', status: 'active' });
    // Nor does a viewer manage users.
    expect((await viewer.console('GET', '/users')).body.error.code).toBe('insufficient_role');
  });

  it('a developer uses the whole reseller API but for what only an owner does: users, the plan, management keys', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const developer = await invite(owner, 'developer');
    const customer = await developer.reseller('POST', '/customers', { name: 'By a developer' });
    expect(customer.status).toBe(201);
    expect((await developer.reseller('POST', `/customers/${customer.body.id}/keys`, {})).status).toBe(201);
    expect((await developer.reseller('PUT', `/customers/${customer.body.id}/budget`, { period: 'monthly', cap_usd: '10' })).status).toBe(
      200,
    );
    expect((await developer.reseller('DELETE', `/customers/${customer.body.id}`)).status).toBe(204);

    const refused = [
      await developer.console('GET', '/users'),
      await developer.console('POST', '/users', { email: `x-${randomUUID()}@example.com`, role: 'owner' }),
      await developer.console('PATCH', `/users/${developer.userId}`, { role: 'owner' }),
      await developer.console('DELETE', `/users/${owner.userId}`),
      await developer.console('GET', '/invitations'),
      await developer.reseller('PUT', '/me/plan', { plan_id: null }),
      await developer.reseller('GET', '/management-keys'),
      await developer.reseller('POST', '/management-keys', {}),
    ];
    expect(refused.map((r) => `${r.status} ${r.body.error.code}`)).toEqual(Array(8).fill('403 insufficient_role'));
    expect((await owner.console('GET', '/users')).body.data).toHaveLength(2);
  });

  it("an owner changes roles (applied on the user's next request) but never leaves the tenant without an owner", async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const second = await invite(owner, 'developer');
    expect((await second.console('GET', '/users')).body.error.code).toBe('insufficient_role');
    const promoted = await owner.console('PATCH', `/users/${second.userId}`, { role: 'owner' });
    expect(promoted.body).toMatchObject({ id: second.userId, role: 'owner' });
    expect((await second.console('GET', '/users')).status).toBe(200);
    // Two owners: one may step down, and then the last one may not.
    expect((await second.console('PATCH', `/users/${owner.userId}`, { role: 'viewer' })).body.role).toBe('viewer');
    const lastOwner = [
      await second.console('PATCH', `/users/${second.userId}`, { role: 'developer' }),
      await second.console('DELETE', `/users/${second.userId}`),
    ];
    expect(lastOwner.map((r) => `${r.status} ${r.body.error.code}`)).toEqual(['409 conflict', '409 conflict']);
    expect((await owner.reseller('POST', '/customers', { name: 'now a viewer' })).body.error.code).toBe('insufficient_role');
    expect((await owner.console('PATCH', `/users/${second.userId}`, { role: 'operator' })).status).toBe(403);
    expect((await second.console('PATCH', `/users/${owner.userId}`, { role: 'operator' })).status).toBe(400);
  });

  it('two owners demoting each other at the same moment: one succeeds, the tenant keeps an owner', async () => {
    const first = await ConsoleBrowser.signUp(gw);
    const second = await invite(first, 'owner');
    const answers = await Promise.all([
      first.console('PATCH', `/users/${second.userId}`, { role: 'viewer' }),
      second.console('PATCH', `/users/${first.userId}`, { role: 'viewer' }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect(await gw.prisma.user.count({ where: { tenantId: first.tenantId, role: 'owner' } })).toBe(1);
    // The loser was refused either as the last owner's demotion (409) or, demoted first, as a non-owner (403).
    expect([403, 409]).toContain(statuses[1]);
  });

  it('removing a user ends their sessions at once; removing yourself signs you out', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const developer = await invite(owner, 'developer');
    const otherTab = await new ConsoleBrowser(gw).signIn(developer.email, 'a long enough password');
    expect(otherTab.status).toBe(200);
    expect((await owner.console('DELETE', `/users/${developer.userId}`)).status).toBe(204);
    expect((await developer.reseller('GET', '/me')).body.error.code).toBe('not_signed_in');
    expect(await gw.prisma.consoleSession.count({ where: { sess: { path: ['userId'], equals: developer.userId } } })).toBe(0);
    expect((await owner.console('GET', `/users/${developer.userId}`)).status).toBe(404);
    expect((await new ConsoleBrowser(gw).signIn(developer.email, 'a long enough password')).body.error.code).toBe('invalid_credentials');

    const coOwner = await invite(owner, 'owner');
    expect((await coOwner.console('DELETE', `/users/${coOwner.userId}`)).status).toBe(204);
    expect((await coOwner.console('GET', '/session')).body.error.code).toBe('not_signed_in');
  });

  it('changes a password: the old one stops, the new one works, the other sessions end and this one stays', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const laptop = new ConsoleBrowser(gw);
    expect((await laptop.signIn(owner.email, owner.password)).status).toBe(200);
    const weak = await owner.console('PUT', '/password', { current_password: owner.password, new_password: 'short' });
    expect([weak.status, weak.body.error.code]).toEqual([400, 'invalid_request']);
    const changed = await owner.console('PUT', '/password', { current_password: owner.password, new_password: 'a brand new password' });
    expect(changed.status).toBe(204);
    expect((await owner.console('GET', '/session')).status).toBe(200);
    expect((await laptop.console('GET', '/session')).body.error.code).toBe('not_signed_in');
    expect((await new ConsoleBrowser(gw).signIn(owner.email, owner.password)).body.error.code).toBe('invalid_credentials');
    expect((await new ConsoleBrowser(gw).signIn(owner.email, 'a brand new password')).status).toBe(200);
    // Without the CSRF token the change is refused.
    expect(
      (await owner.console('PUT', '/password', { current_password: 'a brand new password', new_password: 'x'.repeat(20) }, { csrf: false }))
        .status,
    ).toBe(403);
  });

  it('lets an owner move to another public plan and issue management keys, which act as owners', async () => {
    const start = await gw.admin('POST', '/plans', { name: `Start ${randomUUID()}`, monthly_fee_usd: '0' });
    const owner = await ConsoleBrowser.signUp(gw, { plan_id: start.body.id });
    const plan = await gw.admin('POST', '/plans', {
      name: `Growth ${randomUUID()}`,
      monthly_fee_usd: '49',
      default_monthly_spend_cap_usd: '200',
    });
    const chosen = await owner.reseller('PUT', '/me/plan', { plan_id: plan.body.id });
    expect(chosen.body).toMatchObject({ tenant: { plan_id: plan.body.id }, plan: { id: plan.body.id }, budget: { cap_usd: '200' } });
    const hidden = await gw.admin('POST', '/plans', { name: `Hidden ${randomUUID()}`, monthly_fee_usd: '0', public: false });
    expect((await owner.reseller('PUT', '/me/plan', { plan_id: hidden.body.id })).body.error.message).toBe('plan_id names no public plan.');
    expect((await owner.reseller('PUT', '/me/plan', { plan_id: null })).body.error.code).toBe('plan_change_not_allowed');

    const issued = await owner.reseller('POST', '/management-keys', { name: 'ci' });
    expect(issued.body).toMatchObject({ tenant_id: owner.tenantId, name: 'ci', status: 'active', key: expect.stringMatching(/^gwm_/) });
    const listed = await owner.reseller('GET', '/management-keys');
    expect(listed.body.data.map((k: { id: string }) => k.id)).toEqual([issued.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain(issued.body.key);
    // The key acts as owner: it may choose the plan and issue keys.
    expect((await gw.reseller(issued.body.key, 'PUT', '/me/plan', { plan_id: plan.body.id })).status).toBe(200);
    const another = await gw.reseller(issued.body.key, 'POST', '/management-keys', {});
    expect(another.status).toBe(201);
    expect((await owner.reseller('POST', `/management-keys/${issued.body.id}/revoke`)).body.status).toBe('revoked');
    expect((await gw.reseller(issued.body.key, 'GET', '/me')).body.error.code).toBe('invalid_management_key');
    expect((await gw.reseller(another.body.key, 'GET', '/me')).status).toBe(200);
  });

  it('lets a suspended tenant’s users read the reseller API but change nothing (403 tenant_suspended); the console still signs them in', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    await gw.admin('PATCH', `/tenants/${owner.tenantId}`, { status: 'suspended' });
    expect((await owner.reseller('GET', '/me')).body.tenant.status).toBe('suspended');
    expect((await owner.reseller('POST', '/keys', { name: 'k' })).body.error.code).toBe('tenant_suspended');
    expect((await new ConsoleBrowser(gw).signIn(owner.email, owner.password)).body.tenant.status).toBe('suspended');
  });
});
