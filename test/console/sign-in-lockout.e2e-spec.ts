import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { CredentialsService } from '../../src/users/credentials.service';
import { ConsoleBrowser, type JsonAnswer } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';
import { backendPid, sessionsBlockedBy } from '../support/lock-waits';
import { testDatabaseUrl } from '../support/test-env';

/**
 * The sign-in delay (per email and client address, the email existing or not) and the per-IP limit
 * on the routes that take a password. SIGN_IN_RATE_LIMIT is raised here so that only the delay
 * answers, except in the test of the per-IP limit itself. Client addresses come from
 * X-Forwarded-For (TRUST_PROXY=loopback). Time is driven through the counters' rows: a wait is
 * "over" when the test moves its retry_at into the past. The waits are long here (1 min, doubling,
 * at most 1 h) so that none ends by itself while a test runs, however busy the machine.
 */
describe('console: sign-in delays and limits', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start({
      SIGN_IN_RATE_LIMIT: '1000',
      TRUST_PROXY: 'loopback',
      SIGN_IN_DELAY_BASE_MS: '60000',
      SIGN_IN_DELAY_MAX_MS: '3600000',
    });
  });

  afterAll(async () => {
    await gw.close();
  });

  let nextAddress = 1;
  /** A client address of its own for each use (the delay is kept per address). */
  const newAddress = () => `198.51.100.${nextAddress++}`;
  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
  const signIn = (email: string, password: string, address: string) => new ConsoleBrowser(gw).signIn(email, password, from(address));
  /** What a client can tell from an answer: status, code, message, Retry-After; never a request id. */
  const seen = (res: JsonAnswer) => ({
    status: res.status,
    code: res.body.error?.code ?? null,
    message: res.body.error?.message ?? null,
    retryAfter: res.headers.get('retry-after'),
  });
  const pair = (email: string, client: string) => ({ email_client: { email, client } });
  /** Ends the pair's current wait, as the clock would. */
  const waitOver = (email: string, client: string) =>
    gw.prisma.signInFailure.update({ where: pair(email, client), data: { retryAt: new Date(Date.now() - 1000) } });

  it('after 5 failures from one address, that address waits (429 account_locked, Retry-After), even with the right password', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const attacker = newAddress();
    const failures = [];
    for (let i = 0; i < 5; i++) failures.push(seen(await signIn(owner.email, `wrong password ${i}`, attacker)));
    expect(failures.slice(0, 4)).toEqual(
      Array(4).fill({ status: 401, code: 'invalid_credentials', message: expect.any(String), retryAfter: null }),
    );
    // The fifth failure starts the wait (SIGN_IN_DELAY_BASE_MS): its own answer says so.
    expect(failures[4]).toMatchObject({ status: 429, code: 'account_locked', retryAfter: '60' });

    const right = await signIn(owner.email, owner.password, attacker);
    expect(seen(right)).toMatchObject({ status: 429, code: 'account_locked' });
    expect(right.headers.getSetCookie()).toEqual([]);
    // Another spelling of the same email is the same counter.
    expect(seen(await signIn(` ${owner.email.toUpperCase()}`, owner.password, attacker)).code).toBe('account_locked');
    // The signed-in session of the owner is not affected.
    expect((await owner.console('GET', '/session')).status).toBe(200);

    // When the wait is over, the right password works (and resets that address's counter).
    await waitOver(owner.email, attacker);
    expect((await signIn(owner.email, owner.password, attacker)).status).toBe(200);
    expect(await gw.prisma.signInFailure.findUnique({ where: pair(owner.email, attacker) })).toBeNull();
  });

  it('failures from address A never stop the owner signing in from address B', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const attacker = newAddress();
    const home = newAddress();
    for (let i = 0; i < 12; i++) {
      // Each guess waits its turn (the test ends every wait at once).
      await gw.prisma.signInFailure.updateMany({ where: { email: owner.email, client: attacker }, data: { retryAt: null } });
      await signIn(owner.email, `guess ${i}`, attacker);
    }
    expect(seen(await signIn(owner.email, owner.password, attacker)).code).toBe('account_locked');

    const signedIn = await signIn(owner.email, owner.password, home);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(owner.email);
    // The owner's success leaves the attacker's wait in force.
    expect(seen(await signIn(owner.email, owner.password, attacker)).code).toBe('account_locked');
    // A mistyped password at home is an ordinary 401, not a wait.
    expect(seen(await signIn(owner.email, 'typo', home))).toMatchObject({ status: 401, code: 'invalid_credentials' });
  });

  it("an address's wait grows with each further failure: 1 min, 2 min, 4 min …, at most SIGN_IN_DELAY_MAX_MS", async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const attacker = newAddress();
    for (let i = 0; i < 4; i++) expect((await signIn(owner.email, 'wrong', attacker)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const answer = await signIn(owner.email, 'wrong', attacker);
      expect(seen(answer).code).toBe('account_locked');
      waits.push(Number(answer.headers.get('retry-after')));
      // Refused while the wait lasts, without counting.
      const early = await signIn(owner.email, 'wrong', attacker);
      expect(seen(early).code).toBe('account_locked');
      await waitOver(owner.email, attacker);
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    expect((await gw.prisma.signInFailure.findUniqueOrThrow({ where: pair(owner.email, attacker) })).consecutiveFailures).toBe(13);
  });

  it('answers an unknown email exactly as a known one: the same failures, the same waits, no account needed', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const unknown = `nobody-${randomUUID()}@example.com`;
    const address = newAddress();
    const known: object[] = [];
    const stranger: object[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(seen(await signIn(owner.email, `wrong password ${i}`, address)));
      stranger.push(seen(await signIn(unknown, `wrong password ${i}`, address)));
    }
    // Identical, but for the Retry-After second, which may tick between the two.
    const withoutSeconds = (answers: object[]) =>
      answers.map((a) => ({ ...a, retryAfter: a && (a as { retryAfter: string | null }).retryAfter !== null }));
    expect(withoutSeconds(stranger)).toEqual(withoutSeconds(known));
    expect(stranger.map((a) => (a as { code: string }).code)).toEqual([
      ...Array(4).fill('invalid_credentials'),
      'account_locked',
      'account_locked',
    ]);
    expect(await gw.prisma.user.count({ where: { email: unknown } })).toBe(0);
  });

  it('resets the count on a success: failures must be consecutive', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const address = newAddress();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await signIn(owner.email, 'wrong password', address)).status).toBe(401);
      expect((await signIn(owner.email, owner.password, address)).status).toBe(200);
    }
    expect(await gw.prisma.signInFailure.findUnique({ where: pair(owner.email, address) })).toBeNull();
  });

  it('counts attempts that run at the same moment: 20 wrong guesses at once from one address check at most 5 passwords', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(owner.email, `guess ${i}`, address)));
    const codes = answers.map((a) => a.body.error.code);
    expect(codes.filter((c) => c === 'invalid_credentials').length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === 'account_locked').length).toBeGreaterThanOrEqual(16);
    expect((await signIn(owner.email, owner.password, address)).body.error.code).toBe('account_locked');
    expect((await gw.prisma.signInFailure.findUniqueOrThrow({ where: pair(owner.email, address) })).consecutiveFailures).toBe(5);
  });

  it('forgets failures after a day without an attempt', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const address = newAddress();
    for (let i = 0; i < 4; i++) await signIn(owner.email, 'wrong password', address);
    await gw.prisma.signInFailure.update({ where: pair(owner.email, address), data: { updatedAt: new Date(Date.now() - 86_401_000) } });
    // A fifth failure now is the first of a new count, not a wait.
    expect(seen(await signIn(owner.email, 'wrong password', address)).code).toBe('invalid_credentials');
    expect((await gw.prisma.signInFailure.findUniqueOrThrow({ where: pair(owner.email, address) })).consecutiveFailures).toBe(1);
  });

  it("applies the delay to a password change's current password too (a stolen session cannot guess it)", async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const address = newAddress();
    const change = (current: string) =>
      owner.console('PUT', '/password', { current_password: current, new_password: 'a brand new password' }, from(address));
    for (let i = 0; i < 4; i++) expect((await change(`wrong ${i}`)).body.error.code).toBe('invalid_credentials');
    expect((await change('wrong 5')).body.error.code).toBe('account_locked');
    expect((await change(owner.password)).body.error.code).toBe('account_locked');
    // The session itself stays signed in (the delay is about passwords).
    expect((await owner.console('GET', '/session')).status).toBe(200);
  });

  it('limits sign-in, sign-up and accepting invitations together per client IP (SIGN_IN_RATE_LIMIT)', async () => {
    const limited = await GatewayHarness.start({ SIGN_IN_RATE_LIMIT: '3' });
    try {
      const browser = new ConsoleBrowser(limited);
      const answers = [
        await browser.signIn(`a-${randomUUID()}@example.com`, 'some password'),
        await browser.console('POST', '/signup', { email: 'bad' }),
        await browser.console('POST', '/invitations/accept', { token: 'gwi_x', name: 'x', password: 'long enough password' }),
        await browser.signIn(`b-${randomUUID()}@example.com`, 'some password'),
        await browser.console('POST', '/signup', { email: 'bad' }),
      ];
      expect(answers.map((a) => `${a.status} ${a.body.error.code}`)).toEqual([
        '401 invalid_credentials',
        '400 invalid_request',
        '400 invalid_invitation',
        '429 rate_limited',
        '429 rate_limited',
      ]);
      expect(Number(answers[3].headers.get('retry-after'))).toBeGreaterThan(0);
      // Other console routes keep the ordinary per-IP limit.
      expect((await browser.console('GET', '/session')).body.error.code).toBe('not_signed_in');
    } finally {
      await limited.close();
    }
  });

  it("an attempt while the pair's counter is being removed (a success of the same pair, the prune) is counted, not a 500", async () => {
    const email = `race-${randomUUID()}@example.com`;
    const client = newAddress();
    await gw.prisma.signInFailure.create({ data: { email, client, consecutiveFailures: 2, updatedAt: new Date() } });
    // One transaction holds the pair's row; a removal waits behind it, and the attempt behind both.
    const holder = new Client({ connectionString: testDatabaseUrl() });
    const remover = new Client({ connectionString: testDatabaseUrl() });
    await holder.connect();
    await remover.connect();
    const holders = [await backendPid(holder), await backendPid(remover)];
    const waiting = (n: number) => sessionsBlockedBy(gw.prisma.pool, holders, n, `${n} transactions to wait for the pair's row`);
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM sign_in_failures WHERE email = $1 AND client = $2 FOR UPDATE', [email, client]);
      const removal = remover.query('DELETE FROM sign_in_failures WHERE email = $1 AND client = $2', [email, client]);
      await waiting(1);
      const attempt = signIn(email, 'a guess', client);
      await waiting(2);
      await holder.query('COMMIT');
      await removal;
      // Once a TypeError: the attempt's row was gone when it locked it.
      expect(seen(await attempt)).toMatchObject({ status: 401, code: 'invalid_credentials' });
      // Counted from zero (the removal came first): one failure.
      expect((await gw.prisma.signInFailure.findUnique({ where: pair(email, client) }))?.consecutiveFailures).toBe(1);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      await remover.end();
    }
  });

  it('prunes counters that no longer count (the hourly job), keeping waits in force and recent failures', async () => {
    const stale = `stale-${randomUUID()}@example.com`;
    const recent = `recent-${randomUUID()}@example.com`;
    const waiting = `waiting-${randomUUID()}@example.com`;
    const client = newAddress();
    const dayAndMore = new Date(Date.now() - 86_401_000);
    await gw.prisma.signInFailure.createMany({
      data: [
        { email: stale, client, consecutiveFailures: 3, updatedAt: dayAndMore },
        { email: recent, client, consecutiveFailures: 3, updatedAt: new Date() },
        { email: waiting, client, consecutiveFailures: 30, updatedAt: dayAndMore, retryAt: new Date(Date.now() + 60_000) },
      ],
    });
    expect(await gw.app.get(CredentialsService).pruneStaleFailures()).toBeGreaterThanOrEqual(1);
    const left = await gw.prisma.signInFailure.findMany({ where: { email: { in: [stale, recent, waiting] } } });
    expect(left.map((row) => row.email).sort()).toEqual([waiting, recent].sort());
  });
});
