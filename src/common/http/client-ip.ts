import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The caller's IP as Express resolves it: the socket address, or X-Forwarded-For when the
 * TRUST_PROXY setting says the hop is a trusted proxy. Anything that is not an IP (a forged
 * header) becomes null, so the audit row's inet column can always take it. That includes an IPv6
 * zone id (`fe80::1%eth0`): Node calls it an IP, Postgres' inet refuses it, and the row would go
 * to the dead letters instead of the audit trail; the zone is dropped.
 */
export function clientIp(req: Request): string | null {
  let ip = req.ip ?? req.socket.remoteAddress ?? '';
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  if (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4) ip = ip.slice(7);
  return isIP(ip) ? ip : null;
}

/**
 * Whom a per-IP limit counts: an IPv4 address as is, an IPv6 address by its /64 (one subscriber
 * line or host usually owns a whole /64, so counting single addresses would let it rotate freely),
 * written `2001:db8:1:2::/64`. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is its IPv4
 * address. Anything else (no IP known) is returned unchanged.
 */
export function rateLimitSubject(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const hextets = expandIpv6(ip);
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    return [hextets[6] >> 8, hextets[6] & 0xff, hextets[7] >> 8, hextets[7] & 0xff].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted, zone dropped). */
function expandIpv6(ip: string): number[] {
  let address = ip.split('%')[0];
  const lastColon = address.lastIndexOf(':');
  const tail = address.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number);
    address = `${address.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}
