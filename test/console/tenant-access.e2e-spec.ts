import { randomUUID } from 'node:crypto';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';

/**
 * What a user may still do once their standing changed: an owner removed or demoted takes back the
 * invitations they sent; a suspended tenant's users read but change nothing.
 */
describe('console: invitations of former owners, suspended tenants', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ SIGN_IN_RATE_LIMIT: '1000' });
  });

  afterAll(async () => {
    await gw.close();
  });

  const PASSWORD = 'a long enough password';

  async function accept(token: string) {
    const browser = new ConsoleBrowser(gw);
    const answer = await browser.console('POST', '/invitations/accept', { token, name: 'Invitee', password: PASSWORD });
    return Object.assign(browser, { answer });
  }

  /** An owner A and a second owner B who joined by A's invitation. */
  async function twoOwners() {
    const first = await ConsoleBrowser.signUp(gw);
    const invited = await first.console('POST', '/users', { email: `second-${randomUUID()}@example.com`, role: 'owner' });
    const second = await accept(invited.body.token);
    expect(second.answer.status).toBe(201);
    return { first, second, secondId: second.answer.body.user.id as string };
  }

  describe('invitations of an owner who is removed or demoted', () => {
    it('a removed owner cannot come back through an invitation of their own (400 invalid_invitation)', async () => {
      const { first, second } = await twoOwners();
      // The first owner, while still an owner, invites another address of theirs as an owner.
      const backdoor = await first.console('POST', '/users', { email: `backdoor-${randomUUID()}@example.com`, role: 'owner' });
      expect(backdoor.status).toBe(201);
      // The second owner removes the first.
      expect((await second.console('DELETE', `/users/${first.userId}`)).status).toBe(204);

      const preview = await new ConsoleBrowser(gw).console('POST', '/invitations/inspect', { token: backdoor.body.token });
      expect([preview.status, preview.body.error?.code]).toEqual([400, 'invalid_invitation']);
      const back = await accept(backdoor.body.token);
      expect([back.answer.status, back.answer.body.error?.code]).toEqual([400, 'invalid_invitation']);
      expect(await gw.prisma.user.count({ where: { email: backdoor.body.invitation.email } })).toBe(0);
      expect((await second.console('GET', '/invitations')).body.data).toEqual([]);
    });

    it("a demoted owner's pending invitations are withdrawn; an owner's invitations still work", async () => {
      const { first, second, secondId } = await twoOwners();
      const fromFirst = await first.console('POST', '/users', { email: `a-${randomUUID()}@example.com`, role: 'owner' });
      const fromSecond = await second.console('POST', '/users', { email: `b-${randomUUID()}@example.com`, role: 'developer' });
      expect((await second.console('PATCH', `/users/${first.userId}`, { role: 'developer' })).status).toBe(200);

      expect((await second.console('GET', '/invitations')).body.data.map((i: { id: string }) => i.id)).toEqual([
        fromSecond.body.invitation.id,
      ]);
      const refused = await accept(fromFirst.body.token);
      expect([refused.answer.status, refused.answer.body.error?.code]).toEqual([400, 'invalid_invitation']);
      const accepted = await accept(fromSecond.body.token);
      expect(accepted.answer.body.user).toMatchObject({ role: 'developer', tenant_id: first.tenantId });
      expect((await gw.prisma.user.findUniqueOrThrow({ where: { id: secondId } })).role).toBe('owner');
    });

    it("checks the inviter's role at acceptance too (a role taken away by any path)", async () => {
      const { first } = await twoOwners();
      const invited = await first.console('POST', '/users', { email: `c-${randomUUID()}@example.com`, role: 'owner' });
      // The role changed without going through the console's demotion (no withdrawal happened).
      await gw.prisma.user.update({ where: { id: first.userId }, data: { role: 'viewer' } });
      const refused = await accept(invited.body.token);
      expect([refused.answer.status, refused.answer.body.error?.code]).toEqual([400, 'invalid_invitation']);
    });
  });

  describe('management keys of an owner who is removed or demoted', () => {
    /** The first owner's keys (one issued signed in, one issued by that key), the second's, and the operator's. */
    async function keysOfTwoOwners() {
      const owners = await twoOwners();
      const own = (await owners.first.reseller('POST', '/management-keys', { name: 'ci' })).body;
      const issuedByKey = (await gw.reseller(own.key, 'POST', '/management-keys', { name: 'made by ci' })).body;
      const second = (await owners.second.reseller('POST', '/management-keys', { name: 'second' })).body;
      const operator = (await gw.admin('POST', `/tenants/${owners.first.tenantId}/management-keys`, { name: 'operator' })).body;
      return { ...owners, keys: { own, issuedByKey, second, operator } };
    }
    const works = async (key: string) => (await gw.reseller(key, 'GET', '/me')).status;

    it('are revoked with the removal: the owner they were issued by is said in the list, through a key of theirs too', async () => {
      const { first, second, secondId, keys } = await keysOfTwoOwners();
      const listed = (await second.reseller('GET', '/management-keys')).body.data as Array<{
        id: string;
        created_by_user_id: string | null;
      }>;
      const issuer = new Map(listed.map((k) => [k.id, k.created_by_user_id]));
      expect([keys.own, keys.issuedByKey, keys.second, keys.operator].map((k) => issuer.get(k.id))).toEqual([
        first.userId,
        first.userId,
        secondId,
        null,
      ]);

      expect((await second.console('DELETE', `/users/${first.userId}`)).status).toBe(204);
      for (const key of [keys.own, keys.issuedByKey]) {
        const refused = await gw.reseller(key.key, 'GET', '/me');
        expect([refused.status, refused.body.error?.code]).toEqual([401, 'invalid_management_key']);
      }
      expect(await works(keys.second.key)).toBe(200);
      expect(await works(keys.operator.key)).toBe(200);
      expect(
        (await second.reseller('GET', `/management-keys`)).body.data.filter((k: { status: string }) => k.status === 'revoked'),
      ).toHaveLength(2);
    });

    it('are revoked with the demotion; one whose issuer lost the role by any other path is refused at use', async () => {
      const { first, second, secondId, keys } = await keysOfTwoOwners();
      expect((await second.console('PATCH', `/users/${first.userId}`, { role: 'developer' })).status).toBe(200);
      expect(await works(keys.own.key)).toBe(401);
      expect(await works(keys.issuedByKey.key)).toBe(401);
      expect(await works(keys.second.key)).toBe(200);

      // The role changed without going through the console's demotion (no revocation happened).
      await gw.prisma.user.update({ where: { id: secondId }, data: { role: 'viewer' } });
      const refused = await gw.reseller(keys.second.key, 'GET', '/me');
      expect([refused.status, refused.body.error?.code]).toEqual([401, 'invalid_management_key']);
      expect(await works(keys.operator.key)).toBe(200);
    });
  });

  describe("a suspended tenant's users read, not change", () => {
    it('console and reseller-by-session: every change is 403 tenant_suspended, reads are 200', async () => {
      const { first: owner, secondId } = await twoOwners();
      const pending = await owner.console('POST', '/users', { email: `p-${randomUUID()}@example.com`, role: 'viewer' });
      const webhook = await owner.reseller('POST', '/webhook-endpoints', { url: 'https://example.com/hook', events: ['key.rotated'] });
      expect(webhook.status).toBe(201);
      expect((await gw.admin('PATCH', `/tenants/${owner.tenantId}`, { status: 'suspended' })).status).toBe(200);

      const changes = {
        'POST console /users': await owner.console('POST', '/users', { email: `n-${randomUUID()}@example.com`, role: 'developer' }),
        'PATCH console /users/:id (role)': await owner.console('PATCH', `/users/${secondId}`, { role: 'viewer' }),
        'DELETE console /users/:id': await owner.console('DELETE', `/users/${secondId}`),
        'DELETE console /invitations/:id': await owner.console('DELETE', `/invitations/${pending.body.invitation.id}`),
        'POST reseller /keys': await owner.reseller('POST', '/keys', { name: 'new key' }),
        'PUT reseller /prices/:slug': await owner.reseller('PUT', '/prices/infra.dns', {}),
        'POST reseller /webhook-endpoints': await owner.reseller('POST', '/webhook-endpoints', {
          url: 'https://example.com/other',
          events: ['key.rotated'],
        }),
        'DELETE reseller /webhook-endpoints/:id': await owner.reseller('DELETE', `/webhook-endpoints/${webhook.body.id}`),
        'POST reseller /management-keys': await owner.reseller('POST', '/management-keys', {}),
      };
      for (const [route, answer] of Object.entries(changes)) {
        expect([route, answer.status, answer.body?.error?.code]).toEqual([route, 403, 'tenant_suspended']);
      }
      // Nothing changed.
      expect(await gw.prisma.user.findUniqueOrThrow({ where: { id: secondId } })).toMatchObject({ role: 'owner' });
      expect(await gw.prisma.apiKey.count({ where: { tenantId: owner.tenantId } })).toBe(0);

      const reads = {
        'GET console /session': await owner.console('GET', '/session'),
        'GET console /users': await owner.console('GET', '/users'),
        'GET console /invitations': await owner.console('GET', '/invitations'),
        'GET reseller /me': await owner.reseller('GET', '/me'),
        'GET reseller /keys': await owner.reseller('GET', '/keys'),
        'GET reseller /prices': await owner.reseller('GET', '/prices'),
        'GET reseller /webhook-endpoints': await owner.reseller('GET', '/webhook-endpoints'),
      };
      for (const [route, answer] of Object.entries(reads)) expect([route, answer.status]).toEqual([route, 200]);
      expect(reads['GET reseller /me'].body.tenant.status).toBe('suspended');

      // What concerns the user alone still works: their password, signing out.
      expect((await owner.console('PUT', '/password', { current_password: owner.password, new_password: PASSWORD })).status).toBe(204);
      // An invitation into the suspended tenant adds nobody.
      const join = await accept(pending.body.token);
      expect([join.answer.status, join.answer.body.error?.code]).toEqual([403, 'tenant_suspended']);
      expect((await owner.console('DELETE', '/session')).status).toBe(204);

      // Resumed: changes work again.
      expect((await gw.admin('PATCH', `/tenants/${owner.tenantId}`, { status: 'active' })).status).toBe(200);
      const resumed = await new ConsoleBrowser(gw).signIn(owner.email, PASSWORD);
      expect(resumed.status).toBe(200);
    });

    it('a management key of a suspended tenant is still refused on every call, reads included', async () => {
      const owner = await ConsoleBrowser.signUp(gw);
      const issued = await owner.reseller('POST', '/management-keys', { name: 'ci' });
      await gw.admin('PATCH', `/tenants/${owner.tenantId}`, { status: 'suspended' });
      expect((await gw.reseller(issued.body.key, 'GET', '/me')).body.error.code).toBe('tenant_suspended');
    });
  });
});
