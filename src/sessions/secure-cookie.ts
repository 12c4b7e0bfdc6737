import { isIPv4 } from 'node:net';

/** What the rule reads of a request (an Express request has all of it). */
export interface CookieRequest {
  headers: { host?: string; 'x-forwarded-proto'?: string | string[]; 'x-forwarded-host'?: string | string[] };
  /** Express's, which honours TRUST_PROXY. */
  protocol: string;
  /** A TLSSocket has `encrypted: true`. */
  socket: object;
}

/**
 * Whether the session cookie is `Secure`: always, except for plain HTTP to a loopback host (a
 * developer's http://localhost:3000), where a browser would otherwise never send it back. So it is
 * Secure when CONSOLE_ORIGIN is https://, when the connection is TLS, when Express sees HTTPS (a
 * trusted proxy's X-Forwarded-Proto), when any X-Forwarded-Proto says something other than http
 * (a TLS proxy in front, TRUST_PROXY set or not: the header can only make the cookie stricter), and
 * whenever the Host (or X-Forwarded-Host) is not a loopback name or address.
 */
export function sessionCookieMustBeSecure(req: CookieRequest, consoleOrigin: string | undefined): boolean {
  if (consoleOrigin?.startsWith('https:')) return true;
  if ((req.socket as { encrypted?: boolean }).encrypted === true || req.protocol === 'https') return true;
  const forwardedProto = firstValue(req.headers['x-forwarded-proto']);
  if (forwardedProto !== undefined && forwardedProto.toLowerCase() !== 'http') return true;
  const forwardedHost = firstValue(req.headers['x-forwarded-host']);
  if (forwardedHost !== undefined && !isLoopbackHost(forwardedHost)) return true;
  return !isLoopbackHost(req.headers.host ?? '');
}

/** The first of a header's comma-separated values, trimmed (undefined: no header). */
function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0].trim();
}

/** `localhost`, `*.localhost`, 127.0.0.0/8 or [::1], with or without a port. */
export function isLoopbackHost(hostHeader: string): boolean {
  const host = hostHeader.startsWith('[')
    ? hostHeader.slice(1, hostHeader.indexOf(']'))
    : hostHeader.replace(/:\d*$/, '').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return isIPv4(host) && host.startsWith('127.');
}
