import {
  AuthenticationError,
  BrowserSession,
  ConsoleClient,
  GatewayError,
  InvalidRequestError,
  PermissionDeniedError,
  RateLimitedError,
  ResellerClient,
} from '../src/index.js';
import { AdminClient } from '../src/admin/index.js';
import { browserFetch, SessionServer } from './support/session-server.js';

/**
 * The clients' cookie mode against a real HTTP server that authenticates as the console does
 * (support/session-server.ts): what goes on the wire, what the session keeps, and what a failure
 * becomes.
 */
describe('cookie and CSRF mode', () => {
  let server: SessionServer;

  beforeAll(async () => {
    server = await SessionServer.start();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.seen.length = 0;
  });

  /** A page: one session shared by its clients, one browser's cookie jar. */
  const page = (options: { credentials?: 'same-origin' | 'include' } = {}) => {
    const session = new BrowserSession(options);
    const fetch = browserFetch();
    const settings = { session, baseUrl: server.url, fetch };
    return {
      session,
      fetch,
      console: new ConsoleClient(settings),
      reseller: new ResellerClient(settings),
      admin: new AdminClient(settings),
    };
  };
  const lastSeen = () => server.seen[server.seen.length - 1];

  it('signing in keeps the CSRF token, which every client of the session then sends on unsafe methods only', async () => {
    const { session, console, reseller } = page();
    expect(session.csrfToken).toBeNull();
    const signedIn = await console.signIn('ada@example.com', server.password);
    expect(signedIn.data.csrf_token).toBe(server.csrfToken);
    expect(session.csrfToken).toBe(server.csrfToken);

    await reseller.customers.list();
    expect(lastSeen().headers['x-csrf-token']).toBeUndefined();
    const created = await reseller.customers.create({ name: 'Ada' });
    expect(lastSeen().headers['x-csrf-token']).toBe(server.csrfToken);
    expect(created).toMatchObject({ data: { id: 'c1', name: 'Ada' }, requestId: `req-${server.seen.length}` });
    // The cookie authenticates: no bearer header goes with a session.
    expect(server.seen.every((request) => request.headers.authorization === undefined)).toBe(true);
  });

  it('asks fetch for same-origin credentials by default, or include when the session says so', async () => {
    const sameOrigin = page();
    await sameOrigin.console.signIn('ada@example.com', server.password);
    await sameOrigin.reseller.customers.list();
    expect(sameOrigin.fetch.credentials).toEqual(['same-origin', 'same-origin']);

    const crossOrigin = page({ credentials: 'include' });
    await crossOrigin.console.signIn('ada@example.com', server.password);
    expect(crossOrigin.fetch.credentials).toEqual(['include']);
  });

  it('without the token an unsafe request is refused, and that is a PermissionDeniedError, not a sign-out', async () => {
    const { session, console, reseller } = page();
    await console.signIn('ada@example.com', server.password);
    const signedOut = jest.fn();
    session.onSignedOut(signedOut);
    session.setCsrfToken(null);
    const error = await reseller.customers.create({ name: 'Ada' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ code: 'csrf_check_failed', status: 403 });
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('a 401 for the session through any client tells every listener once, forgets the token, and still throws', async () => {
    const { session, console, admin } = page();
    await console.signIn('ada@example.com', server.password);
    const first = jest.fn();
    const second = jest.fn();
    session.onSignedOut(first);
    const unsubscribe = session.onSignedOut(second);
    server.endAllSessions();

    const error = await admin.tenants.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ code: 'not_signed_in', status: 401 });
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
    expect(session.csrfToken).toBeNull();

    unsubscribe();
    await expect(console.currentSession()).rejects.toMatchObject({ code: 'not_signed_in' });
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([2, 1]);
  });

  it('a wrong password is a 401 too, but not the end of a session', async () => {
    const { session, console } = page();
    const signedOut = jest.fn();
    session.onSignedOut(signedOut);
    await expect(console.signIn('ada@example.com', 'wrong')).rejects.toMatchObject({ code: 'invalid_credentials', status: 401 });
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('errors carry the stable code, the details and their problems, the request id and Retry-After', async () => {
    const { console, reseller } = page();
    const locked = await console.signIn('locked@example.com', 'anything').catch((e: unknown) => e);
    expect(locked).toBeInstanceOf(RateLimitedError);
    expect(locked).toMatchObject({ code: 'account_locked', status: 429, retryAfterSeconds: 42, requestId: `req-${server.seen.length}` });
    expect((locked as RateLimitedError).retryAt).toBeInstanceOf(Date);

    await console.signIn('ada@example.com', server.password);
    const invalid = await reseller.customers.create({ name: '' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid).toBeInstanceOf(GatewayError);
    expect(invalid).toMatchObject({
      code: 'invalid_request',
      status: 400,
      details: { problems: ['name should not be empty'] },
      problems: ['name should not be empty'],
      retryAfterSeconds: null,
    });
  });

  it('signing out ends the session and forgets the token', async () => {
    const { session, console } = page();
    await console.signIn('ada@example.com', server.password);
    await expect(console.signOut()).resolves.toMatchObject({ data: undefined });
    expect(lastSeen()).toMatchObject({ method: 'DELETE', url: '/api/console/v1/session' });
    expect(lastSeen().headers['x-csrf-token']).toBe(server.csrfToken);
    expect(session.csrfToken).toBeNull();
    await expect(console.currentSession()).rejects.toMatchObject({ code: 'not_signed_in' });
  });

  it('reading the session keeps its token (a page reloaded with its cookie still there)', async () => {
    const first = page();
    await first.console.signIn('ada@example.com', server.password);
    // Same cookie jar, a fresh session object: what a reload has.
    const reloaded = new BrowserSession();
    const console = new ConsoleClient({ session: reloaded, baseUrl: server.url, fetch: first.fetch });
    await console.currentSession();
    expect(reloaded.csrfToken).toBe(server.csrfToken);
  });

  it('a bearer client sends its key and neither a CSRF token nor a credentials mode', async () => {
    const fetch = browserFetch();
    const reseller = new ResellerClient({ managementKey: 'gwm_abc', baseUrl: server.url, fetch });
    await reseller.customers.create({ name: 'Ada' }).catch(() => undefined);
    expect(lastSeen().headers.authorization).toBe('Bearer gwm_abc');
    expect(lastSeen().headers['x-csrf-token']).toBeUndefined();
    expect(fetch.credentials).toEqual([undefined]);
  });
});

describe('cookie mode settings', () => {
  it('needs no base URL: the page’s own origin (relative URLs)', () => {
    const reseller = new ResellerClient({ session: new BrowserSession() });
    expect(reseller.url('GET /statements/{month}', { params: { month: '2025-01' }, query: { format: 'csv' } })).toBe(
      '/api/reseller/v1/statements/2025-01?format=csv',
    );
  });

  it('takes a key or a session, not both, and a key still needs a base URL', () => {
    const session = new BrowserSession();
    expect(() => new ResellerClient({ managementKey: 'gwm_abc', baseUrl: 'http://gateway.test', session })).toThrow(/not both/);
    expect(() => new AdminClient({ adminToken: 'adm', baseUrl: '' })).toThrow(/baseUrl is required/);
    expect(() => new AdminClient({ adminToken: '', baseUrl: 'http://gateway.test' })).toThrow(/a key is required/);
  });
});
