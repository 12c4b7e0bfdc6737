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

/** IPv4 ranges that are not public unicast (IANA special-purpose registry). */
const NOT_PUBLIC_V4 = new BlockList();
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

/**
 * The special ranges inside 2000::/3 (global unicast), refused. (A BlockList matches an IPv4
 * address against IPv6 rules too, as ::ffff:a.b.c.d: this list only ever sees IPv6 addresses.)
 */
const NOT_PUBLIC_IN_GLOBAL_V6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32, which embeds any IPv4 address), benchmarking, ORCHID, ...
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  NOT_PUBLIC_IN_GLOBAL_V6.addSubnet(network, prefix, 'ipv6');
}

/** True for a public unicast IPv4 or IPv6 address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC_V4.check(address, 'ipv4');
  return family === 6 && isPublicIPv6(address);
}

/**
 * An IPv6 address is public when it is global unicast (2000::/3) outside the special ranges above,
 * or when it carries an IPv4 address the gateway would reach instead and that address is public:
 * IPv4-compatible (::/96, which holds :: and ::1 too), IPv4-mapped (::ffff:0:0/96), IPv4-translated
 * (::ffff:0:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16). Everything else outside 2000::/3
 * (unique local fc00::/7, link-local fe80::/10, site-local fec0::/10, multicast ff00::/8, discard
 * 100::/64, local NAT64 64:ff9b:1::/48, ...) is not; nor is an address with a zone (`%eth0`).
 */
function isPublicIPv6(address: string): boolean {
  if (address.includes('%')) return false;
  const g = ipv6Groups(address);
  const zero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const embedded = (high: number, low: number) => isPublicAddress(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
  if (zero(0, 6)) return embedded(g[6], g[7]); // IPv4-compatible
  if (zero(0, 5) && g[5] === 0xffff) return embedded(g[6], g[7]); // IPv4-mapped
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return embedded(g[6], g[7]); // IPv4-translated
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return embedded(g[6], g[7]); // NAT64
  if (g[0] === 0x2002) return embedded(g[1], g[2]); // 6to4
  if ((g[0] & 0xe000) !== 0x2000) return false; // not global unicast
  return !NOT_PUBLIC_IN_GLOBAL_V6.check(address, 'ipv6');
}

/** The eight 16-bit groups of a valid IPv6 address (isIP said so), a dotted IPv4 tail included. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const [a, b, c, d] = text
      .slice(lastColon + 1)
      .split('.')
      .map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const gap = text.indexOf('::');
  if (gap === -1) return parse(text);
  const head = parse(text.slice(0, gap));
  const tail = parse(text.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
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

/**
 * The error of a connection refused by the policy: the host resolves to no public address. Its
 * message is what the tenant sees in the delivery log: only "not a public address", never the
 * name's inside addresses (which would map the operator's network). `resolved` keeps them for
 * the operator's debugging.
 */
export class TargetRefusedError extends Error {
  readonly code = 'ETARGETREFUSED';

  constructor(readonly resolved: string) {
    super('not a public address');
  }
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
        return callback(new TargetRefusedError(`${hostname} resolves to ${found}`), []);
      }
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}
