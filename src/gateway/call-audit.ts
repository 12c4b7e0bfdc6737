import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { performance } from 'node:perf_hooks';
import { clientIp } from '../common/http/client-ip';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { GatewayRequest } from './call-context';
import { AuditWriterService } from '../audit/audit-writer.service';
import type { AuditRecordInput } from '../audit/audit.types';

/** HTTP status recorded when the client went away before the response was complete (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499;

/** Turns a closed public request into its one audit record and queues it (never on the response path). */
@Injectable()
export class AuditRecorder {
  private readonly logger = new Logger('Request');
  private readonly logRequests: boolean;

  constructor(
    private readonly writer: AuditWriterService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.logRequests = config.LOG_REQUESTS;
  }

  recordClosedRequest(req: GatewayRequest, res: Response): void {
    const finished = res.writableFinished;
    const record = () => this.record(req, res, finished);
    const { settled } = req.ctx;
    // Wait until the call has stopped and billed what it used (it may outlive a client that left).
    // No work yet: the client left while the guards were running; the handler or the error
    // response settles the call (settleCall), and the record, with its caller, is written then.
    if (settled) settled.then(record, record);
    else req.ctx.pendingAudit = record;
  }

  private record(req: GatewayRequest, res: Response, finished: boolean): void {
    const { ctx } = req;
    const record: AuditRecordInput = {
      id: ctx.requestId,
      createdAt: ctx.receivedAt,
      tenantId: ctx.caller?.tenantId ?? null,
      apiKeyId: ctx.caller?.keyId ?? null,
      endpointId: ctx.endpoint?.id ?? null,
      method: req.method.slice(0, 8),
      // A stream that began keeps its 200: its outcome column says how it ended.
      httpStatus: finished || res.headersSent ? res.statusCode : CLIENT_CLOSED_REQUEST,
      errorCode: ctx.errorCode,
      latencyMs: Math.round(performance.now() - ctx.startedAt),
      clientIp: clientIp(req),
      upstreamId: ctx.upstreamId,
      providersTried: ctx.providersTried,
      quantity: ctx.quantity,
      wholesalePicoUsd: ctx.wholesalePicoUsd,
      resalePicoUsd: ctx.resalePicoUsd,
      usageSource: ctx.usageSource,
      streamOutcome: ctx.streamOutcome,
    };
    this.writer.enqueue(record);
    if (this.logRequests) {
      // The key's visible prefix only: never the key, never its hash.
      this.logger.log({
        requestId: record.id,
        keyPrefix: ctx.caller?.keyPrefix,
        slug: ctx.endpoint?.slug,
        status: record.httpStatus,
        errorCode: record.errorCode,
        latencyMs: record.latencyMs,
        streamOutcome: record.streamOutcome,
      }, 'public request');
    }
  }
}
