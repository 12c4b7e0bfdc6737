import { ArgumentsHost, Catch, ExceptionFilter, Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { errorBody, type ErrorCode, type GatewayError } from '../common/errors/error-catalog';
import { errorToAnswer, failedToAnswer, sendError } from '../common/errors/error-response';
import { clientIp } from '../common/http/client-ip';
import type { LingeringCloseBounds } from '../common/http/lingering-close';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { GatewayMetrics } from '../metrics/gateway-metrics';
import { rateLimitedError, RateLimitService, setRateLimitHeaders } from '../rate-limit/rate-limit.service';
import type { CallContext, PublicCallRequest } from './call-context';
import { countRejection } from './rejection-metrics';

/**
 * Refusals of a key that exists and was presented with its right secret (revoked, expired, its
 * tenant or customer suspended): no guess, so they never spend the client address's
 * invalid-request budget, which only keys that do not exist (and unknown slugs or routes) spend;
 * their answers show that budget's headers as it stands.
 * A reseller's backend calls for all its customers from one address: one customer's stale key
 * must not lock the others' keys out.
 */
const ANSWERS_OF_EXISTING_KEYS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'revoked_api_key',
  'expired_api_key',
  'tenant_suspended',
  'customer_suspended',
]);

/**
 * Errors of public calls (bound to the public routes' controllers; everything else goes to the
 * app's global filter). Besides the error shape: a call that failed before its own limits were
 * checked (a key that does not exist, unknown slug, a 404 route) is charged to the per-IP invalid-request limit, so
 * its answer carries the limit headers too; the call's error code is recorded for its audit record;
 * a refusal by a limit or a budget is counted (by what refused it, which only this error knows);
 * and a call that failed in its guards is settled by this response.
 */
@Catch()
@Injectable()
export class PublicCallExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');
  private readonly lingering: LingeringCloseBounds;

  constructor(
    private readonly rateLimits: RateLimitService,
    private readonly metrics: GatewayMetrics,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.lingering = { maxBytes: config.LINGERING_CLOSE_MAX_BYTES, maxMs: config.LINGERING_CLOSE_MAX_MS };
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<PublicCallRequest>();
    const res = http.getResponse<Response>();
    const { call } = req;
    const responded = this.respond(exception, req, res, call).catch((err: unknown) => failedToAnswer(res, call.requestId, err));
    // A call that failed before its handler ran (guards) is settled by its error response.
    if (!call.settled) call.settle(responded);
  }

  private async respond(exception: unknown, req: PublicCallRequest, res: Response, call: CallContext): Promise<void> {
    let error = errorToAnswer(exception, call.requestId);
    // A stream that already started reports its errors in-band (and its outcome says how it ended).
    if (!res.headersSent) {
      if (!call.rateLimit) {
        if (ANSWERS_OF_EXISTING_KEYS.has(error.code)) await this.showInvalidRequestBudget(req, res);
        else error = await this.chargeInvalidRequest(req, res, error);
      }
      call.failed(error.code, error.details);
      countRejection(this.metrics, error, call.rateLimit);
    }
    sendError(req, res, error, call.requestId, this.lingering, this.errorBody(error, call.requestId));
  }

  /** The error's body in the door's shape: the gateway's one error shape here. */
  protected errorBody(error: GatewayError, requestId: string): unknown {
    return errorBody(error, requestId);
  }

  /**
   * The limit headers every answer carries, for a refusal that spends nothing: the address's
   * invalid-request budget as it stands (a peek; the answer stays the key's own 401 or 403).
   */
  private async showInvalidRequestBudget(req: PublicCallRequest, res: Response): Promise<void> {
    try {
      setRateLimitHeaders(res, await this.rateLimits.peekInvalidRequest(clientIp(req) ?? 'unknown'));
    } catch (err) {
      this.logger.warn({ requestId: req.call.requestId, err }, 'rate-limit store unavailable for the headers of a refused key');
    }
  }

  private async chargeInvalidRequest(req: PublicCallRequest, res: Response, error: GatewayError): Promise<GatewayError> {
    try {
      const decision = await this.rateLimits.checkInvalidRequest(clientIp(req) ?? 'unknown');
      req.call.limited(decision);
      setRateLimitHeaders(res, decision);
      if (decision.allowed) return error;
      return rateLimitedError(decision);
    } catch (err) {
      // The limit store is down: still answer the original error rather than hide it.
      this.logger.warn({ requestId: req.call.requestId, err }, 'rate-limit store unavailable for an invalid request');
      return error;
    }
  }
}
