import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { BillingService, type Charge } from '../billing/billing.service';
import type { CatalogEntry, Pricing } from '../catalog/catalog-entry';
import { GatewayError } from '../common/errors/error-catalog';
import { toGatewayError } from '../common/errors/to-gateway-error';
import type { CallContext, PublicCallRequest } from './call-context';
import type { CallDoor } from './call-door';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { ProviderRequest, Usage } from '../proxy/provider.types';
import { ProxyService } from '../proxy/proxy.service';
import { SLUG_DOOR, wantsStream } from './slug-door';
import { SseWriter } from '../streaming/sse-writer';
import { relayStream, type StreamEvents } from './stream-relay';
import { StreamSlots } from '../streaming/stream-slots';

/**
 * One public call after its guards passed (caller authenticated, endpoint resolved, limits
 * charged): read and validate the input, call the upstreams with fallback, bill the usage, answer.
 */
@Injectable()
export class GatewayService {
  private readonly logger = new Logger(GatewayService.name);

  constructor(
    private readonly proxy: ProxyService,
    private readonly billing: BillingService,
    private readonly streamSlots: StreamSlots,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Runs the call through the door it came in by (the slug's own, or the OpenAI-compatible one). */
  handle(req: PublicCallRequest, res: Response, door: CallDoor = SLUG_DOOR): Promise<void> {
    const work = this.process(req, res, door);
    // The record of a client that left waits for the work, and is written before the exception
    // filter runs: it takes the error code from here (settling never rejects).
    const { call } = req;
    call.settle(
      work.then(undefined, (err: unknown) => {
        if (call.errorCode === null) call.failed(toGatewayError(err).error.code);
      }),
    );
    return work;
  }

  private async process(req: PublicCallRequest, res: Response, door: CallDoor): Promise<void> {
    const { call } = req;
    const endpoint = call.endpoint!;
    const method = req.method === 'GET' ? 'GET' : 'POST';
    // A caller that left during auth or limits: no body to read, no upstream call, nothing billed.
    if (clientGone(call, res)) return;
    const { input, pricing } = await door.prepare(req, endpoint, this.config.BODY_LIMIT_BYTES);

    // Nor does one that left while its body was validated; one that leaves later aborts the
    // upstream call at once.
    if (clientGone(call, res)) return;
    const abort = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) abort.abort();
    };
    res.once('close', onClose);
    const request: ProviderRequest = {
      slug: endpoint.slug,
      category: endpoint.category,
      operation: endpoint.operation,
      billingUnit: endpoint.billingUnit,
      method,
      input,
      requestId: call.requestId,
      signal: abort.signal,
    };
    try {
      if (wantsStream(input)) {
        await this.stream(call, endpoint, pricing, request, res, abort, door.streamEvents(req, endpoint));
        return;
      }
      const { result, usage } = await this.proxy.call(endpoint, request, call, pricing.upstreams);
      this.bill(call, endpoint, pricing, usage);
      if (abort.signal.aborted) return;
      door.send(req, res, endpoint, result, usage);
    } finally {
      res.off('close', onClose);
    }
  }

  /**
   * SSE: the stream opens (with fallback) and its first chunk arrives before any byte is sent, so
   * an error up to then is an ordinary JSON error; after that, errors travel in-band. A stream
   * holds one of the process's stream slots from before the upstream is called until it ends.
   */
  private async stream(
    call: CallContext,
    endpoint: CatalogEntry,
    pricing: Pricing,
    request: ProviderRequest,
    res: Response,
    abort: AbortController,
    events: StreamEvents,
  ): Promise<void> {
    const keyId = call.caller!.keyId;
    const full = this.streamSlots.acquire(keyId);
    if (full) {
      throw new GatewayError('too_many_streams', undefined, { limit: full, max_streams: this.streamSlots.limitOf(full) });
    }
    try {
      const upstream = await this.proxy.openStream(endpoint, request, call, this.config.STREAM_IDLE_TIMEOUT_MS, pricing.upstreams, abort);
      const writer = new SseWriter(res, this.config.STREAM_KEEPALIVE_MS, this.config.STREAM_WRITE_TIMEOUT_MS);
      writer.open();
      const { outcome, errorCode } = await relayStream(upstream, writer, {
        idleTimeoutMs: this.config.STREAM_IDLE_TIMEOUT_MS,
        maxDurationMs: this.config.STREAM_MAX_DURATION_MS,
        upstream: abort,
        bill: (usage) => this.bill(call, endpoint, pricing, usage),
        events,
      });
      call.streamEnded(outcome, errorCode);
    } finally {
      this.streamSlots.release(keyId);
    }
  }

  /** Records the charge on the call; the audit record and the response both read it. */
  private bill(call: CallContext, endpoint: CatalogEntry, pricing: Pricing, usage: Usage): void {
    const charge = this.billing.charge(call.caller!, endpoint, pricing, usage);
    call.billed(charge);
    if (usage.rejected !== undefined || charge.source === 'capped' || charge.unpriced)
      this.warnUsage(call, endpoint, pricing, usage, charge);
  }

  /** An upstream's usage report was unusable or over the cap: say so (off the normal path: only for such calls). */
  private warnUsage(call: CallContext, endpoint: CatalogEntry, pricing: Pricing, usage: Usage, charge: Charge): void {
    const upstream = pricing.upstreams.find((u) => u.id === call.upstreamId)?.name ?? null;
    this.logger.warn(
      {
        requestId: call.requestId,
        slug: endpoint.slug,
        upstream,
        reported: usage.rejected ?? meterQuantitiesText(usage),
        billed: charge.meters.map((m) => `${m.meter}=${m.quantity}`).join(' '),
        caps: pricing.meters.map((m) => `${m.meter}=${m.quantityCap}`).join(' '),
      },
      usage.rejected !== undefined
        ? 'upstream usage report invalid, billed the estimate'
        : charge.unpriced
          ? 'upstream usage in meters the price does not have, billed one unit of its first meter'
          : 'upstream usage over the per-call cap, billed the cap',
    );
  }
}

function clientGone(call: CallContext, res: Response): boolean {
  return call.clientClosed || res.destroyed;
}

/** `input_tokens=120 output_tokens=40`: a usage for the warning log. */
function meterQuantitiesText(usage: Usage): string {
  return Object.entries(usage.meters)
    .map(([meter, quantity]) => `${meter}=${String(quantity)}`)
    .join(' ');
}
