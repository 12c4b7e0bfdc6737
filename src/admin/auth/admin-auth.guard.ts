import { Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { GatewayError } from '../../common/errors/error-catalog';
import { ADMIN_STRATEGY } from './admin-token.strategy';

@Injectable()
export class AdminAuthGuard extends AuthGuard(ADMIN_STRATEGY) {
  override handleRequest<T>(err: unknown, user: T | false): T {
    if (err) throw err;
    if (!user) throw new GatewayError('invalid_admin_token');
    return user;
  }
}
