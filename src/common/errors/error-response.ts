import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { lingerAfterEarlyAnswer, type LingeringCloseBounds } from '../http/lingering-close';
import { GatewayError, errorBody } from './error-catalog';
import { toGatewayError } from './to-gateway-error';

const logger = new Logger('Errors');

/**
 * The GatewayError a thrown value is answered with. Bugs and outages (anything that is not a
 * client's mistake) are logged here with the request id and become a generic 500 without details.
 */
export function errorToAnswer(exception: unknown, requestId: string): GatewayError {
  const { error, unexpected, lostRace } = toGatewayError(exception);
  if (unexpected) logger.error({ requestId, err: exception }, 'unexpected error');
  // Answered 409, and logged: an integrity surprise would look the same, and should be seen.
  else if (lostRace) logger.warn({ requestId, err: exception }, 'a write lost a race with another (409 conflict)');
  return error;
}

/**
 * Writes `error` in the one error shape (or the `body` of a door with its own, the OpenAI one), with its headers (Retry-After, Allow, …). A response that
 * already started (a stream) reports errors in-band: it is only ended here. A request whose body
 * was not read (refused by auth, limits or a 413) gets `Connection: close`, rather than Node
 * reading and discarding a body that may be huge or never end, and a lingering close within
 * `lingering` so that a client still sending its body reads the answer (lingering-close.ts).
 */
export function sendError(
  req: Request,
  res: Response,
  error: GatewayError,
  requestId: string,
  lingering: LingeringCloseBounds,
  body: unknown = errorBody(error, requestId),
): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  if (!req.complete) lingerAfterEarlyAnswer(req, res, lingering);
  res.status(error.status).json(body);
}

/** The last resort when writing an error response itself failed: a bare 500, logged. */
export function failedToAnswer(res: Response, requestId: string, err: unknown): void {
  logger.error({ requestId, err }, 'failed to send an error response');
  if (!res.headersSent) res.status(500).end();
}
