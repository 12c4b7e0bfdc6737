import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { BearerVerify, createBearerAuthenticator } from '../../common/auth/bearer-authenticator';
import { GatewayError } from '../../common/errors/error-catalog';
import { clientIp } from '../../common/http/client-ip';
import type { GatewayRequest } from '../call-context';
import { rateLimitedError, RateLimitService, setRateLimitHeaders } from '../../rate-limit/rate-limit.service';
import type { Caller } from '../../keys/caller';
import { KeysService, LookupGate } from '../../keys/keys.service';

/**
 * Authenticates a public call with its API key (passport-http-bearer) and puts the caller on the
 * request context. Passport only says "no user"; this guard gives the precise stable error code.
 */
@Injectable()
export class ApiKeyAuthGuard implements CanActivate {
  private readonly authenticate: (req: GatewayRequest, res: Response) => Promise<Caller | false>;

  constructor(keys: KeysService, rateLimits: RateLimitService) {
    // A key that is not cached costs a Postgres lookup: a client IP that has spent its
    // invalid-request budget is refused first (429), so guessing keys cannot load the database.
    // Cached keys never reach this (no Redis round trip added to their path).
    const refuseSpentBudget: LookupGate<GatewayRequest> = async (request) => {
      const decision = await rateLimits.peekInvalidRequest(clientIp(request) ?? 'unknown');
      if (decision.allowed) return;
      request.ctx.rateLimit = decision;
      if (request.res) setRateLimitHeaders(request.res, decision);
      throw rateLimitedError(decision);
    };
    const verify: BearerVerify<Caller> = (token, request) => keys.verify(token, refuseSpentBudget, request as GatewayRequest);
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
