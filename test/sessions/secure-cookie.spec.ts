import { isLoopbackHost, sessionCookieMustBeSecure, type CookieRequest } from '../../src/sessions/secure-cookie';

/** The session cookie is Secure unless the request is plain HTTP to a loopback host. */
describe('sessionCookieMustBeSecure', () => {
  const request = (host: string, extra: Partial<CookieRequest> & { headers?: Record<string, string> } = {}): CookieRequest => ({
    protocol: extra.protocol ?? 'http',
    socket: extra.socket ?? {},
    headers: { host, ...extra.headers },
  });

  it.each([
    ['plain HTTP to localhost', request('localhost:3000'), undefined, false],
    ['plain HTTP to 127.0.0.1', request('127.0.0.1:3000'), undefined, false],
    ['plain HTTP to 127.1.2.3 (all of 127/8)', request('127.1.2.3'), undefined, false],
    ['plain HTTP to [::1]', request('[::1]:3000'), undefined, false],
    ['plain HTTP to app.localhost', request('app.localhost:5173'), undefined, false],
    ['X-Forwarded-Proto: http to localhost', request('localhost', { headers: { 'x-forwarded-proto': 'http' } }), undefined, false],
    ['plain HTTP to a public name', request('console.example.com'), undefined, true],
    ['plain HTTP to a LAN address', request('10.0.0.5:3000'), undefined, true],
    ['a name that only starts like loopback', request('127.0.0.1.example.com'), undefined, true],
    ['localhost.example.com', request('localhost.example.com'), undefined, true],
    ['no Host at all', request(''), undefined, true],
    ['behind a TLS proxy without TRUST_PROXY', request('127.0.0.1:3000', { headers: { 'x-forwarded-proto': 'https' } }), undefined, true],
    ['behind a proxy listing https first', request('localhost', { headers: { 'x-forwarded-proto': 'HTTPS, http' } }), undefined, true],
    ['behind a proxy for a public host', request('localhost', { headers: { 'x-forwarded-host': 'console.example.com' } }), undefined, true],
    ['Express sees https (TRUST_PROXY)', request('localhost', { protocol: 'https' }), undefined, true],
    ['a TLS socket', request('localhost', { socket: { encrypted: true } }), undefined, true],
    ['CONSOLE_ORIGIN is https', request('localhost:3000'), 'https://console.example.com', true],
    ['CONSOLE_ORIGIN is http on loopback', request('localhost:3000'), 'http://localhost:3000', false],
  ])('%s → Secure %s', (_name, req, consoleOrigin, secure) => {
    expect(sessionCookieMustBeSecure(req, consoleOrigin)).toBe(secure);
  });

  it('knows loopback hosts with and without ports', () => {
    expect(['localhost', 'LOCALHOST:80', 'localhost.', '127.0.0.1', '[::1]', 'a.localhost'].map(isLoopbackHost)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['::1', '[::2]', '128.0.0.1', 'example.com', ''].map(isLoopbackHost)).toEqual([false, false, false, false, false]);
  });
});
