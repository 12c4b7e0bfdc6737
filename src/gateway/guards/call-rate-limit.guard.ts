import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerModuleOptions,
  ThrottlerRequest,
  ThrottlerStorage,
} from '@nestjs/throttler';
import { THROTTLER_SKIP } from '@nestjs/throttler/dist/throttler.constants';
import { BudgetsService, type CallBudgets } from '../../budgets/budgets.service';
import { GatewayError } from '../../common/errors/error-catalog';
import { rateLimitedError, RateLimitService, setRateLimitHeaders } from '../../rate-limit/rate-limit.service';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { callOf, type PublicCallRequest } from '../call-context';
import { readCallInput } from '../call-input';

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
    private readonly budgets: BudgetsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(options, storage, reflector);
  }

  /**
   * ThrottlerGuard's own canActivate, less what this guard never reads: per call it resolves every
   * throttler's limit, window, block duration, tracker and key generator from the route's metadata
   * (five reflector lookups, three awaits) to hand them to handleRequest, which here reads only the
   * context (the call's limits are its caller's and endpoint's). What decides whether the call is
   * checked is kept as the base class has it: shouldSkip, then per throttler @SkipThrottle on the
   * route or its controller and the throttler's skipIf.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (await this.shouldSkip(context)) return true;
    const targets = [context.getHandler(), context.getClass()];
    let allowed = true;
    for (const throttler of this.throttlers) {
      const skipIf = throttler.skipIf || this.commonOptions.skipIf;
      if (this.reflector.getAllAndOverride<boolean>(THROTTLER_SKIP + (throttler.name ?? 'default'), targets) || skipIf?.(context)) continue;
      // handleRequest reads the context alone; the throttler's own figures are passed as configured.
      const request = { context, throttler, limit: throttler.limit, ttl: throttler.ttl } as ThrottlerRequest;
      allowed = (await this.handleRequest(request)) && allowed;
    }
    return allowed;
  }

  protected override async handleRequest({ context }: ThrottlerRequest): Promise<boolean> {
    const call = callOf(context);
    const { caller, endpoint } = call;
    if (!caller || !endpoint) throw new Error('CallRateLimitGuard needs an authenticated caller and a resolved endpoint');

    // A caller with budgets: its input is read first, to size its hold (what this call can cost);
    // without budgets (the common case) nothing changes and the handler reads it.
    let budgets: CallBudgets | null = null;
    let badInput: Error | null = null;
    if (caller.budgets) {
      try {
        // Already read where a guard before this one needed it (the OpenAI door's model guard).
        let input = call.input;
        if (!input) {
          input = await readCallInput(context.switchToHttp().getRequest<PublicCallRequest>(), this.config.BODY_LIMIT_BYTES);
          call.inputRead(input);
        }
        budgets = this.budgets.forCall(caller, endpoint, input, call.requestId, call.receivedAt, call.pricing);
      } catch (err) {
        // A body the handler would refuse (415/413/400): as for any caller, the call is charged to
        // its limits first (429 before 400), holding nothing, then refused for its body.
        badInput = err instanceof Error ? err : new Error(String(err));
      }
    }
    let decision = await this.rateLimits.checkCall(caller, endpoint, budgets?.check);
    if (budgets && decision.budget.kind === 'unknown') {
      // The store has no state for a budget of the call (its first call this period, or the store
      // lost it): restored from the ledger, then the call is decided. Never charged twice: a call
      // whose budget is unknown was charged nothing.
      await this.restoreBudgets(budgets);
      decision = await this.rateLimits.checkCall(caller, endpoint, budgets.check);
      if (decision.budget.kind === 'unknown')
        throw new GatewayError('service_unavailable', 'Budget state is being restored; retry shortly.');
    }
    call.limited(decision);
    setRateLimitHeaders(context.switchToHttp().getResponse(), decision);
    if (budgets && decision.budget.kind === 'exceeded') throw this.budgets.exceededError(budgets, decision.budget);
    if (!decision.allowed) throw rateLimitedError(decision);
    if (badInput) throw badInput;
    if (budgets) call.holds(budgets.budgets);
    return true;
  }

  private async restoreBudgets(budgets: CallBudgets): Promise<void> {
    try {
      await this.budgets.restore(budgets);
    } catch {
      // Fail closed, as the limits do: without the ledger no budget can be enforced.
      throw new GatewayError('service_unavailable', 'The budget ledger is unavailable; retry shortly.');
    }
  }
}
