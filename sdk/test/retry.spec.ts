import {
  BudgetExceededError,
  DEFAULT_RETRY,
  Gateway,
  GatewayConnectionError,
  InternalServerError,
  RateLimitedError,
  ResellerClient,
  ServiceUnavailableError,
  UpstreamError,
  type RetryEvent,
} from '../src/index.js';
import { retryDelayMs } from '../src/retry.js';
import { connectionRefused, connectionReset, fakeFetch, gatewayError, json, type Scripted } from './support/fake-fetch.js';

const OK = () =>
  json(200, {
    endpoint: 'text.generate',
    status: 'accepted',
    request_id: 'r',
    billed_usd: 0.001,
    received_at: '2026-01-01T00:00:00.000Z',
    usage: { billing_unit: 'tokens_1k', quantity: 1, units: 0.001 },
    result: {},
  });
/** Fast retries for the specs: 1 ms steps. */
const FAST = { baseDelayMs: 1, maxDelayMs: 4 };

function gateway(script: Scripted[], retry: ConstructorParameters<typeof Gateway>[0]['retry'], events: RetryEvent[] = []) {
  const fetch = fakeFetch(...script);
  const options = typeof retry === 'object' ? { ...retry, onRetry: (e: RetryEvent) => events.push(e) } : retry;
  return { fetch, gw: new Gateway({ apiKey: 'gw_test', baseUrl: 'http://gateway.test', fetch, retry: options }) };
}

const call = (gw: Gateway) => gw.call('text.generate', { input: 'hi' });

describe('retries', () => {
  it('are off by default: a 429 is thrown at once', async () => {
    const { gw, fetch } = gateway([gatewayError(429, 'rate_limited', { 'retry-after': '1' })], undefined);
    await expect(call(gw)).rejects.toBeInstanceOf(RateLimitedError);
    expect(fetch.requests).toHaveLength(1);
  });

  it.each([
    ['429 rate_limited', () => gatewayError(429, 'rate_limited', { 'retry-after': '0' })],
    ['429 too_many_streams', () => gatewayError(429, 'too_many_streams', { 'retry-after': '0' })],
    ['402 budget_exceeded held by calls in flight', () => gatewayError(402, 'budget_exceeded', { 'retry-after': '0' })],
    ['503 service_unavailable', () => gatewayError(503, 'service_unavailable')],
    ['503 endpoint_disabled', () => gatewayError(503, 'endpoint_disabled')],
    ['408 request_timeout', () => gatewayError(408, 'request_timeout')],
    ['a refused connection', () => connectionRefused()],
  ])('retry what was refused before forwarding: %s', async (_name, failure) => {
    const events: RetryEvent[] = [];
    const { gw, fetch } = gateway([failure(), OK()], FAST, events);
    await expect(call(gw)).resolves.toMatchObject({ requestId: 'r' });
    expect(fetch.requests).toHaveLength(2);
    expect(events).toHaveLength(1);
    expect(events[0].retry).toBe(1);
  });

  it.each([
    ['422 upstream_rejected', () => gatewayError(422, 'upstream_rejected'), UpstreamError],
    ['502 upstream_unavailable', () => gatewayError(502, 'upstream_unavailable'), UpstreamError],
    ['504 upstream_timeout', () => gatewayError(504, 'upstream_timeout'), UpstreamError],
    ['500 internal_error', () => gatewayError(500, 'internal_error'), InternalServerError],
    ['a reset after the request was sent', () => connectionReset(), GatewayConnectionError],
    ['a spent lifetime budget (no Retry-After)', () => gatewayError(402, 'budget_exceeded'), BudgetExceededError],
  ])('never retry what may have been forwarded or billed, or cannot change: %s', async (_name, failure, errorClass) => {
    const events: RetryEvent[] = [];
    const { gw, fetch } = gateway([failure(), OK()], FAST, events);
    await expect(call(gw)).rejects.toBeInstanceOf(errorClass);
    expect(fetch.requests).toHaveLength(1);
    expect(events).toHaveLength(0);
  });

  it('a connection reset is reported as possibly sent; a refused one as never sent', async () => {
    const reset = await call(gateway([connectionReset()], undefined).gw).catch((e: unknown) => e);
    expect(reset).toMatchObject({ code: 'connection_failed', status: 0, mayHaveBeenSent: true, requestId: null, rateLimit: null });
    const refused = await call(gateway([connectionRefused()], undefined).gw).catch((e: unknown) => e);
    expect(refused).toMatchObject({ mayHaveBeenSent: false });
    expect((refused as Error).message).toContain('ECONNREFUSED');
  });

  it('stop after maxRetries and throw the last failure', async () => {
    const { gw, fetch } = gateway(
      [1, 2, 3, 4].map(() => gatewayError(503, 'service_unavailable')),
      { ...FAST, maxRetries: 2 },
    );
    await expect(call(gw)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(fetch.requests).toHaveLength(3);
  });

  it('do not wait for a Retry-After longer than maxRetryAfterMs (a budget that resets next month): thrown at once, with retryAt', async () => {
    const { gw, fetch } = gateway([gatewayError(402, 'budget_exceeded', { 'retry-after': '86400' }), OK()], FAST);
    const error = (await call(gw).catch((e: unknown) => e)) as BudgetExceededError;
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error.retryAt!.getTime()).toBeGreaterThan(Date.now() + 86_000_000);
    expect(fetch.requests).toHaveLength(1);
  });

  it('a per-call setting overrides the client’s', async () => {
    const { gw, fetch } = gateway([gatewayError(429, 'rate_limited', { 'retry-after': '0' }), OK()], undefined);
    await expect(gw.call('text.generate', { input: 'hi' }, { retry: FAST })).resolves.toBeDefined();
    expect(fetch.requests).toHaveLength(2);
    const off = gateway([gatewayError(429, 'rate_limited', { 'retry-after': '0' }), OK()], FAST);
    await expect(off.gw.call('text.generate', { input: 'hi' }, { retry: false })).rejects.toBeInstanceOf(RateLimitedError);
  });

  describe('with the clock faked', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('wait at least Retry-After before the next attempt', async () => {
      const events: RetryEvent[] = [];
      const { gw, fetch } = gateway([gatewayError(429, 'rate_limited', { 'retry-after': '2' }), OK()], { baseDelayMs: 500 }, events);
      const result = call(gw);
      await jest.advanceTimersByTimeAsync(1999);
      expect(fetch.requests).toHaveLength(1);
      expect(events[0].delayMs).toBeGreaterThanOrEqual(2000);
      expect(events[0].delayMs).toBeLessThan(2500);
      await jest.advanceTimersByTimeAsync(500);
      expect(fetch.requests).toHaveLength(2);
      await expect(result).resolves.toMatchObject({ requestId: 'r' });
    });

    it('an abort during the wait rejects with the abort reason, and nothing more is sent', async () => {
      const controller = new AbortController();
      const { gw, fetch } = gateway([gatewayError(429, 'rate_limited', { 'retry-after': '5' }), OK()], true);
      const result = gw.call('text.generate', { input: 'hi' }, { signal: controller.signal }).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(1000);
      controller.abort();
      expect(await result).toMatchObject({ name: 'AbortError' });
      await jest.advanceTimersByTimeAsync(10_000);
      expect(fetch.requests).toHaveLength(1);
    });
  });

  describe('on the reseller API', () => {
    const client = (script: Scripted[]) => {
      const fetch = fakeFetch(...script);
      return { fetch, client: new ResellerClient({ managementKey: 'gwm_test', baseUrl: 'http://gateway.test', fetch, retry: FAST }) };
    };
    const customer = () => json(200, { id: 'c1' });

    it('repeat reads, replacements and deletions after any 5xx or connection failure', async () => {
      const { client: get, fetch: getFetch } = client([gatewayError(502, 'upstream_unavailable'), connectionReset(), customer()]);
      await expect(get.customers.get('c1')).resolves.toMatchObject({ data: { id: 'c1' } });
      expect(getFetch.requests).toHaveLength(3);
      const { client: put, fetch: putFetch } = client([gatewayError(500, 'internal_error'), json(200, { period: 'daily' })]);
      await expect(put.customers.setBudget('c1', { period: 'daily', cap_usd: '1' })).resolves.toBeDefined();
      expect(putFetch.requests).toHaveLength(2);
    });

    it('repeat creations only after what is safe for every call', async () => {
      const { client: post, fetch } = client([connectionReset(), customer()]);
      await expect(post.customers.create({ name: 'Ada' })).rejects.toBeInstanceOf(GatewayConnectionError);
      expect(fetch.requests).toHaveLength(1);
      const { client: limited, fetch: limitedFetch } = client([gatewayError(429, 'rate_limited', { 'retry-after': '0' }), customer()]);
      await expect(limited.customers.create({ name: 'Ada' })).resolves.toBeDefined();
      expect(limitedFetch.requests).toHaveLength(2);
    });
  });
});

describe('retryDelayMs', () => {
  const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };

  it('without Retry-After: a random wait up to the doubling step, capped (full jitter)', () => {
    expect(retryDelayMs(1, null, options, () => 0.999)).toBe(99);
    expect(retryDelayMs(3, null, options, () => 0.999)).toBe(399);
    expect(retryDelayMs(10, null, options, () => 0.999)).toBe(999);
    expect(retryDelayMs(3, null, options, () => 0)).toBe(0);
  });

  it('with Retry-After: never earlier, at most one base step later; null beyond maxRetryAfterMs', () => {
    expect(retryDelayMs(1, 2, options, () => 0)).toBe(2000);
    expect(retryDelayMs(1, 2, options, () => 0.999)).toBe(2099);
    expect(retryDelayMs(1, 5, options, () => 0)).toBe(5000);
    expect(retryDelayMs(1, 6, options, () => 0)).toBeNull();
  });
});
