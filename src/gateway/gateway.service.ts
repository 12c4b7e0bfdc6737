import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { BILLING_UNITS } from '../catalog/billing-units';
import { BillingService } from '../billing/billing.service';
import { picoUsdToUsdNumber, quantityToUnits } from '../common/money/money';
import type { CatalogEntry, Pricing } from '../catalog/catalog-entry';
import { GatewayError } from '../common/errors/error-catalog';
import { toGatewayError } from '../common/errors/to-gateway-error';
import { GatewayRequest, RequestContext, settleCall } from './call-context';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { ProviderRequest, Usage } from '../proxy/provider.types';
import { ProxyService } from '../proxy/proxy.service';
import { validateInput } from './input-validation';
import { choosePricing } from './model-choice';
import { checkJsonValue, PUBLIC_JSON_BOUNDS, readJsonObjectBody } from '../common/http/json-body';
import { SseWriter } from '../streaming/sse-writer';
import { relayStream } from './stream-relay';
import { StreamSlots } from '../streaming/stream-slots';

/** The normal (non-stream) response of a public call; README "API" documents every field. */
export interface CallResponse {
  endpoint: string;
  status: 'accepted';
  request_id: string;
  billed_usd: number;
  received_at: string;
  usage: { billing_unit: string; quantity: number; units: number };
  result: unknown;
}

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

  handle(req: GatewayRequest, res: Response): Promise<void> {
    const work = this.process(req, res);
    // The record of a client that left waits for the work, and is written before the exception
    // filter runs: it takes the error code from here (settling never rejects).
    settleCall(
      req.ctx,
      work.then(undefined, (err: unknown) => {
        req.ctx.errorCode ??= toGatewayError(err).error.code;
      }),
    );
    return work;
  }

  private async process(req: GatewayRequest, res: Response): Promise<void> {
    const { ctx } = req;
    const endpoint = ctx.endpoint!;
    const method = req.method === 'GET' ? 'GET' : 'POST';
    // A caller that left during auth or limits: no body to read, no upstream call, nothing billed.
    if (clientGone(ctx, res)) return;
    const input = method === 'GET' ? queryInput(req.query) : await readJsonObjectBody(req, this.config.BODY_LIMIT_BYTES);
    await validateInput(endpoint.slug, input);
    if (wantsStream(input) && !endpoint.streamable) {
      throw new GatewayError('invalid_request', `The endpoint ${endpoint.slug} does not stream; omit "stream" or set it to false.`);
    }
    const pricing = choosePricing(endpoint, input);

    // Nor does one that left while its body was validated; one that leaves later aborts the
    // upstream call at once.
    if (clientGone(ctx, res)) return;
    const abort = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) abort.abort();
    };
    res.once('close', onClose);
    const request: ProviderRequest = {
      slug: endpoint.slug,
      category: endpoint.category,
      billingUnit: endpoint.billingUnit,
      method,
      input,
      requestId: ctx.requestId,
      signal: abort.signal,
    };
    try {
      if (wantsStream(input)) {
        await this.stream(ctx, endpoint, pricing, request, res, abort);
        return;
      }
      const { result, usage } = await this.proxy.call(endpoint, request, ctx, pricing.upstreams);
      this.bill(ctx, endpoint, pricing, usage);
      if (abort.signal.aborted) return;
      sendJson(res, 200, this.envelope(ctx, endpoint, result));
    } finally {
      res.off('close', onClose);
    }
  }

  /**
   * SSE: the stream opens (with fallback) and its first chunk arrives before any byte is sent, so
   * an error up to then is an ordinary JSON error; after that, errors travel in-band. A stream
   * holds one of the process's stream slots from before the upstream is called until it ends.
   */
  private async stream(ctx: RequestContext, endpoint: CatalogEntry, pricing: Pricing, request: ProviderRequest, res: Response, abort: AbortController): Promise<void> {
    const keyId = ctx.caller!.keyId;
    const full = this.streamSlots.acquire(keyId);
    if (full) {
      throw new GatewayError('too_many_streams', undefined, { limit: full, max_streams: this.streamSlots.limitOf(full) });
    }
    try {
      const upstream = await this.proxy.openStream(endpoint, request, ctx, this.config.STREAM_IDLE_TIMEOUT_MS, pricing.upstreams);
      const writer = new SseWriter(res, this.config.STREAM_KEEPALIVE_MS, this.config.STREAM_WRITE_TIMEOUT_MS);
      writer.open();
      const { outcome, errorCode } = await relayStream(upstream, writer, {
        requestId: ctx.requestId,
        idleTimeoutMs: this.config.STREAM_IDLE_TIMEOUT_MS,
        maxDurationMs: this.config.STREAM_MAX_DURATION_MS,
        upstream: abort,
        bill: (usage) => {
          this.bill(ctx, endpoint, pricing, usage);
          return picoUsdToUsdNumber(ctx.resalePicoUsd);
        },
      });
      ctx.streamOutcome = outcome;
      ctx.errorCode = errorCode;
    } finally {
      this.streamSlots.release(keyId);
    }
  }

  /** Records the charge on the request context; the audit record and the response both read it. */
  bill(ctx: RequestContext, endpoint: CatalogEntry, pricing: Pricing, usage: Usage): void {
    const charge = this.billing.charge(endpoint, pricing, usage);
    ctx.quantity = charge.quantity;
    ctx.wholesalePicoUsd = charge.wholesalePicoUsd;
    ctx.resalePicoUsd = charge.resalePicoUsd;
    ctx.usageSource = charge.source;
    if (usage.rejected !== undefined || charge.source === 'capped') this.warnUsage(ctx, endpoint, pricing, usage, charge.quantity);
  }

  /** An upstream's usage report was unusable or over the cap: say so (off the normal path: only for such calls). */
  private warnUsage(ctx: RequestContext, endpoint: CatalogEntry, pricing: Pricing, usage: Usage, billed: bigint): void {
    const upstream = pricing.upstreams.find((u) => u.id === ctx.upstreamId)?.name ?? null;
    this.logger.warn(
      {
        requestId: ctx.requestId,
        slug: endpoint.slug,
        upstream,
        reported: usage.rejected ?? usage.quantity.toString(),
        billedQuantity: billed.toString(),
        cap: pricing.quantityCap.toString(),
      },
      usage.rejected !== undefined ? 'upstream usage report invalid, billed the estimate' : 'upstream usage over the per-call cap, billed the cap',
    );
  }

  private envelope(ctx: RequestContext, endpoint: CatalogEntry, result: unknown): CallResponse {
    return {
      endpoint: endpoint.slug,
      status: 'accepted',
      request_id: ctx.requestId,
      billed_usd: picoUsdToUsdNumber(ctx.resalePicoUsd),
      received_at: ctx.receivedAt.toISOString(),
      usage: {
        billing_unit: endpoint.billingUnit,
        quantity: Number(ctx.quantity),
        units: quantityToUnits(ctx.quantity, BILLING_UNITS[endpoint.billingUnit].perUnit),
      },
      result,
    };
  }
}

function clientGone(ctx: RequestContext, res: Response): boolean {
  return ctx.clientClosed || res.destroyed;
}

/** res.json without Express's per-call content-type parsing: this is the hottest line of the gateway. */
function sendJson(res: Response, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
}

/**
 * GET input: the query string, flat (a repeated parameter becomes an array of strings), with
 * `stream=true|false|1|0` read as the boolean a JSON body would carry. The same bounds and NUL
 * rule as a body apply (a spread copies `__proto__` as an own key, never through the setter).
 */
function queryInput(query: GatewayRequest['query']): Record<string, unknown> {
  checkJsonValue(query, PUBLIC_JSON_BOUNDS);
  const input: Record<string, unknown> = { ...(query as Record<string, unknown>) };
  if (input.stream === 'true' || input.stream === '1') input.stream = true;
  else if (input.stream === 'false' || input.stream === '0') input.stream = false;
  return input;
}

export function wantsStream(input: Record<string, unknown>): boolean {
  return input.stream === true;
}
