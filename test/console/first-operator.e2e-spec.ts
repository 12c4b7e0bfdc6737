import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OperatorSetupService } from '../../src/users/operator-setup.service';
import { startChildGateway } from '../support/child-gateway';
import { ConsoleBrowser } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';
import { testRedisUrl } from '../support/test-env';

/**
 * The first operator of a fresh install, created through the console API's setup routes with the
 * admin token or the one-time setup link of the start-up log; closed (409) once an operator exists.
 * On a database of its own: the shared test database has operators from other suites.
 */
describe('first operator setup', () => {
  let db: SuiteDatabase;
  let gw: GatewayHarness;
  const operator = () => ({ email: `first-${randomUUID()}@example.com`, name: 'Fiona First', password: 'first operator passphrase' });
  const create = (browser: ConsoleBrowser, body: object) => browser.console('POST', '/setup/first-operator', body);
  const issueLink = () => gw.app.get(OperatorSetupService).issueSetupToken();

  beforeAll(async () => {
    db = await createSuiteDatabase('first_operator');
    gw = await GatewayHarness.start({ DATABASE_URL: db.url, SIGN_IN_RATE_LIMIT: '1000' });
  });

  afterAll(async () => {
    await gw?.close();
    await db?.drop();
  });

  // Each test starts on a fresh install: no operator, no setup link.
  beforeEach(async () => {
    await gw.prisma.user.deleteMany({ where: { role: 'operator' } });
    await gw.prisma.operatorSetupToken.deleteMany({});
  });

  it('with the admin token: the operator is created and signed in, and the setup closes (409 operator_exists after)', async () => {
    const browser = new ConsoleBrowser(gw);
    expect((await browser.console('GET', '/setup')).body).toEqual({ first_operator_needed: true });
    const fields = operator();
    const created = await create(browser, { ...fields, admin_token: gw.adminToken });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ email: fields.email, name: 'Fiona First', role: 'operator', tenant_id: null });
    expect(created.body.user.last_sign_in_at).not.toBeNull();
    // Signed in: the session works on the operator API.
    expect((await browser.admin('GET', '/operators')).status).toBe(200);

    expect((await new ConsoleBrowser(gw).console('GET', '/setup')).body).toEqual({ first_operator_needed: false });
    const second = await create(new ConsoleBrowser(gw), { ...operator(), admin_token: gw.adminToken });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('operator_exists');
    // A wrong token gets the same 409: nothing is learned about the token once the setup is closed.
    expect((await create(new ConsoleBrowser(gw), { ...operator(), admin_token: 'wrong' })).status).toBe(409);
    expect(await gw.prisma.user.count({ where: { role: 'operator' } })).toBe(1);
    // No setup link is issued once an operator exists.
    expect(await issueLink()).toBeNull();
  });

  it('a wrong admin token or setup token is 401 invalid_setup_token, naming neither; both or neither is 400', async () => {
    const link = (await issueLink())!;
    const wrongAdmin = await create(new ConsoleBrowser(gw), { ...operator(), admin_token: `${gw.adminToken}x` });
    const wrongLink = await create(new ConsoleBrowser(gw), { ...operator(), setup_token: `gws_${'A'.repeat(43)}` });
    const malformed = await create(new ConsoleBrowser(gw), { ...operator(), setup_token: 'nonsense' });
    for (const answer of [wrongAdmin, wrongLink, malformed]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('invalid_setup_token');
      expect(answer.headers.get('set-cookie')).toBeNull();
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(gw.adminToken);
      expect(text).not.toContain(link.token);
    }
    const both = await create(new ConsoleBrowser(gw), { ...operator(), admin_token: gw.adminToken, setup_token: link.token });
    expect([both.status, both.body.error.code]).toEqual([400, 'invalid_request']);
    const neither = await create(new ConsoleBrowser(gw), operator());
    expect([neither.status, neither.body.error.code]).toEqual([400, 'invalid_request']);
    expect(await gw.prisma.user.count({ where: { role: 'operator' } })).toBe(0);
  });

  it('with the setup link: single use, stored only hashed, refused when expired, and every link is void once an operator exists', async () => {
    const expired = (await issueLink())!;
    await gw.prisma.operatorSetupToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const link = (await issueLink())!;
    expect(link.token).toMatch(/^gws_[A-Za-z0-9_-]{43}$/);
    expect(link.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const stored = await gw.prisma.operatorSetupToken.findMany();
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(Buffer.from(row.tokenHash).toString()).not.toContain(link.token.slice(4));

    const late = await create(new ConsoleBrowser(gw), { ...operator(), setup_token: expired.token });
    expect([late.status, late.body.error.code]).toEqual([401, 'invalid_setup_token']);

    const browser = new ConsoleBrowser(gw);
    const created = await create(browser, { ...operator(), setup_token: link.token });
    expect(created.status).toBe(201);
    expect((await browser.console('GET', '/session')).body.user.role).toBe('operator');
    expect(await gw.prisma.operatorSetupToken.count()).toBe(0);
    const again = await create(new ConsoleBrowser(gw), { ...operator(), setup_token: link.token });
    expect([again.status, again.body.error.code]).toEqual([409, 'operator_exists']);
  });

  it('two first operators at once: exactly one is created', async () => {
    const answers = await Promise.all([0, 1, 2].map(() => create(new ConsoleBrowser(gw), { ...operator(), admin_token: gw.adminToken })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(await gw.prisma.user.count({ where: { role: 'operator' } })).toBe(1);
  });

  it('is rate-limited like sign-in', async () => {
    const limited = await GatewayHarness.start({ DATABASE_URL: db.url, SIGN_IN_RATE_LIMIT: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await create(new ConsoleBrowser(limited), { ...operator(), admin_token: 'wrong' })).status);
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('the start-up log ends with the website, /console, /admin, /docs and, while no operator exists, the setup link, which works', async () => {
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'gateway-first-run-')),
      ADMIN_TOKEN: gw.adminToken,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      STATEMENT_JOB_INTERVAL_MS: '0',
    };
    const main = { script: 'src/main.ts', listening: /gateway listening on http:\/\/127\.0\.0\.1:(\d+)\// };
    const messages = (stdout: string) =>
      stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);

    const first = await startChildGateway(env, main);
    let link: string;
    try {
      await first.waitForOutput('create the first one at');
      const logged = messages(first.stdout());
      const base = first.url;
      expect(logged.slice(-5, -1)).toEqual([
        `website: ${base}/`,
        `console: ${base}/console`,
        `admin area: ${base}/admin`,
        `API reference: ${base}/docs`,
      ]);
      expect(logged.at(-1)).toMatch(
        new RegExp(
          `^no operator exists yet: create the first one at ${base}/admin/setup#token=gws_[A-Za-z0-9_-]{43} \\(single use, until `,
        ),
      );
      // After Nest's route lines.
      const lastRoute = logged.map((m) => /Mapped \{/.test(m)).lastIndexOf(true);
      expect(lastRoute).toBeGreaterThan(0);
      expect(lastRoute).toBeLessThan(logged.length - 5);
      link = /#token=(gws_[A-Za-z0-9_-]{43})/.exec(logged.at(-1)!)![1];
    } finally {
      await first.terminate();
    }
    // The printed link creates the first operator, on any process of the deployment.
    const created = await create(new ConsoleBrowser(gw), { ...operator(), setup_token: link });
    expect(created.status).toBe(201);

    const second = await startChildGateway(env, main);
    try {
      await second.waitForOutput('API reference');
      const logged = messages(second.stdout());
      expect(logged.at(-1)).toBe(`API reference: ${second.url}/docs`);
      expect(second.stdout()).not.toContain('gws_');
    } finally {
      await second.terminate();
    }
  }, 120_000);
});
