import {
  AuthenticationError,
  BudgetExceededError,
  ERROR_CLASS_OF_CODE,
  ERROR_CODES,
  GatewayError,
  InvalidRequestError,
  RateLimitedError,
  StreamTimeoutError,
  UnexpectedResponseError,
  UpstreamError,
} from '../src/index.js';
import { errorFromAnswer, errorFromStreamEvent } from '../src/errors.js';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const body = (error: object) => JSON.stringify({ error });

describe('errorFromAnswer', () => {
  it('gives the class of the code, with code, status, requestId, details and the rate-limit state', () => {
    const error = errorFromAnswer(
      400,
      new Headers({ 'x-service-request-id': 'from-header', 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '9' }),
      body({ code: 'invalid_request', message: 'text.generate needs "input".', request_id: 'req-9', details: { limit: 'depth' } }),
      NOW,
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'InvalidRequestError',
      code: 'invalid_request',
      status: 400,
      message: 'text.generate needs "input".',
      requestId: 'req-9',
      details: { limit: 'depth' },
      rateLimit: { limit: 10, remaining: 9 },
    });
  });

  it("docs: the body's link to the code's section of the error reference, made absolute under the gateway's base URL", () => {
    const docs = '/docs/guide/api/errors#rate_limited';
    const answer = body({ code: 'rate_limited', message: 'm', request_id: 'r', docs });
    expect(errorFromAnswer(429, new Headers(), answer, NOW, 'https://gw.example.com/prefix/').docs).toBe(
      'https://gw.example.com/prefix/docs/guide/api/errors#rate_limited',
    );
    // Without a base URL, or with an absolute link, the link as sent; without one, null.
    expect(errorFromAnswer(429, new Headers(), answer, NOW).docs).toBe(docs);
    const absolute = 'https://docs.example.com/api/errors#rate_limited';
    expect(errorFromAnswer(429, new Headers(), body({ code: 'rate_limited', message: 'm', docs: absolute }), NOW, 'https://gw').docs).toBe(
      absolute,
    );
    expect(errorFromAnswer(429, new Headers(), body({ code: 'rate_limited', message: 'm' }), NOW, 'https://gw').docs).toBeNull();
    expect(errorFromStreamEvent({ code: 'stream_timeout' }, 'r', null, undefined).docs).toBeNull();
  });

  it('RateLimitedError says when to retry: Retry-After from when the answer arrived', () => {
    const error = errorFromAnswer(
      429,
      new Headers({ 'retry-after': '42' }),
      body({ code: 'rate_limited', message: 'm', request_id: 'r' }),
      NOW,
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAt).toEqual(new Date(NOW + 42_000));
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('BudgetExceededError says when to retry and whose budget, with exact amounts', () => {
    const error = errorFromAnswer(
      402,
      new Headers({ 'retry-after': '3600' }),
      body({
        code: 'budget_exceeded',
        message: 'm',
        request_id: 'r',
        details: {
          limit_source: 'customer',
          period: 'daily',
          cap_usd: '0.5',
          spent_usd: '0.500000000001',
          held_usd: '0',
          resets_at: '2026-03-11T00:00:00.000Z',
        },
      }),
      NOW,
    ) as BudgetExceededError;
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error).toMatchObject({
      retryAt: new Date(NOW + 3_600_000),
      limitSource: 'customer',
      period: 'daily',
      capPicoUsd: 500_000_000_000n,
      spentPicoUsd: 500_000_000_001n,
      heldPicoUsd: 0n,
      resetsAt: new Date('2026-03-11T00:00:00.000Z'),
    });
  });

  it('a spent lifetime budget has no retry time', () => {
    const error = errorFromAnswer(
      402,
      new Headers(),
      body({ code: 'budget_exceeded', message: 'm', request_id: 'r', details: { period: 'none', resets_at: null } }),
    );
    expect(error).toMatchObject({ retryAt: null, resetsAt: null, period: 'none' });
  });

  it('an answer that is not the error shape is UnexpectedResponseError, with the status and the header request id', () => {
    const error = errorFromAnswer(502, new Headers({ 'x-service-request-id': 'hdr' }), '<html>Bad Gateway</html>');
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({ code: 'unexpected_response', status: 502, requestId: 'hdr' });
    expect(error.message).toContain('Bad Gateway');
  });

  it('an unknown code keeps its code, as UnexpectedResponseError', () => {
    const error = errorFromAnswer(418, new Headers(), body({ code: 'teapot', message: 'short and stout', request_id: 'r' }));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({ code: 'teapot', status: 418, message: 'short and stout' });
  });
});

describe('errorFromStreamEvent', () => {
  it('an in-band error gets the status its code has as a JSON error, and the usage billed', () => {
    const usage = { calls: 1, costUsd: 0.0001, costPicoUsd: 100_000_000n, meters: [] };
    const timeout = errorFromStreamEvent({ code: 'stream_timeout', message: 'm' }, 'req', null, usage);
    expect(timeout).toBeInstanceOf(StreamTimeoutError);
    expect(timeout).toMatchObject({ status: 504, requestId: 'req', streamUsage: usage });
    expect(errorFromStreamEvent({ code: 'upstream_unavailable' }, 'req', null, usage)).toBeInstanceOf(UpstreamError);
    expect(errorFromStreamEvent({ code: 'stream_duration_exceeded' }, 'req', null, usage)).toBeInstanceOf(StreamTimeoutError);
  });
});

describe('ERROR_CLASS_OF_CODE', () => {
  it('has a class for every code (test/sdk/error-catalog.spec.ts holds the codes to the server catalog)', () => {
    expect(Object.keys(ERROR_CLASS_OF_CODE).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_CLASS_OF_CODE.revoked_api_key).toBe(AuthenticationError);
  });
});
