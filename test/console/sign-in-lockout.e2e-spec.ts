import { randomUUID } from 'node:crypto';
import { CredentialsService } from '../../src/users/credentials.service';
import { ConsoleBrowser, type JsonAnswer } from '../support/console-client';
import { GatewayHarness } from '../support/gateway-harness';

/**
 * The sign-in lockout (per email, existing or not) and the per-IP limit on the routes that take a
 * password. SIGN_IN_RATE_LIMIT is raised here so that only the lockout answers, except in the test
 * of the per-IP limit itself.
 */
describe('console: sign-in lockout and limits', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ SIGN_IN_RATE_LIMIT: '1000' });
  });

  afterAll(async () => {
    await gw.close();
  });

  const signIn = (email: string, password: string) => new ConsoleBrowser(gw).signIn(email, password);
  /** What a client can tell from an answer: status, code, message, Retry-After; never a request id. */
  const seen = (res: JsonAnswer) => ({
    status: res.status,
    code: res.body.error?.code ?? null,
    message: res.body.error?.message ?? null,
    retryAfter: res.headers.get('retry-after'),
  });

  it('locks an email after 5 consecutive failures: 429 account_locked with Retry-After, even with the right password', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const failures = [];
    for (let i = 0; i < 5; i++) failures.push(seen(await signIn(owner.email, `wrong password ${i}`)));
    expect(failures.slice(0, 4)).toEqual(
      Array(4).fill({ status: 401, code: 'invalid_credentials', message: expect.any(String), retryAfter: null }),
    );
    // The fifth failure locks: its own answer says so.
    expect(failures[4]).toMatchObject({ status: 429, code: 'account_locked' });
    expect(Number(failures[4].retryAfter)).toBeGreaterThan(890);
    expect(Number(failures[4].retryAfter)).toBeLessThanOrEqual(900);

    const right = await signIn(owner.email, owner.password);
    expect(seen(right)).toMatchObject({ status: 429, code: 'account_locked' });
    expect(right.headers.getSetCookie()).toEqual([]);
    // Another spelling of the same email is the same counter.
    expect(seen(await signIn(` ${owner.email.toUpperCase()}`, owner.password)).code).toBe('account_locked');
    // The signed-in session of the owner is not affected.
    expect((await owner.console('GET', '/session')).status).toBe(200);

    // When the lock has run out, the right password works (and resets the counter).
    await gw.prisma.signInFailure.update({ where: { email: owner.email }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
    expect(await gw.prisma.signInFailure.findUnique({ where: { email: owner.email } })).toBeNull();
  });

  it('answers an unknown email exactly as a known one: the same failures, the same lock, no account needed', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const unknown = `nobody-${randomUUID()}@example.com`;
    const known: object[] = [];
    const stranger: object[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(seen(await signIn(owner.email, `wrong password ${i}`)));
      stranger.push(seen(await signIn(unknown, `wrong password ${i}`)));
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
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await signIn(owner.email, 'wrong password')).status).toBe(401);
      expect((await signIn(owner.email, owner.password)).status).toBe(200);
    }
    expect(await gw.prisma.signInFailure.findUnique({ where: { email: owner.email } })).toBeNull();
  });

  it('counts attempts that run at the same moment: 20 wrong guesses at once check at most 5 passwords', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(owner.email, `guess ${i}`)));
    const codes = answers.map((a) => a.body.error.code);
    expect(codes.filter((c) => c === 'invalid_credentials').length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === 'account_locked').length).toBeGreaterThanOrEqual(16);
    expect((await signIn(owner.email, owner.password)).body.error.code).toBe('account_locked');
  });

  it('forgets failures older than the lockout period', async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    for (let i = 0; i < 4; i++) await signIn(owner.email, 'wrong password');
    await gw.prisma.signInFailure.update({ where: { email: owner.email }, data: { updatedAt: new Date(Date.now() - 901_000) } });
    // A fifth failure now is the first of a new count, not a lock.
    expect(seen(await signIn(owner.email, 'wrong password')).code).toBe('invalid_credentials');
    expect((await gw.prisma.signInFailure.findUniqueOrThrow({ where: { email: owner.email } })).consecutiveFailures).toBe(1);
  });

  it("applies the lockout to a password change's current password too (a stolen session cannot guess it)", async () => {
    const owner = await ConsoleBrowser.signUp(gw);
    const change = (current: string) =>
      owner.console('PUT', '/password', { current_password: current, new_password: 'a brand new password' });
    for (let i = 0; i < 4; i++) expect((await change(`wrong ${i}`)).body.error.code).toBe('invalid_credentials');
    expect((await change('wrong 5')).body.error.code).toBe('account_locked');
    expect((await change(owner.password)).body.error.code).toBe('account_locked');
    // The session itself stays signed in (the lock is about passwords).
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

  it('prunes counters that no longer count (the hourly job), keeping locks in force and recent failures', async () => {
    const stale = `stale-${randomUUID()}@example.com`;
    const recent = `recent-${randomUUID()}@example.com`;
    const locked = `locked-${randomUUID()}@example.com`;
    const longAgo = new Date(Date.now() - 3_600_000);
    await gw.prisma.signInFailure.createMany({
      data: [
        { email: stale, consecutiveFailures: 3, updatedAt: longAgo },
        { email: recent, consecutiveFailures: 3, updatedAt: new Date() },
        { email: locked, consecutiveFailures: 5, updatedAt: longAgo, lockedUntil: new Date(Date.now() + 60_000) },
      ],
    });
    expect(await gw.app.get(CredentialsService).pruneStaleFailures()).toBeGreaterThanOrEqual(1);
    const left = await gw.prisma.signInFailure.findMany({ where: { email: { in: [stale, recent, locked] } } });
    expect(left.map((row) => row.email).sort()).toEqual([locked, recent].sort());
  });
});
