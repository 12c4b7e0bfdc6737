import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerModuleOptions,
  ThrottlerRequest,
  ThrottlerStorage,
} from '@nestjs/throttler';
import { rateLimitedError, RateLimitService, setRateLimitHeaders } from '../../rate-limit/rate-limit.service';
import { callOf } from '../call-context';

/**
 * @nestjs/throttler's guard for public calls. The throttler supplies the window and the skip /
 * override decorators; the counting is ours: every limit of the call (key × endpoint, tenant) is
 * checked in one atomic store call so a call rejected by one limit consumes none of the others.
 * Runs after authentication and endpoint resolution, which put the caller and endpoint on the call.
 */
@Injectable()
export class CallRateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly rateLimits: RateLimitService,
  ) {
    super(options, storage, reflector);
  }

  protected override async handleRequest({ context }: ThrottlerRequest): Promise<boolean> {
    const call = callOf(context);
    const { caller, endpoint } = call;
    if (!caller || !endpoint) throw new Error('CallRateLimitGuard needs an authenticated caller and a resolved endpoint');

    const decision = await this.rateLimits.checkCall(caller, endpoint);
    call.limited(decision);
    setRateLimitHeaders(context.switchToHttp().getResponse(), decision);
    if (!decision.allowed) throw rateLimitedError(decision);
    return true;
  }
}
