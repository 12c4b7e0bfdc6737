import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { BILLING_UNITS } from '../billing/billing-units';
import { BillingService } from '../billing/billing.service';
import { microUsdToUsdNumber, quantityToUnits } from '../billing/money';
import type { CatalogEntry } from '../catalog/catalog-entry';
import { GatewayError } from '../common/errors/error-catalog';
import type { GatewayRequest, RequestContext } from '../common/http/request-context';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { ProviderRequest, Usage } from '../proxy/provider.types';
import { ProxyService } from '../proxy/proxy.service';
import { validateInput } from './input-validation';
import { checkJsonValue, PUBLIC_JSON_BOUNDS, readJsonObjectBody } from './json-body';
import { SseWriter } from '../streaming/sse-writer';
import { relayStream } from '../streaming/stream-relay';

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
  constructor(
    private readonly proxy: ProxyService,
    private readonly billing: BillingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  handle(req: GatewayRequest, res: Response): Promise<void> {
    const work = this.process(req, res);
    req.ctx.settled = work;
    return work;
  }

  private async process(req: GatewayRequest, res: Response): Promise<void> {
    const { ctx } = req;
    const endpoint = ctx.endpoint!;
    const method = req.method === 'GET' ? 'GET' : 'POST';
    const input = method === 'GET' ? queryInput(req.query) : await readJsonObjectBody(req, this.config.BODY_LIMIT_BYTES);
    await validateInput(endpoint.slug, input);
    if (wantsStream(input) && !endpoint.streamable) {
      throw new GatewayError('invalid_request', `The endpoint ${endpoint.slug} does not stream; omit "stream" or set it to false.`);
    }

    // The caller going away aborts the upstream call at once.
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
        await this.stream(ctx, endpoint, request, res, abort);
        return;
      }
      const { result, usage } = await this.proxy.call(endpoint, request, ctx);
      this.bill(ctx, endpoint, usage);
      if (abort.signal.aborted) return;
      sendJson(res, 200, this.envelope(ctx, endpoint, result));
    } finally {
      res.off('close', onClose);
    }
  }

  /**
   * SSE: the stream opens (with fallback) and its first chunk arrives before any byte is sent, so
   * an error up to then is an ordinary JSON error; after that, errors travel in-band.
   */
  private async stream(ctx: RequestContext, endpoint: CatalogEntry, request: ProviderRequest, res: Response, abort: AbortController): Promise<void> {
    const upstream = await this.proxy.openStream(endpoint, request, ctx, this.config.STREAM_IDLE_TIMEOUT_MS);
    const writer = new SseWriter(res, this.config.STREAM_KEEPALIVE_MS);
    writer.open();
    const { outcome, errorCode } = await relayStream(upstream, writer, {
      requestId: ctx.requestId,
      idleTimeoutMs: this.config.STREAM_IDLE_TIMEOUT_MS,
      upstream: abort,
      bill: (usage) => {
        this.bill(ctx, endpoint, usage);
        return microUsdToUsdNumber(ctx.resaleMicroUsd);
      },
    });
    ctx.streamOutcome = outcome;
    ctx.errorCode = errorCode;
  }

  /** Records the charge on the request context; the audit record and the response both read it. */
  bill(ctx: RequestContext, endpoint: CatalogEntry, usage: Usage): void {
    const charge = this.billing.charge(endpoint, usage.quantity);
    ctx.quantity = charge.quantity;
    ctx.wholesaleMicroUsd = charge.wholesaleMicroUsd;
    ctx.resaleMicroUsd = charge.resaleMicroUsd;
  }

  private envelope(ctx: RequestContext, endpoint: CatalogEntry, result: unknown): CallResponse {
    return {
      endpoint: endpoint.slug,
      status: 'accepted',
      request_id: ctx.requestId,
      billed_usd: microUsdToUsdNumber(ctx.resaleMicroUsd),
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
