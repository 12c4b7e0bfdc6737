import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createBearerAuthenticator } from '../../common/auth/bearer-authenticator';
import { GatewayError } from '../../common/errors/error-catalog';
import { ADMIN_TOKEN } from './admin-token';

/** The operator API's guard: passport-http-bearer, one shared token compared in constant time. */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  private readonly authenticate: (req: Request, res: Response) => Promise<{ role: 'operator' } | false>;

  constructor(@Inject(ADMIN_TOKEN) adminToken: string) {
    const expected = createHash('sha256').update(adminToken).digest();
    this.authenticate = createBearerAuthenticator(async (token) => {
      const presented = createHash('sha256').update(token).digest();
      return timingSafeEqual(presented, expected) ? { role: 'operator' as const } : false;
    });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    if (!(await this.authenticate(http.getRequest<Request>(), http.getResponse<Response>()))) {
      throw new GatewayError('invalid_admin_token');
    }
    return true;
  }
}
