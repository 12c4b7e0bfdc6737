import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';
import { GatewayError, errorBody } from '../errors/error-catalog';

export const REQUEST_ID_HEADER = 'X-Service-Request-Id';

/** What every request is stamped with on arrival, before routing: its id and its arrival times. */
export interface RequestArrival {
  /** UUID; the X-Service-Request-Id header, the error body's request_id, a public call's audit id. */
  readonly requestId: string;
  /** performance.now() at arrival, for latency. */
  readonly startedAt: number;
  readonly receivedAt: Date;
}

export interface StampedRequest extends Request {
  arrival: RequestArrival;
}

/** The request id of any request (empty for one that never passed the middleware). */
export function requestIdOf(req: Request): string {
  return (req as Partial<StampedRequest>).arrival?.requestId ?? '';
}

/**
 * First thing on every request: a request id (UUID), the arrival time and the X-Service-Request-Id
 * header. Whether a request is a public call (audited, limit headers) is decided later, by the
 * route it matched (gateway/guards/public-call.guard.ts), never from the URL text here.
 *
 * Only origin-form request targets (`/path?query`) are served. The absolute form
 * (`POST http://host/api/...`) is for proxies; Express would route it by its path while any check of
 * `req.url` saw a different string, so it is refused here, before routing, with the error shape.
 */
export function requestIdMiddleware() {
  return (req: StampedRequest, res: Response, next: NextFunction): void => {
    const requestId = randomUUID();
    req.arrival = { requestId, startedAt: performance.now(), receivedAt: new Date() };
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (req.url.charCodeAt(0) !== 0x2f /* '/' */) {
      rejectRequestTarget(res, requestId);
      return;
    }
    next();
  };
}

function rejectRequestTarget(res: Response, requestId: string): void {
  const error = new GatewayError(
    'invalid_request',
    'The request target must be a path (origin form, e.g. /api/public/v1/text.generate), not an absolute URL.',
  );
  const payload = JSON.stringify(errorBody(error, requestId));
  // The body (if any) is not read: close the connection after answering rather than parse it.
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    Connection: 'close',
  });
  res.end(payload);
}
