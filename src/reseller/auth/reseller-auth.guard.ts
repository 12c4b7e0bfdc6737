import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { setRequestActor } from '../../activity/actor';
import { createBearerAuthenticator } from '../../common/auth/bearer-authenticator';
import { GatewayError } from '../../common/errors/error-catalog';
import type { UserRole } from '../../generated/prisma/enums';
import { ManagementCaller, ManagementKeysService } from '../../keys/management-keys.service';
import { isUnsafeMethod } from '../../sessions/request-intent';
import { SessionAuthenticator, SignedInUser } from '../../sessions/session-authenticator';

/** Who calls the reseller API: a management key (which acts as the tenant's owner) or a signed-in user. */
export type ResellerCaller =
  | { via: 'management_key'; tenantId: string; role: 'owner'; keyId: string; issuedByUserId: string | null }
  | { via: 'session'; tenantId: string; role: UserRole; userId: string };

interface ResellerRequest extends Request {
  reseller: ResellerCaller;
}

const OWNER_ONLY = 'reseller:owner-only';

/**
 * A route only a tenant's owner may call with a session (management keys act as owners): user
 * management, the plan, management keys. Developers may call every other route; viewers only read.
 */
export const OwnerOnly = (): MethodDecorator & ClassDecorator => SetMetadata(OWNER_ONLY, true);

/**
 * The reseller API's guard. `Authorization: Bearer <management key>` (passport-http-bearer), as
 * before; without an Authorization header, a console session cookie: the signed-in user of a tenant,
 * with the CSRF checks on unsafe methods and the role checks (viewer: GET only; developer: all but
 * @OwnerOnly routes; owner: all); a suspended tenant's users only read (403 tenant_suspended on
 * unsafe methods, as its management keys get on every call). The tenant goes on the request. A request with neither is 401
 * invalid_management_key, as it always was; a cookie without a live session is 401 not_signed_in.
 */
@Injectable()
export class ResellerAuthGuard implements CanActivate {
  private readonly authenticate: (req: Request, res: Response) => Promise<ManagementCaller | false>;

  constructor(
    keys: ManagementKeysService,
    private readonly sessions: SessionAuthenticator,
    private readonly reflector: Reflector,
  ) {
    this.authenticate = createBearerAuthenticator((token) => keys.verify(token));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<ResellerRequest>();
    const res = http.getResponse<Response>();
    if (req.headers.authorization === undefined && this.sessions.hasSessionCookie(req)) {
      const user = await this.sessions.signedInUser(req, res);
      if (!user) throw new GatewayError('not_signed_in');
      req.reseller = this.sessionCaller(user, req, context);
      setRequestActor(req, { kind: 'tenant_user', id: user.id, email: user.email });
      return true;
    }
    const caller = await this.authenticate(req, res);
    if (!caller) throw new GatewayError('invalid_management_key');
    req.reseller = {
      via: 'management_key',
      tenantId: caller.tenantId,
      role: 'owner',
      keyId: caller.keyId,
      issuedByUserId: caller.issuedByUserId,
    };
    setRequestActor(req, { kind: 'management_key', id: caller.keyId });
    return true;
  }

  private sessionCaller(user: SignedInUser, req: Request, context: ExecutionContext): ResellerCaller {
    if (user.tenantId === null) {
      throw new GatewayError('insufficient_role', 'Operators use the operator API (/api/admin/v1); the reseller API is for tenant users.');
    }
    this.sessions.assertIntended(req);
    this.sessions.assertTenantMayChange(user, req);
    const ownerOnly = this.reflector.getAllAndOverride<boolean | undefined>(OWNER_ONLY, [context.getHandler(), context.getClass()]);
    if (ownerOnly && user.role !== 'owner') throw roleRefused(user.role, 'owner');
    if (user.role === 'viewer' && isUnsafeMethod(req.method)) throw roleRefused(user.role, 'developer');
    return { via: 'session', tenantId: user.tenantId, role: user.role, userId: user.id };
  }
}

function roleRefused(role: UserRole, needed: UserRole): GatewayError {
  const what = needed === 'owner' ? 'Only an owner may do this' : 'A viewer can only read';
  return new GatewayError('insufficient_role', `${what} (your role: ${role}).`, { role, required_role: needed });
}

/** The id of the tenant whose management key or user called: the scope of every reseller route. */
export const CallingTenant = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  return context.switchToHttp().getRequest<ResellerRequest>().reseller.tenantId;
});

/** The caller itself (who did it: a user, or a management key). */
export const ResellerCallerOf = createParamDecorator((_data: unknown, context: ExecutionContext): ResellerCaller => {
  return context.switchToHttp().getRequest<ResellerRequest>().reseller;
});
