import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { rateLimitedError, RateLimitService, setRateLimitHeaders } from '../rate-limit/rate-limit.service';
import { clientIp } from '../common/http/client-ip';
import { GatewayRequest, settleCall } from '../gateway/call-context';
import { GatewayError, errorBody } from '../common/errors/error-catalog';
import { toGatewayError } from '../common/errors/to-gateway-error';

/**
 * The one place errors become responses: `{ "error": { code, message, request_id } }` with the
 * catalog's status. Public calls that failed before their limits were checked (bad key, unknown
 * slug) are charged to the per-IP invalid-request limit so they too carry the limit headers.
 */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly rateLimits: RateLimitService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<GatewayRequest>();
    const res = http.getResponse<Response>();
    const responded = this.respond(exception, req, res).catch((err: Error) => {
      this.logger.error({ requestId: req.ctx?.requestId, err }, 'failed to send an error response');
      if (!res.headersSent) res.status(500).end();
    });
    // A public call that failed before its handler ran (guards) is settled by its error response.
    if (req.ctx?.isPublic && !req.ctx.settled) settleCall(req.ctx, responded);
  }

  private async respond(exception: unknown, req: GatewayRequest, res: Response): Promise<void> {
    const requestId = req.ctx?.requestId ?? '';
    let { error, unexpected } = toGatewayError(exception);
    if (unexpected) {
      this.logger.error({ requestId, err: exception }, 'unexpected error');
    }
    if (res.headersSent) {
      // A stream already started: the streaming code reports errors in-band; nothing more to send.
      if (!res.writableEnded) res.end();
      return;
    }
    if (req.ctx?.isPublic && !req.ctx.rateLimit) error = await this.chargeInvalidRequest(req, res, error);
    if (req.ctx) req.ctx.errorCode = error.code;
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
    // Refused before its body was read (auth, limits, 413): close the connection rather than let
    // Node read and discard the rest of a body that may be huge or never end.
    if (!req.complete) res.setHeader('Connection', 'close');
    res.status(error.status).json(errorBody(error, requestId));
  }

  private async chargeInvalidRequest(req: GatewayRequest, res: Response, error: GatewayError): Promise<GatewayError> {
    try {
      const decision = await this.rateLimits.checkInvalidRequest(clientIp(req) ?? 'unknown');
      req.ctx.rateLimit = decision;
      setRateLimitHeaders(res, decision);
      if (decision.allowed) return error;
      return rateLimitedError(decision);
    } catch (err) {
      // The limit store is down: still answer the original error rather than hide it.
      this.logger.warn({ requestId: req.ctx.requestId, err }, 'rate-limit store unavailable for an invalid request');
      return error;
    }
  }
}

