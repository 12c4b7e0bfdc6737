import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The caller's IP as Express resolves it: the socket address, or X-Forwarded-For when the
 * TRUST_PROXY setting says the hop is a trusted proxy. Anything that is not an IP (a forged
 * header) becomes null, so the audit row's inet column can always take it.
 */
export function clientIp(req: Request): string | null {
  let ip = req.ip ?? req.socket.remoteAddress ?? '';
  if (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4) ip = ip.slice(7);
  return isIP(ip) ? ip : null;
}
