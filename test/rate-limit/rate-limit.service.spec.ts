import type { Response } from 'express';
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import { GatewayError } from '../../src/common/errors/error-catalog';
import type { AppConfig } from '../../src/config/app-config';
import type { Caller } from '../../src/keys/caller';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-rate-limit.store';
import { CheckedDecision, rateLimitedError, RateLimitService, setRateLimitHeaders } from '../../src/rate-limit/rate-limit.service';
import type { RateLimitStore } from '../../src/rate-limit/rate-limit.types';

/**
 * RateLimitService's decision over the in-memory store with a clock the tests move: which limits
 * a call is checked against, that a refusal charges none of them, which bucket the headers show
 * and when to retry; the per-IP invalid-request budget; failing closed when the store is down;
 * and the headers and 429 built from a decision.
 */

const WINDOW_SECONDS = 60;
const WINDOW_MS = WINDOW_SECONDS * 1000;
const INVALID_LIMIT = 3;
const START = Date.UTC(2025, 0, 1);

const config = { RATE_LIMIT_WINDOW_SECONDS: WINDOW_SECONDS, INVALID_REQUEST_RATE_LIMIT: INVALID_LIMIT } as Partial<AppConfig> as AppConfig;

function caller(fields: Partial<Caller> = {}): Caller {
  return {
    keyId: 'key-1',
    tenantId: 'tenant-1',
    customerId: null,
    allowedCategories: null,
    limits: null,
    allowedEndpoints: null,
    keyPrefix: 'gw_000000000001',
    keyRateLimit: null,
    tenantRateLimit: null,
    budgets: null,
    resaleDiscountBps: 0n,
    customerPrices: null,
    ...fields,
  };
}

function endpoint(slug: string, limits: { defaultRateLimit?: number; endpointRateLimit?: number | null } = {}): CatalogEntry {
  return { slug, defaultRateLimit: 100, endpointRateLimit: null, ...limits } as Pick<
    CatalogEntry,
    'slug' | 'defaultRateLimit' | 'endpointRateLimit'
  > as CatalogEntry;
}

/** What checkCall answered, in a shape easy to compare: the names with each bucket's remaining count. */
function remainingByName(decision: CheckedDecision): Record<string, number> {
  return Object.fromEntries(decision.names.map((name, i) => [name, decision.states[i].remaining]));
}

describe('RateLimitService', () => {
  let now: number;
  let store: MemoryRateLimitStore;
  let limits: RateLimitService;

  beforeEach(() => {
    now = START;
    store = new MemoryRateLimitStore(() => now);
    limits = new RateLimitService(store, config);
  });
  afterEach(() => store.close());

  describe('the effective per-key-per-slug limit', () => {
    it.each([
      ['the key override over everything', { keyRateLimit: 5 }, { defaultRateLimit: 100, endpointRateLimit: 50 }, 5],
      ['the operator endpoint limit over the catalog default', {}, { defaultRateLimit: 100, endpointRateLimit: 50 }, 50],
      ['the catalog default when nothing overrides it', {}, { defaultRateLimit: 100, endpointRateLimit: null }, 100],
      ['a key override that is lower or higher alike', { keyRateLimit: 1000 }, { defaultRateLimit: 100, endpointRateLimit: 50 }, 1000],
    ])('takes %s', (_case, callerFields, endpointLimits, expected) => {
      expect(RateLimitService.endpointLimit(caller(callerFields), endpoint('infra.dns', endpointLimits))).toBe(expected);
    });

    it('is the limit checkCall enforces on the endpoint bucket', async () => {
      const dns = endpoint('infra.dns', { defaultRateLimit: 100, endpointRateLimit: 2 });
      const first = await limits.checkCall(caller(), dns);
      expect(first.states[0]).toMatchObject({ limit: 2, remaining: 1 });
      expect((await limits.checkCall(caller(), dns)).allowed).toBe(true);
      expect((await limits.checkCall(caller(), dns)).allowed).toBe(false);
    });
  });

  describe('checkCall', () => {
    it('checks the key×slug bucket and the tenant bucket together, named endpoint and tenant', async () => {
      const decision = await limits.checkCall(caller({ tenantRateLimit: 10 }), endpoint('infra.dns', { defaultRateLimit: 5 }));

      expect(decision.allowed).toBe(true);
      expect(decision.names).toEqual(['endpoint', 'tenant']);
      expect(decision.windowSeconds).toBe(WINDOW_SECONDS);
      expect(decision.states).toEqual([
        { limit: 5, remaining: 4, resetAtMs: START + WINDOW_MS },
        { limit: 10, remaining: 9, resetAtMs: START + WINDOW_MS },
      ]);
    });

    it('checks the endpoint bucket alone when the tenant has no tenant-wide limit', async () => {
      const decision = await limits.checkCall(caller({ tenantRateLimit: null }), endpoint('infra.dns', { defaultRateLimit: 5 }));

      expect(decision.names).toEqual(['endpoint']);
      expect(decision.states).toHaveLength(1);
    });

    it('counts the endpoint bucket per key and slug, and the tenant bucket across all of them', async () => {
      const tenantWide = { tenantRateLimit: 10 };
      await limits.checkCall(caller({ keyId: 'key-1', ...tenantWide }), endpoint('infra.dns', { defaultRateLimit: 5 }));
      const otherSlug = await limits.checkCall(caller({ keyId: 'key-1', ...tenantWide }), endpoint('infra.email', { defaultRateLimit: 5 }));
      const otherKey = await limits.checkCall(caller({ keyId: 'key-2', ...tenantWide }), endpoint('infra.dns', { defaultRateLimit: 5 }));
      const otherTenant = await limits.checkCall(
        caller({ keyId: 'key-1', tenantId: 'tenant-2', ...tenantWide }),
        endpoint('infra.dns', { defaultRateLimit: 5 }),
      );

      expect(remainingByName(otherSlug)).toEqual({ endpoint: 4, tenant: 8 });
      expect(remainingByName(otherKey)).toEqual({ endpoint: 4, tenant: 7 });
      expect(remainingByName(otherTenant)).toEqual({ endpoint: 4, tenant: 9 });
    });

    it("builds a caller's limits on an endpoint once, frozen; a caller or catalog entry replaced (changed limits) gets its own", async () => {
      const key = caller({ tenantRateLimit: 10 });
      const dns = endpoint('infra.dns', { defaultRateLimit: 5 });
      const built = limits.callLimits(key, dns);
      expect(limits.callLimits(key, dns)).toBe(built);
      expect(Object.isFrozen(built) && built.every((l) => Object.isFrozen(l) && Object.isFrozen(l.bucket))).toBe(true);
      // The decision carries the pair's RateLimit-Policy, as the headers would build it from its states.
      const decision = await limits.checkCall(key, dns);
      expect(decision.policy).toBe('"endpoint";q=5;w=60, "tenant";q=10;w=60');
      const headers: Record<string, string> = {};
      setRateLimitHeaders({ setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response, {
        ...decision,
        policy: undefined,
      });
      expect(headers['RateLimit-Policy']).toBe(decision.policy);

      // A key whose tenant lowered its limit, an endpoint whose operator raised its own: new objects, new limits.
      const lowered = await limits.checkCall({ ...key, tenantRateLimit: 1 }, dns);
      const raised = await limits.checkCall(key, endpoint('infra.dns', { defaultRateLimit: 5, endpointRateLimit: 50 }));
      expect(lowered.states.map((s) => s.limit)).toEqual([5, 1]);
      expect(lowered.allowed).toBe(false);
      expect(raised.states).toEqual([
        { limit: 50, remaining: 48, resetAtMs: START + WINDOW_MS },
        { limit: 10, remaining: 8, resetAtMs: START + WINDOW_MS },
      ]);
    });

    it('refuses a call when the tenant bucket is full and charges the endpoint bucket nothing', async () => {
      const dns = endpoint('infra.dns', { defaultRateLimit: 5 });
      const first = await limits.checkCall(caller({ tenantRateLimit: 1 }), dns);
      expect(remainingByName(first)).toEqual({ endpoint: 4, tenant: 0 });

      const refused = await limits.checkCall(caller({ tenantRateLimit: 1 }), dns);
      expect(refused.allowed).toBe(false);
      expect(remainingByName(refused)).toEqual({ endpoint: 4, tenant: 0 });
      // Read the endpoint bucket again through a call that only it limits: one charge since, not two.
      const afterwards = await limits.checkCall(caller({ tenantRateLimit: null }), dns);
      expect(remainingByName(afterwards)).toEqual({ endpoint: 3 });
    });

    it('refuses a call when the endpoint bucket is full and charges the tenant bucket nothing', async () => {
      const tenantWide = caller({ tenantRateLimit: 5 });
      const first = await limits.checkCall(tenantWide, endpoint('infra.dns', { defaultRateLimit: 1 }));
      expect(remainingByName(first)).toEqual({ endpoint: 0, tenant: 4 });

      const refused = await limits.checkCall(tenantWide, endpoint('infra.dns', { defaultRateLimit: 1 }));
      expect(refused.allowed).toBe(false);
      expect(remainingByName(refused)).toEqual({ endpoint: 0, tenant: 4 });
      // Another slug has its own endpoint bucket and shares the tenant's: one charge since, not two.
      const afterwards = await limits.checkCall(tenantWide, endpoint('infra.email', { defaultRateLimit: 1 }));
      expect(remainingByName(afterwards)).toEqual({ endpoint: 0, tenant: 3 });
    });

    it('shows the rejecting bucket when a call is refused', async () => {
      const tenantFull = caller({ tenantRateLimit: 1 });
      await limits.checkCall(tenantFull, endpoint('infra.dns', { defaultRateLimit: 5 }));
      expect((await limits.checkCall(tenantFull, endpoint('infra.dns', { defaultRateLimit: 5 }))).shown).toBe(1);

      const endpointFull = caller({ keyId: 'key-2', tenantId: 'tenant-2', tenantRateLimit: 5 });
      await limits.checkCall(endpointFull, endpoint('infra.dns', { defaultRateLimit: 1 }));
      expect((await limits.checkCall(endpointFull, endpoint('infra.dns', { defaultRateLimit: 1 }))).shown).toBe(0);
    });

    it('shows the bucket with the least room when a call is allowed', async () => {
      const tenantTighter = await limits.checkCall(caller({ tenantRateLimit: 3 }), endpoint('infra.dns', { defaultRateLimit: 10 }));
      expect(tenantTighter.shown).toBe(1);

      const endpointTighter = await limits.checkCall(
        caller({ tenantId: 'tenant-2', tenantRateLimit: 10 }),
        endpoint('infra.dns', { defaultRateLimit: 3 }),
      );
      expect(endpointTighter.shown).toBe(0);
    });

    it('gives retryAfterMs 0 when allowed and, when refused, the time until the rejecting bucket resets', async () => {
      const tenantWide = caller({ tenantRateLimit: 10 });
      // The tenant window starts now, the infra.email window 10 s later: the two reset at different times.
      expect((await limits.checkCall(tenantWide, endpoint('infra.dns'))).retryAfterMs).toBe(0);
      now = START + 10_000;
      await limits.checkCall(tenantWide, endpoint('infra.email', { defaultRateLimit: 1 }));

      now = START + 25_000;
      const refused = await limits.checkCall(tenantWide, endpoint('infra.email', { defaultRateLimit: 1 }));
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBe(START + 10_000 + WINDOW_MS - now);
    });

    it('lets calls through again once windowMs has passed since the window began', async () => {
      const dns = endpoint('infra.dns', { defaultRateLimit: 1 });
      await limits.checkCall(caller(), dns);

      now = START + WINDOW_MS - 1;
      expect((await limits.checkCall(caller(), dns)).allowed).toBe(false);
      now = START + WINDOW_MS;
      const renewed = await limits.checkCall(caller(), dns);
      expect(renewed.allowed).toBe(true);
      expect(renewed.states[0]).toEqual({ limit: 1, remaining: 0, resetAtMs: START + 2 * WINDOW_MS });
    });

    it('fails closed: a store that throws makes checkCall throw service_unavailable', async () => {
      const broken: RateLimitStore = {
        consume: () => Promise.reject(new Error('connection reset')),
        peek: () => Promise.reject(new Error('connection reset')),
        settleBudgets: () => Promise.reject(new Error('connection reset')),
        budgetState: () => Promise.reject(new Error('connection reset')),
      };
      const unavailable = new RateLimitService(broken, config);

      const error = await unavailable.checkCall(caller({ tenantRateLimit: 10 }), endpoint('infra.dns')).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({ code: 'service_unavailable', status: 503 });
      await expect(unavailable.checkInvalidRequest('192.0.2.1')).rejects.toMatchObject({ code: 'service_unavailable' });
      await expect(unavailable.peekInvalidRequest('192.0.2.1')).rejects.toMatchObject({ code: 'service_unavailable' });
    });
  });

  describe('the invalid-request budget', () => {
    async function spend(clientIp: string, times: number): Promise<CheckedDecision[]> {
      const decisions = [];
      for (let i = 0; i < times; i++) decisions.push(await limits.checkInvalidRequest(clientIp));
      return decisions;
    }

    it('counts per client IP, named invalid, with INVALID_REQUEST_RATE_LIMIT per window', async () => {
      const decisions = await spend('192.0.2.1', INVALID_LIMIT + 1);

      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
      expect(decisions[0].names).toEqual(['invalid']);
      expect(decisions[0].states).toEqual([{ limit: INVALID_LIMIT, remaining: INVALID_LIMIT - 1, resetAtMs: START + WINDOW_MS }]);
      expect((await limits.checkInvalidRequest('192.0.2.2')).allowed).toBe(true);
    });

    it('counts IPv6 clients per /64: two addresses in one /64 share a bucket, the next /64 does not', async () => {
      await spend('2001:db8:1:2::1', INVALID_LIMIT);

      expect((await limits.checkInvalidRequest('2001:db8:1:2:ffff:ffff:ffff:fffe')).allowed).toBe(false);
      expect((await limits.checkInvalidRequest('2001:db8:1:3::1')).allowed).toBe(true);
    });

    it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
      await spend('192.0.2.7', INVALID_LIMIT);

      expect((await limits.checkInvalidRequest('::ffff:192.0.2.7')).allowed).toBe(false);
    });

    it('peekInvalidRequest reports the budget without charging it', async () => {
      for (let i = 0; i < 5; i++) {
        const peeked = await limits.peekInvalidRequest('192.0.2.1');
        expect(peeked.allowed).toBe(true);
        expect(peeked.states[0].remaining).toBe(INVALID_LIMIT);
      }
      await spend('192.0.2.1', INVALID_LIMIT - 1);
      expect((await limits.peekInvalidRequest('192.0.2.1')).states[0].remaining).toBe(1);
      expect((await limits.checkInvalidRequest('192.0.2.1')).allowed).toBe(true);

      const spent = await limits.peekInvalidRequest('192.0.2.1');
      expect(spent.allowed).toBe(false);
      expect(spent.names).toEqual(['invalid']);
      expect(spent.states[0]).toEqual({ limit: INVALID_LIMIT, remaining: 0, resetAtMs: START + WINDOW_MS });
    });
  });
});

describe('setRateLimitHeaders', () => {
  /** The part of an Express response the function writes to. */
  function fakeResponse(): { res: Response; headers: Record<string, string> } {
    const headers: Record<string, string> = {};
    const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
    return { res, headers };
  }

  const decision: CheckedDecision = {
    budget: { kind: 'ok' },
    names: ['endpoint', 'tenant'],
    windowSeconds: 60,
    states: [
      { limit: 10, remaining: 9, resetAtMs: START + 60_000 },
      { limit: 3, remaining: 2, resetAtMs: START + 30_000 },
    ],
    shown: 1,
    allowed: true,
    retryAfterMs: 0,
  };

  it('writes X-RateLimit-Limit, -Remaining and -Reset (ISO 8601 UTC) of the shown bucket', () => {
    const { res, headers } = fakeResponse();
    setRateLimitHeaders(res, decision, START);

    expect(headers['X-RateLimit-Limit']).toBe('3');
    expect(headers['X-RateLimit-Remaining']).toBe('2');
    expect(headers['X-RateLimit-Reset']).toBe('2025-01-01T00:00:30.000Z');
  });

  it('writes RateLimit-Policy and RateLimit with one item per limit, seconds to reset rounded up', () => {
    const { res, headers } = fakeResponse();
    setRateLimitHeaders(res, decision, START + 500);

    expect(headers['RateLimit-Policy']).toBe('"endpoint";q=10;w=60, "tenant";q=3;w=60');
    expect(headers['RateLimit']).toBe('"endpoint";r=9;t=60, "tenant";r=2;t=30');
  });

  it('shows the bucket that refused a real call, and the time until it resets', async () => {
    let now = START;
    const store = new MemoryRateLimitStore(() => now);
    try {
      const limits = new RateLimitService(store, config);
      const tenantFull = caller({ tenantRateLimit: 1 });
      await limits.checkCall(tenantFull, endpoint('infra.dns', { defaultRateLimit: 5 }));
      now = START + 20_000;
      const refused = await limits.checkCall(tenantFull, endpoint('infra.dns', { defaultRateLimit: 5 }));

      const { res, headers } = fakeResponse();
      setRateLimitHeaders(res, refused, now);
      expect([headers['X-RateLimit-Limit'], headers['X-RateLimit-Remaining'], headers['X-RateLimit-Reset']]).toEqual([
        '1',
        '0',
        '2025-01-01T00:01:00.000Z',
      ]);
      expect(headers['RateLimit']).toBe('"endpoint";r=4;t=40, "tenant";r=0;t=40');
    } finally {
      store.close();
    }
  });

  it('never reports a negative time to reset', () => {
    const { res, headers } = fakeResponse();
    setRateLimitHeaders(res, { ...decision, names: ['invalid'], states: [decision.states[1]], shown: 0 }, START + 31_000);

    expect(headers['RateLimit']).toBe('"invalid";r=2;t=0');
  });
});

describe('rateLimitedError', () => {
  const refused = (retryAfterMs: number): CheckedDecision => ({
    budget: { kind: 'ok' },
    names: ['endpoint'],
    windowSeconds: 60,
    states: [{ limit: 1, remaining: 0, resetAtMs: START + retryAfterMs }],
    shown: 0,
    allowed: false,
    retryAfterMs,
  });

  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(START));
  afterEach(() => jest.restoreAllMocks());

  it('is a 429 rate_limited with Retry-After in whole seconds, rounded up', () => {
    const error = rateLimitedError(refused(44_500));

    expect(error).toBeInstanceOf(GatewayError);
    expect([error.code, error.status]).toEqual(['rate_limited', 429]);
    expect(error.headers).toEqual({ 'Retry-After': '45' });
  });

  it.each([0, 1, 999])('never says Retry-After less than 1 (retryAfterMs %d)', (retryAfterMs) => {
    expect(rateLimitedError(refused(retryAfterMs)).headers).toEqual({ 'Retry-After': '1' });
  });
});
