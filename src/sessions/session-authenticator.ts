import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GatewayError } from '../common/errors/error-catalog';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { TenantStatus } from '../generated/prisma/enums';
import { StoredUser, UsersRepository } from '../users/users.repository';
import { ConsoleSessions } from './console-sessions';
import { isUnsafeMethod, RequestIntent } from './request-intent';

/** Who a session cookie signs in, as read from Postgres on this request (a role change applies at once). */
export interface SignedInUser extends StoredUser {
  /** Null for operators. */
  tenantStatus: TenantStatus | null;
  /** The express-session id: kept when the user's other sessions are ended. */
  sessionId: string;
}

/**
 * A request's signed-in user, from its session cookie: the session (one read), then the user (one
 * read: a user removed or a role changed since sign-in takes effect on the next request). A
 * session past SESSION_MAX_LIFETIME_MS since its sign-in, or whose user is gone, is ended.
 */
@Injectable()
export class SessionAuthenticator {
  constructor(
    private readonly sessions: ConsoleSessions,
    private readonly users: UsersRepository,
    private readonly intent: RequestIntent,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether the request carries a session cookie (so a missing bearer token may be a signed-in browser). */
  hasSessionCookie(req: Request): boolean {
    return this.sessions.hasCookie(req);
  }

  /** The signed-in user, or null when the request has no live session. */
  async signedInUser(req: Request, res: Response): Promise<SignedInUser | null> {
    await this.sessions.load(req, res);
    const { userId, signedInAt } = req.session;
    if (!userId) return null;
    if (signedInAt === undefined || Date.now() - signedInAt > this.config.SESSION_MAX_LIFETIME_MS) {
      await this.sessions.signOut(req, res);
      return null;
    }
    const user = await this.users.findForSession(userId);
    if (!user) {
      await this.sessions.signOut(req, res);
      return null;
    }
    const { tenant, ...stored } = user;
    return { ...stored, tenantStatus: tenant?.status ?? null, sessionId: req.sessionID };
  }

  /** The CSRF checks of a cookie-authenticated request (403 csrf_check_failed); safe methods pass. */
  assertIntended(req: Request): void {
    this.intent.assertIntended(req, req.session?.csrfToken);
  }

  /**
   * A suspended tenant's users may read, not change: an unsafe method is refused with the same 403
   * tenant_suspended the tenant's keys and management keys get. Operators (no tenant) pass.
   */
  assertTenantMayChange(user: SignedInUser, req: Request): void {
    if (user.tenantStatus !== null && user.tenantStatus !== 'active' && isUnsafeMethod(req.method)) {
      throw new GatewayError('tenant_suspended', 'Your account is suspended: you may read, not change.');
    }
  }

  /** The origin check alone, for the routes that sign in (no session, so no token yet). */
  assertSameOrigin(req: Request): void {
    this.intent.assertSameOrigin(req);
  }

  /** This session's CSRF token (to hand to the console page). */
  csrfTokenOf(req: Request): string | undefined {
    return req.session?.csrfToken;
  }
}
