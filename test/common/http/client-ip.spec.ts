import type { Request } from 'express';
import { clientIp, rateLimitSubject } from '../../../src/common/http/client-ip';

describe('clientIp (what the audit row stores)', () => {
  const from = (ip: string) => clientIp({ ip, socket: {} } as unknown as Request);

  it('keeps addresses Postgres inet takes, drops an IPv6 zone id and anything that is not an IP', () => {
    expect(from('203.0.113.9')).toBe('203.0.113.9');
    expect(from('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(from('2001:db8::1')).toBe('2001:db8::1');
    // Node's isIP accepts a zone id; inet refuses it, which would dead-letter the call's record.
    expect(from('fe80::1%eth0')).toBe('fe80::1');
    expect(from('not-an-ip')).toBeNull();
    expect(from('999.1.1.1')).toBeNull();
  });
});

describe('rateLimitSubject (whom a per-IP limit counts)', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(rateLimitSubject('203.0.113.9')).toBe('203.0.113.9');
  });

  it('buckets IPv6 by /64, whatever the notation', () => {
    const bucket = '2001:db8:abcd:12::/64';
    for (const ip of [
      '2001:db8:abcd:12::1',
      '2001:0db8:abcd:0012:ffff:ffff:ffff:ffff',
      '2001:DB8:ABCD:12:1:2:3:4',
      '2001:db8:abcd:12::',
      '2001:db8:abcd:12:0:0:198.51.100.7',
    ]) {
      expect(rateLimitSubject(ip)).toBe(bucket);
    }
    expect(rateLimitSubject('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    expect(rateLimitSubject('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('treats IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(rateLimitSubject('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitSubject('::ffff:c000:201')).toBe('192.0.2.1');
    expect(rateLimitSubject('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  it('passes a non-address through', () => {
    expect(rateLimitSubject('unknown')).toBe('unknown');
  });
});
