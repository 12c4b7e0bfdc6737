import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { NextFunction, Response } from 'express';
import type { GatewayRequest } from './request-context';

export const PUBLIC_API_PREFIX = '/api/public/';
export const REQUEST_ID_HEADER = 'X-Service-Request-Id';

export type ClosedRequestListener = (req: GatewayRequest, res: Response) => void;

/**
 * First thing on every request: a request id (UUID), the arrival time, the X-Service-Request-Id
 * header, and for public calls a listener that writes the audit record when the response closes,
 * whether it finished, failed or the client went away.
 */
export function requestContextMiddleware(onPublicRequestClosed: ClosedRequestListener) {
  return (req: GatewayRequest, res: Response, next: NextFunction): void => {
    const requestId = randomUUID();
    const isPublic = req.url.startsWith(PUBLIC_API_PREFIX);
    req.ctx = {
      requestId,
      startedAt: performance.now(),
      receivedAt: new Date(),
      isPublic,
      upstreamId: null,
      providersTried: 0,
      quantity: 0n,
      wholesalePicoUsd: 0n,
      resalePicoUsd: 0n,
      usageSource: null,
      errorCode: null,
      streamOutcome: null,
      settled: null,
    };
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (isPublic) res.once('close', () => onPublicRequestClosed(req, res));
    next();
  };
}
