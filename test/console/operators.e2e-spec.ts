import { randomUUID } from 'node:crypto';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';

/** Operator users: created with the admin token, signed in like everyone, using the operator API with their session. */
describe('operator users', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ SIGN_IN_RATE_LIMIT: '1000' });
  });

  afterAll(async () => {
    await gw.close();
  });

  const signedInOperator = () => signedInOperatorOf(gw);

  async function signedInOperatorOf(gw: GatewayHarness) {
    const email = `op-${randomUUID()}@example.com`;
    const created = await gw.admin('POST', '/operators', { email, password: 'operator password 1', name: 'Olga Operator' });
    expect(created.status).toBe(201);
    const browser = new ConsoleBrowser(gw);
    expect((await browser.signIn(email, 'operator password 1')).status).toBe(200);
    return Object.assign(browser, { email, userId: created.body.id as string });
  }

  it('creates the first operator with the admin token; it signs in at the console and has no tenant', async () => {
    const email = `Op.${randomUUID()}@Example.com`;
    const created = await gw.admin('POST', '/operators', { email, password: 'operator password 1', name: 'Olga' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      name: 'Olga',
      role: 'operator',
      tenant_id: null,
      created_at: expect.any(String),
      last_sign_in_at: null,
    });
    expect((await gw.prisma.user.findUniqueOrThrow({ where: { id: created.body.id } })).passwordHash).toMatch(/^\$argon2id\$/);
    const browser = new ConsoleBrowser(gw);
    const session = await browser.signIn(email, 'operator password 1');
    expect(session.body).toMatchObject({
      user: { role: 'operator', tenant_id: null },
      tenant: null,
      plan: null,
      csrf_token: expect.any(String),
    });
    expect((await gw.admin('GET', '/operators')).body.data.map((o: { id: string }) => o.id)).toContain(created.body.id);

    const refused = [
      await gw.admin('POST', '/operators', { email: email.toUpperCase(), password: 'operator password 1', name: 'Again' }),
      await gw.admin('POST', '/operators', { email: `x-${randomUUID()}@example.com`, password: 'short', name: 'Weak' }),
      await gw.admin('POST', '/operators', {
        email: `x-${randomUUID()}@example.com`,
        password: 'operator password 1',
        name: 'Olga',
        role: 'owner',
      }),
      await new ConsoleBrowser(gw).admin('POST', '/operators', {
        email: `x-${randomUUID()}@example.com`,
        password: 'operator password 1',
        name: 'O',
      }),
    ];
    expect(refused.map((r) => `${r.status} ${r.body.error.code}`)).toEqual([
      '409 conflict',
      '400 invalid_request',
      '400 invalid_request',
      '401 invalid_admin_token',
    ]);
  });

  it('calls the operator API with its session: reads freely, writes with the CSRF token', async () => {
    const operator = await signedInOperator();
    expect((await operator.admin('GET', '/tenants')).status).toBe(200);
    const tenant = await operator.admin('POST', '/tenants', { name: 'Made by an operator' });
    expect(tenant.status).toBe(201);
    expect((await gw.admin('GET', `/tenants/${tenant.body.id}`)).body.name).toBe('Made by an operator');
    const refused = [
      await operator.admin('POST', '/tenants', { name: 'no token' }, { csrf: false }),
      await operator.admin('PATCH', `/tenants/${tenant.body.id}`, { status: 'suspended' }, { origin: 'https://evil.example' }),
    ];
    expect(refused.map((r) => `${r.status} ${r.body.error.code}`)).toEqual(['403 csrf_check_failed', '403 csrf_check_failed']);
    // It may create more operators, and read the metrics.
    const next = await operator.admin('POST', '/operators', {
      email: `op2-${randomUUID()}@example.com`,
      password: 'operator password 2',
      name: 'Next',
    });
    expect(next.status).toBe(201);
    const metrics = await fetch(`${gw.url}/metrics`, { headers: { cookie: operator.cookie! } });
    expect(metrics.status).toBe(200);
  });

  it("refuses a tenant's users on the operator API, and operators on the reseller API and the owners' routes", async () => {
    const operator = await signedInOperator();
    const owner = await ConsoleBrowser.signUp(gw);
    const answers = [
      await owner.admin('GET', '/tenants'),
      await owner.admin('POST', '/operators', { email: `x-${randomUUID()}@example.com`, password: 'operator password 1', name: 'Me' }),
      await operator.reseller('GET', '/me'),
      await operator.console('GET', '/users'),
      await operator.console('POST', '/users', { email: `x-${randomUUID()}@example.com`, role: 'owner' }),
    ];
    expect(answers.map((r) => `${r.status} ${r.body.error.code}`)).toEqual(Array(5).fill('403 insufficient_role'));
    expect(answers[0].body.error.details).toEqual({ role: 'owner', required_role: 'operator' });
    expect(await gw.prisma.user.count({ where: { name: 'Me' } })).toBe(0);
    // Operators change their own password like anyone.
    expect(
      (await operator.console('PUT', '/password', { current_password: 'operator password 1', new_password: 'operator password 9' })).status,
    ).toBe(204);
  });

  it('keeps the admin token working, and tells an expired session from a missing credential', async () => {
    const operator = await signedInOperator();
    expect((await gw.admin('GET', '/tenants')).status).toBe(200);
    expect((await new ConsoleBrowser(gw).admin('GET', '/tenants')).body.error.code).toBe('invalid_admin_token');
    // A bearer token wins over the cookie: a wrong one is refused even with a good session.
    const wrongToken = await operator.admin('GET', '/tenants', undefined, { headers: { authorization: 'Bearer nope' } });
    expect(wrongToken.body.error.code).toBe('invalid_admin_token');
    const signedOutTab = operator.clone();
    await operator.console('DELETE', '/session');
    expect((await signedOutTab.admin('GET', '/tenants')).body.error.code).toBe('not_signed_in');
  });

  it('removes an operator: their sessions end at once', async () => {
    const operator = await signedInOperator();
    expect((await gw.admin('DELETE', `/operators/${operator.userId}`)).status).toBe(204);
    expect((await operator.admin('GET', '/tenants')).body.error.code).toBe('not_signed_in');
    expect((await gw.admin('DELETE', `/operators/${operator.userId}`)).status).toBe(404);
    // A tenant user's id is no operator's.
    const owner = await ConsoleBrowser.signUp(gw);
    expect((await gw.admin('DELETE', `/operators/${owner.userId}`)).status).toBe(404);
    expect((await owner.console('GET', '/session')).status).toBe(200);
  });

  /**
   * How many operators there are is the database's, and every suite of the shared test database may add
   * some: the last-operator rule is tested in a database of this describe's own.
   */
  describe('the last operator', () => {
    let db: SuiteDatabase;
    let own: GatewayHarness;

    beforeAll(async () => {
      db = await createSuiteDatabase('operators');
      own = await GatewayHarness.start({ DATABASE_URL: db.url, SIGN_IN_RATE_LIMIT: '1000' });
    });

    afterAll(async () => {
      await own?.close();
      await db?.drop();
    });

    const operatorCount = () => own.prisma.user.count({ where: { role: 'operator', tenantId: null } });

    it('is never removed, not even by itself; removing yourself while others remain signs you out', async () => {
      expect(await operatorCount()).toBe(0);
      const first = await signedInOperatorOf(own);
      const alone = await own.admin('DELETE', `/operators/${first.userId}`);
      expect([alone.status, alone.body.error.code]).toEqual([409, 'conflict']);
      expect(alone.body.error.message).toMatch(/at least one operator/);
      expect((await first.admin('DELETE', `/operators/${first.userId}`)).status).toBe(409);
      expect((await first.admin('GET', '/tenants')).status).toBe(200);

      const second = await signedInOperatorOf(own);
      expect((await first.admin('DELETE', `/operators/${first.userId}`)).status).toBe(204);
      expect((await first.admin('GET', '/tenants')).body.error.code).toBe('not_signed_in');
      expect((await new ConsoleBrowser(own).signIn(first.email, 'operator password 1')).status).toBe(401);
      expect((await second.admin('DELETE', `/operators/${second.userId}`)).status).toBe(409);
      expect(await operatorCount()).toBe(1);
    });

    it('four removals at the same moment of all four operators: three succeed, one operator stays', async () => {
      while ((await operatorCount()) < 4) await signedInOperatorOf(own);
      const ids = (await own.prisma.user.findMany({ where: { role: 'operator', tenantId: null }, select: { id: true } })).map((u) => u.id);
      expect(ids).toHaveLength(4);
      const answers = await Promise.all(ids.map((id) => own.admin('DELETE', `/operators/${id}`)));
      expect(answers.map((a) => a.status).sort()).toEqual([204, 204, 204, 409]);
      expect(await operatorCount()).toBe(1);
    });
  });
});
