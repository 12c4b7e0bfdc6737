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
 * So is a query string with a control character (400 invalid_request, details.limit control_character).
 */
export function requestIdMiddleware() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const requestId = randomUUID();
    (req as StampedRequest).arrival = { requestId, startedAt: performance.now(), receivedAt: new Date() };
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (req.url.charCodeAt(0) !== 0x2f /* '/' */) {
      reject(
        res,
        requestId,
        new GatewayError(
          'invalid_request',
          'The request target must be a path (origin form, e.g. /api/public/v1/text.generate), not an absolute URL.',
        ),
      );
      return;
    }
    // Every route's query parameters reach validation, SQL (Postgres refuses NUL in text) and logs:
    // a control character in any of them is refused here, once, for all routes.
    const query = req.url.indexOf('?');
    if (query !== -1 && hasControlCharacter(req.url, query + 1)) {
      const message = 'The query string contains a control character (such as NUL, a line break or DEL), raw or percent-encoded.';
      reject(res, requestId, new GatewayError('invalid_request', message, { limit: 'control_character' }));
      return;
    }
    next();
  };
}

/** The value of a hex digit's char code, or -1. */
function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** The byte a `%XY` escape at `at` encodes, or -1 when there is none there. */
function escapedByte(text: string, at: number): number {
  if (text.charCodeAt(at) !== 0x25 /* '%' */ || at + 2 >= text.length) return -1;
  const high = hexDigit(text.charCodeAt(at + 1));
  const low = hexDigit(text.charCodeAt(at + 2));
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

/**
 * True when `text` from `from` on holds a control character: C0 or DEL (U+0000–U+001F, U+007F),
 * raw or percent-encoded, or C1 (U+0080–U+009F) percent-encoded as UTF-8 (`%C2%80`–`%C2%9F`).
 * One pass, no decoding, no allocation.
 */
export function hasControlCharacter(text: string, from = 0): boolean {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // (Raw bytes above 0x7f arrive one char each, latin1: UTF-8 continuation bytes, not C1.)
    if (code < 0x20 || code === 0x7f) return true;
    const byte = escapedByte(text, i);
    if (byte === -1) continue;
    if (byte < 0x20 || byte === 0x7f) return true;
    if (byte === 0xc2) {
      const next = escapedByte(text, i + 3);
      if (next >= 0x80 && next <= 0x9f) return true;
    }
    i += 2;
  }
  return false;
}

function reject(res: Response, requestId: string, error: GatewayError): void {
  const payload = JSON.stringify(errorBody(error, requestId));
  // The body (if any) is not read: close the connection after answering rather than parse it.
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    Connection: 'close',
  });
  res.end(payload);
}
