import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { GatewayError } from '../../common/errors/error-catalog';
import type { UserRole } from '../../generated/prisma/enums';
import { SessionAuthenticator, SignedInUser } from '../../sessions/session-authenticator';

interface ConsoleRequest extends Request {
  consoleUser?: SignedInUser;
}

const SIGNED_OUT_ALLOWED = 'console:signed-out-allowed';
const ROLES = 'console:roles';
const ALLOWED_WHILE_SUSPENDED = 'console:allowed-while-suspended';

/** A route that works without a session (sign-up, sign-in, accepting an invitation): only the origin is checked. */
export const SignedOutAllowed = (): MethodDecorator => SetMetadata(SIGNED_OUT_ALLOWED, true);

/**
 * An unsafe route a suspended tenant's user may still call: what concerns the user alone (signing
 * out, changing their own password), never the tenant's data.
 */
export const AllowedWhileSuspended = (): MethodDecorator => SetMetadata(ALLOWED_WHILE_SUSPENDED, true);

/** The roles that may call a route (all when absent). */
export const ConsoleRoles = (...roles: UserRole[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES, roles);

/**
 * The console API's guard: the session cookie only (the console API is for the browser; programs
 * use the reseller API with a management key). A @SignedOutAllowed route (it starts a session) has
 * its origin checked on unsafe methods; every other route needs a signed-in user, the session's
 * CSRF token (and the origin check) on unsafe methods, and one of the route's @ConsoleRoles. A
 * suspended tenant's users only read: unsafe methods answer 403 tenant_suspended (but for
 * @AllowedWhileSuspended routes).
 */
@Injectable()
export class ConsoleSessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionAuthenticator,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<ConsoleRequest>();
    if (this.reflector.get<boolean | undefined>(SIGNED_OUT_ALLOWED, context.getHandler())) {
      // These routes start a session of their own (the one the browser had, if any, is replaced).
      this.sessions.assertSameOrigin(req);
      return true;
    }
    const user = await this.sessions.signedInUser(req, http.getResponse<Response>());
    if (!user) throw new GatewayError('not_signed_in');
    this.sessions.assertIntended(req);
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (roles && !roles.includes(user.role)) {
      throw new GatewayError('insufficient_role', `This needs the role ${roles.join(' or ')} (your role: ${user.role}).`, {
        role: user.role,
        required_role: roles.length === 1 ? roles[0] : roles,
      });
    }
    if (!this.reflector.get<boolean | undefined>(ALLOWED_WHILE_SUSPENDED, context.getHandler())) {
      this.sessions.assertTenantMayChange(user, req);
    }
    req.consoleUser = user;
    return true;
  }
}

/** The signed-in user of a console route that requires one. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInUser => {
  const user = context.switchToHttp().getRequest<ConsoleRequest>().consoleUser;
  if (!user) throw new Error('CurrentUser on a route without a signed-in user (is it @SignedOutAllowed?)');
  return user;
});
