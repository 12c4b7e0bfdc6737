import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { NextFunction, Response } from 'express';
import { GatewayError, errorBody } from '../errors/error-catalog';
import type { GatewayRequest } from '../../gateway/call-context';

export const REQUEST_ID_HEADER = 'X-Service-Request-Id';

/**
 * First thing on every request: a request id (UUID), the arrival time and the X-Service-Request-Id
 * header. Whether a request is a public call (audited, limit headers) is decided later, by the
 * route it matched (see gateway/public-call.guard.ts), never from the URL text here.
 *
 * Only origin-form request targets (`/path?query`) are served. The absolute form
 * (`POST http://host/api/...`) is for proxies; Express would route it by its path while any check of
 * `req.url` saw a different string, so it is refused here, before routing, with the error shape.
 */
export function requestContextMiddleware() {
  return (req: GatewayRequest, res: Response, next: NextFunction): void => {
    const requestId = randomUUID();
    req.ctx = {
      requestId,
      startedAt: performance.now(),
      receivedAt: new Date(),
      isPublic: false,
      clientClosed: false,
      upstreamId: null,
      providersTried: 0,
      quantity: 0n,
      wholesalePicoUsd: 0n,
      resalePicoUsd: 0n,
      usageSource: null,
      errorCode: null,
      streamOutcome: null,
      settled: null,
      pendingAudit: null,
    };
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (req.url.charCodeAt(0) !== 0x2f /* '/' */) {
      rejectRequestTarget(res, requestId);
      return;
    }
    next();
  };
}

function rejectRequestTarget(res: Response, requestId: string): void {
  const error = new GatewayError('invalid_request', 'The request target must be a path (origin form, e.g. /api/public/v1/text.generate), not an absolute URL.');
  const payload = JSON.stringify(errorBody(error, requestId));
  // The body (if any) is not read: close the connection after answering rather than parse it.
  res.writeHead(error.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload), Connection: 'close' });
  res.end(payload);
}
