import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createBearerAuthenticator } from '../../common/auth/bearer-authenticator';
import { GatewayError } from '../../common/errors/error-catalog';
import { SessionAuthenticator } from '../../sessions/session-authenticator';
import { setRequestActor } from '../../activity/actor';
import { ADMIN_TOKEN } from './admin-token';

/**
 * The operator API's guard. `Authorization: Bearer $ADMIN_TOKEN` (passport-http-bearer, compared in
 * constant time), as before; without an Authorization header, the session cookie of a signed-in
 * operator user, with the CSRF checks on unsafe methods. A tenant's user is 403 insufficient_role;
 * a request with neither is 401 invalid_admin_token; a cookie without a live session, 401 not_signed_in.
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  private readonly authenticate: (req: Request, res: Response) => Promise<{ role: 'operator' } | false>;

  constructor(
    @Inject(ADMIN_TOKEN) adminToken: string,
    private readonly sessions: SessionAuthenticator,
  ) {
    const expected = createHash('sha256').update(adminToken).digest();
    this.authenticate = createBearerAuthenticator(async (token) => {
      const presented = createHash('sha256').update(token).digest();
      return timingSafeEqual(presented, expected) ? { role: 'operator' as const } : false;
    });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (req.headers.authorization === undefined && this.sessions.hasSessionCookie(req)) {
      const user = await this.sessions.signedInUser(req, res);
      if (!user) throw new GatewayError('not_signed_in');
      if (user.role !== 'operator')
        throw new GatewayError('insufficient_role', 'Only operators may use the operator API.', {
          role: user.role,
          required_role: 'operator',
        });
      this.sessions.assertIntended(req);
      setRequestActor(req, { kind: 'operator_user', id: user.id, email: user.email });
      return true;
    }
    if (!(await this.authenticate(req, res))) {
      throw new GatewayError('invalid_admin_token');
    }
    setRequestActor(req, { kind: 'admin_token' });
    return true;
  }
}
