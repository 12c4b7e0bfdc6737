import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { GatewayError } from '../../common/errors/error-catalog';
import type { GatewayRequest } from '../../common/http/request-context';
import type { Caller } from '../caller';
import { API_KEY_STRATEGY } from './api-key.strategy';

/**
 * Authenticates a public call with its API key and puts the caller on the request context.
 * Passport only says "no user"; this guard turns that into the precise stable error code.
 */
@Injectable()
export class ApiKeyAuthGuard extends AuthGuard(API_KEY_STRATEGY) {
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    if (!request.headers.authorization) throw new GatewayError('missing_api_key');
    return super.canActivate(context);
  }

  override handleRequest<TUser = Caller>(err: unknown, user: TUser | false, _info: unknown, context: ExecutionContext): TUser {
    if (err) throw err;
    // The header is there (checked above) but passport found no bearer token in it.
    if (!user) throw new GatewayError('malformed_api_key');
    context.switchToHttp().getRequest<GatewayRequest>().ctx.caller = user as unknown as Caller;
    return user;
  }
}
