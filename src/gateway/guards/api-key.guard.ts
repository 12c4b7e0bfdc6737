import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { BearerVerify, createBearerAuthenticator } from '../../common/auth/bearer-authenticator';
import { GatewayError } from '../../common/errors/error-catalog';
import { clientIp } from '../../common/http/client-ip';
import type { Caller } from '../../keys/caller';
import { KeysService, LookupGate } from '../../keys/keys.service';
import { rateLimitedError, RateLimitService, setRateLimitHeaders } from '../../rate-limit/rate-limit.service';
import type { PublicCallRequest } from '../call-context';

/**
 * Authenticates a public call with its API key (passport-http-bearer) and puts the caller on the
 * call context. Passport only says "no user"; this guard gives the precise stable error code.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly authenticate: (req: PublicCallRequest, res: Response) => Promise<Caller | false>;

  constructor(keys: KeysService, rateLimits: RateLimitService) {
    // A key that is not cached costs a Postgres lookup: a client IP that has spent its
    // invalid-request budget is refused first (429), so guessing keys cannot load the database.
    // Cached keys never reach this (no Redis round trip added to their path).
    const refuseSpentBudget: LookupGate<PublicCallRequest> = async (request) => {
      const decision = await rateLimits.peekInvalidRequest(clientIp(request) ?? 'unknown');
      if (decision.allowed) return;
      request.call.limited(decision);
      if (request.res) setRateLimitHeaders(request.res, decision);
      throw rateLimitedError(decision);
    };
    const verify: BearerVerify<Caller> = (token, request) => keys.verify(token, refuseSpentBudget, request as PublicCallRequest);
    this.authenticate = createBearerAuthenticator(verify);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<PublicCallRequest>();
    if (!request.headers.authorization) throw new GatewayError('missing_api_key');
    const caller = await this.authenticate(request, http.getResponse<Response>());
    // The header is there but passport found no bearer token in it.
    if (!caller) throw new GatewayError('malformed_api_key');
    request.call.authenticated(caller);
    return true;
  }
}
