import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { GatewayError } from '../common/errors/error-catalog';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** The header a cookie-authenticated unsafe request carries its session's CSRF token in. */
export const CSRF_HEADER = 'X-CSRF-Token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the method can change something (everything but GET, HEAD and OPTIONS). */
export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method);
}

/**
 * Cross-site request forgery checks for requests a cookie authenticates (a bearer token is never
 * sent by a browser on its own, so bearer requests skip them). Two independent checks, besides the
 * cookie's SameSite=Strict:
 * - the origin: an unsafe request whose Origin header is present must come from the console's own
 *   origin (CONSOLE_ORIGIN, else the request's own), and one a browser marks `Sec-Fetch-Site:
 *   cross-site` is refused; this also guards sign-in and sign-up, which have no session yet;
 * - the token: an unsafe request must echo its session's random CSRF token in X-CSRF-Token, which
 *   only a page of the console can read (GET/POST /api/console/v1/session return it).
 */
@Injectable()
export class RequestIntent {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** 403 csrf_check_failed when an unsafe request comes from another site. */
  assertSameOrigin(req: Request): void {
    if (!isUnsafeMethod(req.method)) return;
    if (req.headers['sec-fetch-site'] === 'cross-site') throw refused('the browser marked the request cross-site (Sec-Fetch-Site)');
    const origin = req.headers.origin;
    if (origin === undefined) return;
    const from = normalisedOrigin(origin);
    if (from === null || from !== this.ownOrigin(req)) throw refused(`the request came from ${origin}, not from the console's origin`);
  }

  /** 403 csrf_check_failed unless an unsafe request has its session's token in X-CSRF-Token (and passes the origin check). */
  assertIntended(req: Request, sessionCsrfToken: string | undefined): void {
    if (!isUnsafeMethod(req.method)) return;
    this.assertSameOrigin(req);
    const presented = req.headers[CSRF_HEADER.toLowerCase()];
    if (typeof presented !== 'string' || presented === '') throw refused(`the ${CSRF_HEADER} header is missing`);
    if (!sessionCsrfToken || !sameSecret(presented, sessionCsrfToken))
      throw refused(`the ${CSRF_HEADER} header is not this session's token`);
  }

  /** The console's origin: CONSOLE_ORIGIN, else the request's own (scheme and host as Express resolves them). */
  ownOrigin(req: Request): string | null {
    return this.config.CONSOLE_ORIGIN ?? normalisedOrigin(`${req.protocol}://${req.host ?? ''}`);
  }
}

/** Constant-time equality of two strings of any lengths (compared as SHA-256 digests). */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** An origin as the URL standard serialises it (lower-case host, default port dropped), or null. */
function normalisedOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function refused(reason: string): GatewayError {
  return new GatewayError('csrf_check_failed', `Refused as a possible cross-site request: ${reason}.`);
}
