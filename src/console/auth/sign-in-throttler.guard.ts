import { Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

/**
 * @nestjs/throttler's guard on the routes that take a password (sign-in, sign-up, accepting an
 * invitation): SIGN_IN_RATE_LIMIT per window per client IP (IPv6 by /64), one bucket for all three
 * routes and every email. The per-(email, address) delay slows guessing one account's password; this stops
 * one client from trying a password on many accounts, and bounds the argon2 work it can cause.
 */
@Injectable()
export class SignInThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(options, storage, reflector);
  }

  protected override handleRequest(request: ThrottlerRequest): Promise<boolean> {
    return super.handleRequest({
      ...request,
      limit: this.config.SIGN_IN_RATE_LIMIT,
      generateKey: (_context, tracker) => `sign-in:${tracker}`,
    });
  }
}
