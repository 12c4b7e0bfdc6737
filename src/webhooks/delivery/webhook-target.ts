import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Which URLs a webhook may target. A tenant chooses the URL and the gateway POSTs to it from inside
 * the operator's network, so a URL must never reach what only that network can (server-side request
 * forgery): the loopback, private networks, link-local addresses (cloud metadata at 169.254.169.254),
 * and every other range that is not public unicast. Checked twice: on the URL when it is registered
 * (an IP literal, `localhost`), and on every address its host resolves to when a delivery connects
 * (so a hostname cannot be pointed at an inside address later: the socket only ever connects to an
 * address that passed). WEBHOOK_ALLOW_PRIVATE_TARGETS lifts the rule (development, tests on
 * 127.0.0.1); WEBHOOK_ALLOW_HTTP allows http:// (otherwise https:// only).
 */
export interface TargetPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** Longest URL accepted. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * IPv4 and IPv6 ranges that are not public unicast (IANA special-purpose registries). Two lists:
 * a BlockList matches an IPv4 address against its IPv6 rules too (as ::ffff:a.b.c.d), which would
 * make every IPv4 address look IPv4-mapped.
 */
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127], // unspecified and loopback
  ['::ffff:0:0', 96], // IPv4-mapped: an IPv4 address in disguise
  ['64:ff9b::', 96], // NAT64, likewise
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which embeds any IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** True for a public unicast IPv4 or IPv6 address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

/** The URL's host as an address or name: no IPv6 brackets, no trailing dot, lower case. */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** What is wrong with a webhook URL under the policy, or null when it is acceptable. */
export function webhookUrlProblem(raw: string, policy: TargetPolicy): string | null {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute URL';
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    return policy.allowHttp ? 'url must be an http:// or https:// URL' : 'url must be an https:// URL';
  }
  if (url.username || url.password) return 'url must not contain credentials';
  if (url.hash) return 'url must not contain a fragment';
  const host = hostOf(url);
  if (!policy.allowPrivate) {
    const inside = isIP(host) ? !isPublicAddress(host) : host === 'localhost' || host.endsWith('.localhost');
    if (inside) return 'url must point to a public address (not loopback, private, link-local or reserved)';
  }
  return null;
}

/** The error of a connection refused by the policy: the host resolves to no public address. */
export class TargetRefusedError extends Error {
  readonly code = 'ETARGETREFUSED';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** How names are resolved: dns.lookup with `all: true` (tests give their own). */
export type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for net/tls.connect that resolves as usual and keeps only public addresses: the socket
 * can only connect to one of them, whatever the name resolves to at that moment. (An IP literal
 * host is not looked up: webhookUrlProblem checks it.)
 */
export function publicOnlyLookup(resolve: Resolve = dnsLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const allowed = addresses.filter((a) => isPublicAddress(a.address));
      if (allowed.length === 0) {
        const found = addresses.map((a) => a.address).join(', ');
        return callback(new TargetRefusedError(`${hostname} resolves to no public address (${found})`), []);
      }
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}
