import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createBearerAuthenticator } from '../../common/auth/bearer-authenticator';
import { GatewayError } from '../../common/errors/error-catalog';
import { ManagementCaller, ManagementKeysService } from '../../keys/management-keys.service';

interface ResellerRequest extends Request {
  reseller: ManagementCaller;
}

/** The reseller API's guard: passport-http-bearer with a management key; the tenant goes on the request. */
@Injectable()
export class ManagementKeyGuard implements CanActivate {
  private readonly authenticate: (req: Request, res: Response) => Promise<ManagementCaller | false>;

  constructor(keys: ManagementKeysService) {
    this.authenticate = createBearerAuthenticator((token) => keys.verify(token));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<ResellerRequest>();
    const caller = await this.authenticate(req, http.getResponse<Response>());
    if (!caller) throw new GatewayError('invalid_management_key');
    req.reseller = caller;
    return true;
  }
}

/** The id of the tenant whose management key called: the scope of every reseller route. */
export const CallingTenant = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  return context.switchToHttp().getRequest<ResellerRequest>().reseller.tenantId;
});
