import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { BearerVerify, createBearerAuthenticator } from '../../common/auth/bearer-authenticator';
import { GatewayError } from '../../common/errors/error-catalog';
import type { GatewayRequest } from '../../common/http/request-context';
import type { Caller } from '../caller';
import { KeysService } from '../keys.service';

/**
 * Authenticates a public call with its API key (passport-http-bearer) and puts the caller on the
 * request context. Passport only says "no user"; this guard gives the precise stable error code.
 */
@Injectable()
export class ApiKeyAuthGuard implements CanActivate {
  private readonly authenticate: (req: GatewayRequest, res: Response) => Promise<Caller | false>;

  constructor(keys: KeysService) {
    const verify: BearerVerify<Caller> = (token) => keys.verify(token);
    this.authenticate = createBearerAuthenticator(verify);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<GatewayRequest>();
    if (!request.headers.authorization) throw new GatewayError('missing_api_key');
    const caller = await this.authenticate(request, http.getResponse<Response>());
    // The header is there but passport found no bearer token in it.
    if (!caller) throw new GatewayError('malformed_api_key');
    request.ctx.caller = caller;
    return true;
  }
}
