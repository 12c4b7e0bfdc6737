import type { LookupAddress } from 'node:dns';
import { retryDelayMs, MAX_RETRY_DELAY_MS } from '../../src/webhooks/delivery/retry-schedule';
import { WebhookSender } from '../../src/webhooks/delivery/webhook-sender';
import { isPublicAddress, publicOnlyLookup, webhookUrlProblem, type Resolve } from '../../src/webhooks/delivery/webhook-target';

const STRICT = { allowHttp: false, allowPrivate: false };

/** A resolver that answers every name with these addresses. */
const resolvingTo =
  (...addresses: string[]): Resolve =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) satisfies LookupAddress),
    );

describe('webhook targets (SSRF rules)', () => {
  /** Every IPv6 form an IPv4 address hides in, and the special ranges: [address, public?, why]. */
  it.each([
    ['2606:4700:4700::1111', true, 'global unicast'],
    ['2a00:1450:4001::1', true, 'global unicast'],
    ['2600::1', true, 'global unicast'],
    ['::7f00:1', false, 'IPv4-compatible 127.0.0.1'],
    ['::127.0.0.1', false, 'IPv4-compatible 127.0.0.1, dotted'],
    ['::a00:1', false, 'IPv4-compatible 10.0.0.1'],
    ['::808:808', true, 'IPv4-compatible 8.8.8.8'],
    ['::ffff:0:7f00:1', false, 'IPv4-translated 127.0.0.1'],
    ['::ffff:0:127.0.0.1', false, 'IPv4-translated 127.0.0.1, dotted'],
    ['::ffff:0:a9fe:a9fe', false, 'IPv4-translated 169.254.169.254'],
    ['::ffff:0:808:808', true, 'IPv4-translated 8.8.8.8'],
    ['::ffff:7f00:1', false, 'IPv4-mapped 127.0.0.1'],
    ['::ffff:a9fe:a9fe', false, 'IPv4-mapped 169.254.169.254'],
    ['::FFFF:192.168.0.1', false, 'IPv4-mapped 192.168.0.1, upper case'],
    ['::ffff:8.8.8.8', true, 'IPv4-mapped 8.8.8.8'],
    ['64:ff9b::a00:1', false, 'NAT64 10.0.0.1'],
    ['64:ff9b::127.0.0.1', false, 'NAT64 127.0.0.1'],
    ['64:ff9b::808:808', true, 'NAT64 8.8.8.8'],
    ['64:ff9b:1::808:808', false, 'local-use NAT64'],
    ['2002:a9fe:a9fe::1', false, '6to4 of 169.254.169.254'],
    ['2002:c0a8:1::', false, '6to4 of 192.168.0.1'],
    ['2002:808:808::1', true, '6to4 of 8.8.8.8'],
    ['2001::1', false, 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false, 'Teredo'],
    ['2001:2::1', false, 'benchmarking (IETF protocol assignments)'],
    ['2001:db8::1', false, 'documentation'],
    ['3fff::1', false, 'documentation (RFC 9637)'],
    ['fec0::1', false, 'site-local'],
    ['feff::1', false, 'site-local'],
    ['fc00::1', false, 'unique local'],
    ['fe80::1', false, 'link-local'],
    ['fe80::1%eth0', false, 'link-local with a zone'],
    ['ff02::1', false, 'multicast'],
    ['100::1', false, 'discard'],
    ['4000::1', false, 'outside 2000::/3'],
    ['::', false, 'unspecified'],
    ['::1', false, 'loopback'],
  ])('%s public: %s (%s)', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it.each([
    '127.0.0.1',
    '127.255.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::7f00:1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '2001:db8::1',
    '2002:7f00:1::1',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001::1'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['http://hooks.example.com/x', 'url must be an https:// URL'],
    ['ftp://hooks.example.com/x', 'url must be an https:// URL'],
    ['hooks.example.com/x', 'url must be an absolute URL'],
    ['https://user:pass@hooks.example.com/x', 'url must not contain credentials'],
    ['https://hooks.example.com/x#frag', 'url must not contain a fragment'],
    ['https://127.0.0.1/x', 'url must point to a public address (not loopback, private, link-local or reserved)'],
    ['https://2130706433/x', 'url must point to a public address (not loopback, private, link-local or reserved)'],
    ['https://0x7f.1/x', 'url must point to a public address (not loopback, private, link-local or reserved)'],
    ['https://[::1]/x', 'url must point to a public address (not loopback, private, link-local or reserved)'],
    ['https://[::ffff:10.0.0.1]/x', 'url must point to a public address (not loopback, private, link-local or reserved)'],
    ['https://169.254.169.254/latest/meta-data', 'url must point to a public address (not loopback, private, link-local or reserved)'],
    ['https://localhost/x', 'url must point to a public address (not loopback, private, link-local or reserved)'],
    ['https://LOCALHOST./x', 'url must point to a public address (not loopback, private, link-local or reserved)'],
    ['https://api.localhost/x', 'url must point to a public address (not loopback, private, link-local or reserved)'],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, 'url must be at most 2048 characters'],
  ])('refuses %s: %s', (url, problem) => {
    expect(webhookUrlProblem(url, STRICT)).toBe(problem);
  });

  it('accepts a public https URL, and http or inside addresses only when the flags allow them', () => {
    expect(webhookUrlProblem('https://hooks.example.com:8443/in?x=1', STRICT)).toBeNull();
    expect(webhookUrlProblem('https://93.184.216.34/in', STRICT)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/in', { allowHttp: true, allowPrivate: false })).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:9/in', { allowHttp: true, allowPrivate: false })).toMatch(/public address/);
    expect(webhookUrlProblem('http://127.0.0.1:9/in', { allowHttp: true, allowPrivate: true })).toBeNull();
    expect(webhookUrlProblem('https://[::1]:9/in', { allowHttp: false, allowPrivate: true })).toBeNull();
  });

  it('connects only to public addresses a name resolves to (a name pointed at the inside is refused at delivery)', async () => {
    const lookup = (resolve: Resolve, all: boolean) =>
      new Promise<unknown>((done) =>
        publicOnlyLookup(resolve)('hooks.example.com', { all }, (err, address, family) => done(err ?? { address, family })),
      );
    expect(await lookup(resolvingTo('127.0.0.1', '10.0.0.1'), true)).toMatchObject({
      message: 'not a public address',
      resolved: 'hooks.example.com resolves to 127.0.0.1, 10.0.0.1',
      code: 'ETARGETREFUSED',
    });
    expect(await lookup(resolvingTo('10.0.0.1', '93.184.216.34', '::1'), true)).toEqual({
      address: [{ address: '93.184.216.34', family: 4 }],
    });
    expect(await lookup(resolvingTo('fe80::1', '2606:4700:4700::1111'), false)).toEqual({ address: '2606:4700:4700::1111', family: 6 });

    // Through the sender: the name resolves to the loopback, so no connection is made; the tenant
    // reads only "not a public address", neither the name's inside address nor anything about it.
    const sender = new WebhookSender({ allowHttp: true, allowPrivate: false }, 1000, resolvingTo('127.0.0.1'));
    try {
      expect(await sender.post('http://receiver.example:9/hook', {}, '{}')).toEqual({
        status: null,
        error: 'target refused: not a public address',
      });
      expect(await sender.post('http://127.0.0.1:9/hook', {}, '{}')).toEqual({
        status: null,
        error: 'target refused: url must point to a public address (not loopback, private, link-local or reserved)',
      });
    } finally {
      await sender.close();
    }
  });
});

describe('retry schedule', () => {
  it('doubles from the base with ±20 % jitter, up to an hour', () => {
    const low = () => 0;
    const high = () => 0.999999;
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000, low))).toEqual([24_000, 48_000, 96_000, 192_000]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000, high))).toEqual([36_000, 72_000, 144_000, 288_000]);
    // Each delay is longer than the one before, whatever the jitter (0.8 × 2d > 1.2 × d).
    for (let n = 1; n < 8; n++) expect(retryDelayMs(n + 1, 30_000, low)).toBeGreaterThan(retryDelayMs(n, 30_000, high));
    expect(retryDelayMs(20, 30_000, () => 0.5)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(1000, 30_000, high)).toBe(Math.round(MAX_RETRY_DELAY_MS * 1.2 - MAX_RETRY_DELAY_MS * 0.4 * 0.000001));
  });

  it('makes about 30 attempts in the default 24 h window', () => {
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + retryDelayMs(attempts, 30_000, () => 0.5) <= 86_400_000) elapsed += retryDelayMs(attempts++, 30_000, () => 0.5);
    expect(attempts).toBeGreaterThanOrEqual(28);
    expect(attempts).toBeLessThanOrEqual(32);
  });
});
