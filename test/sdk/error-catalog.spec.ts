import { ERROR_CATALOG, type ErrorCode as ServerErrorCode } from '../../src/common/errors/error-catalog';
import {
  AuthenticationError,
  BudgetExceededError,
  ConflictError,
  ERROR_CLASS_OF_CODE,
  ERROR_CODES,
  GatewayError,
  InternalServerError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  ServiceUnavailableError,
  StreamTimeoutError,
  UpstreamError,
} from '../../sdk/src/index.js';
import { errorFromAnswer, errorFromStreamEvent, STATUS_OF_CODE } from '../../sdk/src/errors.js';

/**
 * The SDK's error codes are the server's catalog, code for code, and each lands in the class of its
 * family. A code added to the server fails here until the SDK gives it a class.
 */
describe('SDK error classes and the server error catalog', () => {
  it('the SDK knows exactly the codes of the server catalog', () => {
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(ERROR_CATALOG).sort());
  });

  /** Which statuses each family answers with: a class never mixes families of different meaning. */
  const FAMILY_STATUSES = new Map<new (...args: never[]) => GatewayError, number[]>([
    [AuthenticationError, [401]],
    [BudgetExceededError, [402]],
    [PermissionDeniedError, [403]],
    [NotFoundError, [404]],
    [InvalidRequestError, [400, 405, 408, 413, 415, 431]],
    [ConflictError, [409, 412]],
    [RateLimitedError, [429]],
    [UpstreamError, [422, 502, 504]],
    [ServiceUnavailableError, [503]],
    [StreamTimeoutError, [504]],
    [InternalServerError, [500]],
  ]);

  it.each(Object.entries(ERROR_CATALOG))('%s answers with its family’s class and keeps its code and status', (code, { status }) => {
    const Class = ERROR_CLASS_OF_CODE[code as ServerErrorCode];
    expect(FAMILY_STATUSES.get(Class)).toContain(status);
    const error = errorFromAnswer(status, new Headers(), JSON.stringify({ error: { code, message: 'm', request_id: 'r' } }));
    expect(error).toBeInstanceOf(Class);
    expect(error).toMatchObject({ code, status, requestId: 'r' });
  });

  it('the SDK’s status of every code (what an in-band stream error reports) is the catalog’s', () => {
    expect(STATUS_OF_CODE).toEqual(Object.fromEntries(Object.entries(ERROR_CATALOG).map(([code, { status }]) => [code, status])));
    expect(errorFromStreamEvent({ code: 'stream_duration_exceeded' }, 'r', null, undefined).status).toBe(
      ERROR_CATALOG.stream_duration_exceeded.status,
    );
  });

  it('the upstream family holds exactly the upstream_* codes, the stream timeouts theirs', () => {
    const codesOf = (Class: unknown) => ERROR_CODES.filter((code) => ERROR_CLASS_OF_CODE[code] === Class).sort();
    expect(codesOf(UpstreamError)).toEqual(['upstream_rejected', 'upstream_timeout', 'upstream_unavailable']);
    expect(codesOf(StreamTimeoutError)).toEqual(['stream_duration_exceeded', 'stream_timeout']);
    expect(codesOf(RateLimitedError)).toEqual(['account_locked', 'rate_limited', 'too_many_streams']);
  });
});
