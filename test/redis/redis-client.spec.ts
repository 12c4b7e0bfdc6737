import { hashTagOf } from '../../src/redis/redis-client';

describe('hashTagOf (what picks a key’s Redis Cluster slot)', () => {
  it('is the text of the first non-empty {…}, else the whole key', () => {
    expect(hashTagOf('gw:rl:{t:42}:k:7:s:infra.dns')).toBe('t:42');
    expect(hashTagOf('gw:rl:{t:42}:b:9:1700000000000:holds')).toBe('t:42'); // a budget's holds: with its state
    expect(hashTagOf('gw:rl:{throttler:default:abc}')).toBe('throttler:default:abc');
    expect(hashTagOf('{a}{b}')).toBe('a'); // only the first counts
    expect(hashTagOf('gw:{}:x{y}')).toBe('gw:{}:x{y}'); // an empty first tag: the whole key, as Redis does
    expect(hashTagOf('gw:{open')).toBe('gw:{open');
    expect(hashTagOf('gw:events:keys.invalidate')).toBe('gw:events:keys.invalidate');
  });
});
