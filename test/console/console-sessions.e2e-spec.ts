import { randomUUID } from 'node:crypto';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { rawRequest } from '../support/raw-http';
import { waitFor } from '../support/wait-for';

/**
 * Sign-up, sign-in and sessions: the cookie, the session in Postgres, the CSRF checks, expiry and
 * sign-out, and the reseller API used with a session the way the console pages will use it.
 */
describe('console: sign-up, sessions and CSRF', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ SESSION_IDLE_TIMEOUT_MS: '3600000' });
  });

  afterAll(async () => {
    await gw.close();
  });

  const sessionRow = (sid: string) => gw.prisma.consoleSession.findUnique({ where: { sid } });
  /** The session id inside a `gw_session=s:<id>.<signature>` cookie. */
  const sidOf = (cookie: string) => /^gw_session=s%3A([^.]+)\./.exec(cookie)![1];

  it('signs up: a tenant and its owner, signed in, with an HttpOnly SameSite=Strict cookie; the password is stored as argon2id only', async () => {
    const email = ` Ada.${randomUUID()}@Example.COM `;
    const res = await fetch(`${gw.url}/api/console/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery staple', name: 'Ada', organization: 'Ada Ltd', kind: 'reseller' }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({
      user: {
        email: email.trim().toLowerCase(),
        name: 'Ada',
        role: 'owner',
        tenant_id: body.tenant.id,
        last_sign_in_at: expect.any(String),
      },
      tenant: { name: 'Ada Ltd', kind: 'reseller', status: 'active', plan_id: null },
      plan: null,
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(Object.keys(body.user).sort()).toEqual(['created_at', 'email', 'id', 'last_sign_in_at', 'name', 'role', 'tenant_id']);

    const [cookie] = res.headers.getSetCookie();
    const attributes = cookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes[0]).toMatch(/^gw_session=s%3a/);
    expect(attributes).toEqual(expect.arrayContaining(['path=/', 'httponly', 'samesite=strict']));
    // Expires: the idle timeout (an hour here) from now.
    const expires = Date.parse(attributes.find((a) => a.startsWith('expires='))!.slice(8));
    expect(Math.abs(expires - (Date.now() + 3_600_000))).toBeLessThan(60_000);
    // Plain HTTP to a loopback host: not Secure; otherwise it is (see the proxy tests below).
    expect(attributes).not.toContain('secure');

    const stored = await gw.prisma.user.findUniqueOrThrow({ where: { id: body.user.id } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,t=2,p=1\$/);
    expect(JSON.stringify(stored)).not.toContain('correct horse');
    const row = await sessionRow(decodeURIComponent(sidOf(cookie.split(';')[0])));
    expect(row?.sess).toMatchObject({ userId: body.user.id, csrfToken: body.csrf_token, cookie: { httpOnly: true, sameSite: 'strict' } });
  });

  it('uses the reseller API with the cookie: reads freely, writes with the CSRF token; without it, with a wrong one or from another origin 403', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    expect((await owner.reseller('GET', '/me')).body.tenant.id).toBe(owner.tenantId);
    const created = await owner.reseller('POST', '/customers', { name: 'Made from the console' });
    expect(created.status).toBe(201);
    // A key created with a session calls the gateway like any other.
    const key = await owner.reseller('POST', `/customers/${created.body.id}/keys`, { name: 'console key' });
    expect((await gw.call('text.generate', { key: key.body.key, body: { input: 'hi' } })).status).toBe(200);

    const refusals = [
      await owner.reseller('POST', '/customers', { name: 'x' }, { csrf: false }),
      await owner.reseller('POST', '/customers', { name: 'x' }, { csrf: 'a'.repeat(43) }),
      await owner.reseller('POST', '/customers', { name: 'x' }, { origin: 'https://evil.example' }),
      await owner.reseller('POST', '/customers', { name: 'x' }, { origin: 'null' }),
      await owner.reseller('POST', '/customers', { name: 'x' }, { origin: null, headers: { 'sec-fetch-site': 'cross-site' } }),
      await owner.reseller('DELETE', `/customers/${created.body.id}`, undefined, { csrf: false }),
      await owner.console('DELETE', '/session', undefined, { csrf: false }),
    ];
    expect(refusals.map((r) => `${r.status} ${r.body.error.code}`)).toEqual(Array(7).fill('403 csrf_check_failed'));
    expect(refusals[2].body.error.message).toContain('https://evil.example');
    // Nothing was created or deleted, and the session still works.
    expect((await owner.reseller('GET', '/customers')).body.data).toHaveLength(1);
    // No Origin header (a same-origin fetch may omit it) is fine when the token is right.
    expect((await owner.reseller('POST', '/customers', { name: 'no origin' }, { origin: null })).status).toBe(201);
  });

  it('takes a bearer token over the cookie, and bearer requests need no CSRF token', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const other = await gw.createReseller();
    const res = await owner.reseller(
      'POST',
      '/customers',
      { name: 'by key' },
      { csrf: false, headers: { authorization: `Bearer ${other.managementKey}` } },
    );
    expect(res.status).toBe(201);
    expect((await gw.reseller(other.managementKey, 'GET', `/customers/${res.body.id}`)).status).toBe(200);
    expect((await owner.reseller('GET', `/customers/${res.body.id}`)).status).toBe(404);
    // Without either: the reseller API's own 401, as before sessions existed.
    expect((await new ConsoleBrowser(gw).reseller('GET', '/me')).body.error.code).toBe('invalid_management_key');
  });

  it('GET /session shows the user, role, tenant, plan and CSRF token; not signed in is 401 not_signed_in', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const token = owner.csrfToken;
    const session = await owner.console('GET', '/session');
    expect(session.body).toMatchObject({
      user: { id: owner.userId, role: 'owner' },
      tenant: { id: owner.tenantId },
      plan: null,
      csrf_token: token,
    });
    expect((await new ConsoleBrowser(gw).console('GET', '/session')).body.error.code).toBe('not_signed_in');
    // A forged or tampered cookie is no session.
    const forged = Object.assign(new ConsoleBrowser(gw), { cookie: owner.cookie!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) });
    expect((await forged.console('GET', '/session')).body.error.code).toBe('not_signed_in');
    expect((await forged.reseller('GET', '/me')).body.error.code).toBe('not_signed_in');
  });

  it('signs in with a new session id each time (fixation): the cookie a browser had before no longer works', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const before = owner.clone();
    const signedIn = await owner.signIn(` ${owner.email.toUpperCase()} `, owner.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ user: { id: owner.userId }, csrf_token: expect.any(String) });
    expect(owner.cookie).not.toBe(before.cookie);
    expect(owner.csrfToken).not.toBe(before.csrfToken);
    expect(await sessionRow(sidOf(before.cookie!))).toBeNull();
    expect((await before.console('GET', '/session')).status).toBe(401);
    expect((await owner.console('GET', '/session')).status).toBe(200);
  });

  it('signs out: the row goes, the cookie is cleared, and the old cookie is refused everywhere', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const copy = owner.clone();
    const sid = sidOf(owner.cookie!);
    expect(await sessionRow(sid)).not.toBeNull();
    const out = await owner.console('DELETE', '/session');
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^gw_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(owner.cookie).toBeNull();
    expect(await sessionRow(sid)).toBeNull();
    expect((await copy.console('GET', '/session')).body.error.code).toBe('not_signed_in');
    expect((await copy.reseller('GET', '/me')).body.error.code).toBe('not_signed_in');
  });

  it('rolls the idle expiry forward on use, and a session idle past it is over', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const sid = sidOf(owner.cookie!);
    // Pretend the session was last used 59 minutes ago: using it moves its expiry an hour ahead again.
    await gw.prisma.consoleSession.update({ where: { sid }, data: { expire: new Date(Date.now() + 60_000) } });
    expect((await owner.reseller('GET', '/me')).status).toBe(200);
    const rolled = await waitFor('the expiry to move', async () => {
      const row = await sessionRow(sid);
      return row && row.expire.getTime() > Date.now() + 3_000_000 ? row : null;
    });
    expect(rolled.expire.getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1000);

    // Now it has been idle for longer than the timeout.
    await gw.prisma.consoleSession.update({ where: { sid }, data: { expire: new Date(Date.now() - 1000) } });
    expect((await owner.console('GET', '/session')).body.error.code).toBe('not_signed_in');
    expect((await owner.reseller('GET', '/me')).body.error.code).toBe('not_signed_in');
  });

  it('ends a session SESSION_MAX_LIFETIME_MS after its sign-in, however busy it is', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const sid = sidOf(owner.cookie!);
    const row = await sessionRow(sid);
    const eightDaysAgo = Date.now() - 8 * 86_400_000;
    await gw.prisma.consoleSession.update({ where: { sid }, data: { sess: { ...(row!.sess as object), signedInAt: eightDaysAgo } } });
    expect((await owner.console('GET', '/session')).body.error.code).toBe('not_signed_in');
    expect(await sessionRow(sid)).toBeNull();
  });

  it('keeps sessions in Postgres: they survive a restart of the gateway (same DATA_DIR, so the same generated secret)', async () => {
    const first = await GatewayHarness.start();
    const owner = await ConsoleBrowser.signUp(first);
    await first.close();
    const second = await GatewayHarness.start({ DATA_DIR: first.config.DATA_DIR });
    try {
      const again = Object.assign(new ConsoleBrowser(second), { cookie: owner.cookie, csrfToken: owner.csrfToken });
      expect((await again.console('GET', '/session')).body.user.id).toBe(owner.userId);
      expect((await again.reseller('POST', '/customers', { name: 'after restart' })).status).toBe(201);
      // Another secret (another DATA_DIR, no SESSION_SECRET) cannot read the cookie.
      const third = await GatewayHarness.start();
      try {
        const stranger = Object.assign(new ConsoleBrowser(third), { cookie: owner.cookie });
        expect((await stranger.console('GET', '/session')).body.error.code).toBe('not_signed_in');
      } finally {
        await third.close();
      }
    } finally {
      await second.close();
    }
  });

  it('marks the cookie Secure over HTTPS (TRUST_PROXY and X-Forwarded-Proto), and checks the Origin against the forwarded host', async () => {
    const proxied = await GatewayHarness.start({ TRUST_PROXY: 'loopback' });
    try {
      const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'console.example.com' };
      const browser = new ConsoleBrowser(proxied);
      const signUp = await browser.console(
        'POST',
        '/signup',
        { email: `p-${randomUUID()}@example.com`, password: 'correct horse battery', name: 'P', organization: 'P', kind: 'direct' },
        { origin: 'https://console.example.com', headers },
      );
      expect(signUp.status).toBe(201);
      expect(signUp.headers.getSetCookie()[0]).toMatch(/; Secure/);
      expect((await browser.reseller('POST', '/keys', {}, { origin: 'https://console.example.com', headers })).status).toBe(201);
      expect((await browser.reseller('POST', '/keys', {}, { origin: proxied.url, headers })).body.error.code).toBe('csrf_check_failed');
    } finally {
      await proxied.close();
    }
  });

  it('marks the cookie Secure behind a TLS proxy without TRUST_PROXY (X-Forwarded-Proto: https), and never sends it without Secure to a host that is not loopback', async () => {
    // A gateway of its own: these sign-ins would eat the suite's per-IP sign-in limit.
    const gw = await GatewayHarness.start();
    try {
      const owner = await ConsoleBrowser.signUp(gw);
      const proxied = await new ConsoleBrowser(gw).signIn(owner.email, owner.password, { headers: { 'x-forwarded-proto': 'https' } });
      expect(proxied.status).toBe(200);
      expect(proxied.headers.getSetCookie()).toEqual([expect.stringMatching(/^gw_session=.*; Secure/)]);
      // The next answers of that session (rolling expiry) keep it Secure.
      const browser = Object.assign(new ConsoleBrowser(gw), { cookie: proxied.headers.getSetCookie()[0].split(';')[0] });
      const again = await browser.console('GET', '/session', undefined, { headers: { 'x-forwarded-proto': 'https' } });
      expect(again.headers.getSetCookie()).toEqual([expect.stringMatching(/; Secure/)]);

      // Plain HTTP with a Host that is not loopback (a deployment on a LAN address without TLS): no
      // cookie without Secure (express-session sends none at all over what it sees as plain HTTP).
      const { port } = new URL(gw.url);
      for (const host of [`console.example.com:${port}`, `10.0.0.5:${port}`]) {
        const res = await rawRequest(gw.url, {
          method: 'POST',
          target: '/api/console/v1/session',
          headers: { host, 'content-type': 'application/json' },
          body: JSON.stringify({ email: owner.email, password: owner.password }),
        });
        expect({ host, status: res.status }).toEqual({ host, status: 200 });
        expect({ host, cookie: res.headers['set-cookie'] }).toEqual({ host, cookie: undefined });
      }
      // Plain HTTP to a loopback name: not Secure (a browser on http://localhost must get it back).
      for (const host of [`localhost:${port}`, `[::1]:${port}`, `127.0.0.1:${port}`]) {
        const res = await rawRequest(gw.url, {
          method: 'POST',
          target: '/api/console/v1/session',
          headers: { host, 'content-type': 'application/json' },
          body: JSON.stringify({ email: owner.email, password: owner.password }),
        });
        expect({ host, status: res.status, cookie: res.headers['set-cookie'] }).toEqual({
          host,
          status: 200,
          cookie: expect.stringMatching(/^gw_session=(?!.*Secure)/),
        });
      }
    } finally {
      await gw.close();
    }
  });

  it('checks the Origin of sign-up and sign-in too (no session yet): a cross-site form cannot sign a browser in', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const res = await new ConsoleBrowser(gw).signIn(owner.email, owner.password, { origin: 'https://evil.example' });
    expect(res.body.error.code).toBe('csrf_check_failed');
    expect(res.headers.getSetCookie()).toEqual([]);
    const signUp = await new ConsoleBrowser(gw).console(
      'POST',
      '/signup',
      { email: `x-${randomUUID()}@example.com`, password: 'correct horse battery', name: 'X', organization: 'X', kind: 'direct' },
      { origin: 'https://evil.example' },
    );
    expect(signUp.body.error.code).toBe('csrf_check_failed');
  });

  it('refuses bad sign-ups with 400 and a taken email (any case) with 409, creating nothing', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const organization = `Refused ${randomUUID()}`;
    const valid = { email: `v-${randomUUID()}@example.com`, password: 'correct horse battery', name: 'V', organization, kind: 'direct' };
    const bad = [
      { ...valid, password: 'too short' },
      { ...valid, password: 'x'.repeat(257) },
      { ...valid, email: 'not an email' },
      { ...valid, kind: 'operator' },
      { ...valid, organization: '' },
      { ...valid, plan_id: 'nope' },
      { ...valid, role: 'operator' },
    ];
    for (const body of bad) {
      const res = await new ConsoleBrowser(gw).console('POST', '/signup', body);
      expect([JSON.stringify(body), res.status, res.body.error.code]).toEqual([JSON.stringify(body), 400, 'invalid_request']);
    }
    const taken = await new ConsoleBrowser(gw).console('POST', '/signup', { ...valid, email: owner.email.toUpperCase() });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'conflict']);
    expect(await gw.prisma.tenant.count({ where: { name: organization } })).toBe(0);
    // A password of exactly 10 characters, or 256 emoji (256 characters, 1,024 bytes), is fine.
    expect((await ConsoleBrowser.signUp(gw, { password: '0123456789' })).userId).toEqual(expect.any(String));
    expect((await ConsoleBrowser.signUp(gw, { password: '🔑'.repeat(256) })).userId).toEqual(expect.any(String));
  });

  it('signs up on a public plan (its default monthly budget applies, as for an operator-created tenant); a private or unknown plan is 400', async () => {
    const plan = await gw.admin('POST', '/plans', {
      name: `Starter ${randomUUID()}`,
      monthly_fee_usd: '9',
      default_monthly_spend_cap_usd: '50',
    });
    const owner = await ConsoleBrowser.signUp(gw, { plan_id: plan.body.id });
    const session = await owner.console('GET', '/session');
    expect(session.body.plan).toMatchObject({ id: plan.body.id });
    expect(session.body.tenant.plan_id).toBe(plan.body.id);
    expect((await owner.reseller('GET', '/me')).body.budget).toMatchObject({ period: 'monthly', cap_usd: '50' });

    const hidden = await gw.admin('POST', '/plans', { name: `Private ${randomUUID()}`, monthly_fee_usd: '0', public: false });
    for (const planId of [hidden.body.id, randomUUID()]) {
      const res = await new ConsoleBrowser(gw).console('POST', '/signup', {
        email: `p-${randomUUID()}@example.com`,
        password: 'correct horse battery',
        name: 'P',
        organization: 'P',
        kind: 'direct',
        plan_id: planId,
      });
      expect([res.status, res.body.error.message]).toEqual([400, 'plan_id names no public plan.']);
    }
  });

  it('leaves the public gateway alone: a cookie on a public call is neither read nor answered', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const { key } = await gw.createTenantWithKey();
    const res = await gw.call('text.generate', { key, body: { input: 'hi' }, headers: { cookie: owner.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    // Neither are the operator API's bearer calls: no session, no cookie.
    const admin = await fetch(`${gw.url}/api/admin/v1/tenants`, { headers: { authorization: `Bearer ${gw.adminToken}` } });
    expect(admin.headers.getSetCookie()).toEqual([]);
  });
});
