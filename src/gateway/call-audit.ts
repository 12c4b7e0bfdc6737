import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { performance } from 'node:perf_hooks';
import type { AuditMeters, AuditRecord } from '../audit/audit-record';
import type { MeterCharge } from '../billing/billing.service';
import { AuditWriterService } from '../audit/audit-writer.service';
import { CatalogService } from '../catalog/catalog.service';
import { clientIp } from '../common/http/client-ip';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { BudgetSubject } from '../generated/prisma/enums';
import type { CallerBudget } from '../keys/caller';
import { GatewayMetrics, UNKNOWN_SLUG } from '../metrics/gateway-metrics';
import type { PublicCallRequest } from './call-context';

/** HTTP status recorded when the client went away before the response was complete (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499;

/** Turns a closed public call into its one audit record and queues it (never on the response path). */
@Injectable()
export class CallAudit {
  private readonly logger = new Logger('Request');
  private readonly logRequests: boolean;

  constructor(
    private readonly writer: AuditWriterService,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: GatewayMetrics,
    private readonly catalog: CatalogService,
  ) {
    this.logRequests = config.LOG_REQUESTS;
  }

  /**
   * Records the call once it has stopped and billed what it used: it may outlive a client that
   * left. A client that left while the guards were running has no work yet; the handler or the
   * error response settles the call, and the record, with its caller, is written then.
   */
  recordWhenSettled(req: PublicCallRequest, res: Response): void {
    const finished = res.writableFinished;
    req.call.whenSettled(() => this.record(req, res, finished));
  }

  private record(req: PublicCallRequest, res: Response, finished: boolean): void {
    const { call } = req;
    const elapsedMs = performance.now() - call.startedAt;
    const record: AuditRecord = {
      id: call.requestId,
      createdAt: call.receivedAt,
      tenantId: call.caller?.tenantId ?? null,
      customerId: call.caller?.customerId ?? null,
      apiKeyId: call.caller?.keyId ?? null,
      endpointId: call.endpoint?.id ?? null,
      method: req.method.slice(0, 8),
      // A stream that began keeps its 200: its outcome column says how it ended.
      httpStatus: finished || res.headersSent ? res.statusCode : CLIENT_CLOSED_REQUEST,
      errorCode: call.errorCode,
      errorDetails: refusalDetails(call),
      latencyMs: Math.round(elapsedMs),
      clientIp: clientIp(req),
      upstreamId: call.upstreamId,
      providersTried: call.providersTried,
      quantity: call.quantity,
      wholesalePicoUsd: call.wholesalePicoUsd,
      resalePicoUsd: call.resalePicoUsd,
      customerPricePicoUsd: call.customerPicoUsd,
      meters: auditMeters(call.meterCharges),
      usageSource: call.usageSource,
      streamOutcome: call.streamOutcome,
      door: call.door,
      keyBudgetId: heldBudget(call.heldBudgets, 'key'),
      customerBudgetId: heldBudget(call.heldBudgets, 'customer'),
      tenantBudgetId: heldBudget(call.heldBudgets, 'tenant'),
    };
    this.writer.enqueue(record);
    // In the same tick as the record is queued: whoever sees the record in Postgres sees the metrics moved.
    this.metrics.callEnded(this.slugLabel(req), record.httpStatus, call.errorCode, elapsedMs / 1000, call.streamOutcome);
    if (this.logRequests) {
      // The key's visible prefix only: never the key, never its hash.
      this.logger.log(
        {
          requestId: record.id,
          keyPrefix: call.caller?.keyPrefix,
          slug: call.endpoint?.slug,
          status: record.httpStatus,
          errorCode: record.errorCode,
          latencyMs: record.latencyMs,
          streamOutcome: record.streamOutcome,
        },
        'public request',
      );
    }
  }

  /**
   * The call's slug as a metrics label: the catalog's, also for a call refused before its endpoint
   * was resolved (a bad key on a real slug), and `unknown` for a path that names no endpoint, so
   * guessed slugs never create series.
   */
  private slugLabel(req: PublicCallRequest): string {
    const resolved = req.call.endpoint;
    if (resolved) return resolved.slug;
    const named: unknown = req.params?.slug;
    return (typeof named === 'string' && this.catalog.find(named)?.slug) || UNKNOWN_SLUG;
  }
}

/**
 * What refused the call, for its detail view: a budget's refusal carries its own details (which
 * budget, its cap and spend); a rate limit's answer carries none, so the limit that was full is
 * read from the call's decision (its shown bucket is the rejecting one). Nothing for other outcomes.
 */
function refusalDetails(call: PublicCallRequest['call']): Record<string, unknown> | null {
  if (call.errorCode === 'budget_exceeded') return call.errorDetails;
  const decision = call.rateLimit;
  if (call.errorCode !== 'rate_limited' || !decision) return null;
  const refused = decision.states[decision.shown];
  return { limit: decision.names[decision.shown], quota: refused?.limit ?? null, window_seconds: decision.windowSeconds };
}

function heldBudget(budgets: readonly CallerBudget[] | null, subject: BudgetSubject): string | null {
  if (!budgets) return null;
  for (const b of budgets) if (b.subject === subject) return b.id;
  return null;
}

/** The meters of a charge as the audit row keeps them; null when nothing was billed. */
export function auditMeters(charges: readonly MeterCharge[]): AuditMeters | null {
  if (charges.length === 0) return null;
  const meters: AuditMeters = {};
  for (const c of charges) {
    meters[c.meter] = [String(c.quantity), String(c.wholesalePicoUsd), String(c.resalePicoUsd), String(c.customerPicoUsd)];
  }
  return meters;
}
