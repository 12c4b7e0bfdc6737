import { parseStructuredList, readRateLimit, retryAfterSeconds } from '../src/rate-limit.js';

const NOW = Date.parse('2026-01-01T00:00:00.000Z');

describe('readRateLimit', () => {
  it('reads the public API headers: X-RateLimit-* and the IETF fields, one item per limit', () => {
    const state = readRateLimit(
      new Headers({
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '99',
        'x-ratelimit-reset': '2026-01-01T00:00:42.000Z',
        'ratelimit-policy': '"endpoint";q=100;w=60, "tenant";q=1000;w=60',
        ratelimit: '"endpoint";r=99;t=42, "tenant";r=870;t=42',
      }),
      NOW,
    );
    expect(state).toEqual({
      limit: 100,
      remaining: 99,
      reset: new Date('2026-01-01T00:00:42.000Z'),
      policies: [
        { name: 'endpoint', quota: 100, windowSeconds: 60 },
        { name: 'tenant', quota: 1000, windowSeconds: 60 },
      ],
      limits: [
        { name: 'endpoint', remaining: 99, resetSeconds: 42 },
        { name: 'tenant', remaining: 870, resetSeconds: 42 },
      ],
      retryAfterSeconds: null,
    });
  });

  it('reads the reseller API throttler headers (reset in seconds from now) and Retry-After', () => {
    const state = readRateLimit(
      new Headers({ 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '17', 'retry-after': '17' }),
      NOW,
    );
    expect(state).toMatchObject({
      limit: 600,
      remaining: 0,
      reset: new Date(NOW + 17_000),
      retryAfterSeconds: 17,
      policies: [],
      limits: [],
    });
  });

  it('answers nulls and empty lists without limit headers', () => {
    expect(readRateLimit(new Headers(), NOW)).toEqual({
      limit: null,
      remaining: null,
      reset: null,
      policies: [],
      limits: [],
      retryAfterSeconds: null,
    });
  });

  it('skips items it cannot read rather than failing', () => {
    expect(readRateLimit(new Headers({ ratelimit: 'garbage;;, "key";r=3;t=9, ="x"' }), NOW).limits).toEqual([
      { name: 'key', remaining: 3, resetSeconds: 9 },
    ]);
  });
});

describe('parseStructuredList', () => {
  it('reads strings with escapes and commas, tokens, and boolean parameters', () => {
    expect(parseStructuredList('"a\\"b,c";q=1;w=2, tok;flag, "x";s="v;1"')).toEqual([
      {
        name: 'a"b,c',
        params: new Map([
          ['q', 1],
          ['w', 2],
        ]),
      },
      { name: 'tok', params: new Map([['flag', true]]) },
      { name: 'x', params: new Map([['s', 'v;1']]) },
    ]);
  });
});

describe('retryAfterSeconds', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(retryAfterSeconds('5', NOW)).toBe(5);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', NOW)).toBe(30);
    expect(retryAfterSeconds('Wed, 31 Dec 2025 23:00:00 GMT', NOW)).toBe(0);
    expect(retryAfterSeconds('soon', NOW)).toBeNull();
    expect(retryAfterSeconds(null, NOW)).toBeNull();
  });
});
