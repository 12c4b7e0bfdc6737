/**
 * The public API client: `call` and `stream` on `{baseUrl}/api/public/v1/{slug}` with an API key.
 */
import { UnexpectedResponseError, isObject } from './errors.js';
import type { GenericInput, InputOf, ResultOf, StreamableSlug } from './endpoints.js';
import { usdToPicoUsd } from './money.js';
import { meterUsageOf, type MeterUsage } from './usage.js';
import { readRateLimit, type RateLimitState } from './rate-limit.js';
import { GatewayStream } from './stream.js';
import { Transport, type FetchLike, type RequestOptions } from './transport.js';
import type { RetrySetting } from './retry.js';

export interface GatewayOptions {
  /** An API key (`gw_…`), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** The gateway's origin, e.g. `https://gateway.example.com` or `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** Retries of failures that are safe to repeat (see RetryOptions). Off unless set. */
  retry?: RetrySetting;
  /** Another fetch (a proxy agent, a test double); the global one by default. */
  fetch?: FetchLike;
  /** Headers added to every request. */
  headers?: Record<string, string>;
}

export type { MeterUsage } from './usage.js';

/** What a call was billed for. */
export interface CallUsage {
  /** `tokens_1k`, `image`, `minute`, `generation`, `record`, `verification`, `transaction`, `call`. */
  billingUnit: string;
  /** Usage in the billing unit's base measure: tokens, milliseconds, or a count. */
  quantity: number;
  /** The same usage in billing units. */
  units: number;
  /** The usage per meter of the price (input and output tokens, images, …), each with what it cost. */
  meters: MeterUsage[];
}

export interface CallResult<T> {
  /** The slug called. */
  endpoint: string;
  /** Always `accepted`: failures are thrown. */
  status: 'accepted';
  /** X-Service-Request-Id: the audit record's id. */
  requestId: string;
  /** What the call costs the caller, as the gateway sent it (a JSON number). */
  billedUsd: number;
  /** The same, exact, in pico-USD (1e-12 USD): the figure to add up. */
  billedPicoUsd: bigint;
  /** When the gateway received the call. */
  receivedAt: Date;
  usage: CallUsage;
  /** The upstream's answer, unchanged. */
  result: T;
  rateLimit: RateLimitState;
}

export class Gateway {
  private readonly transport: Transport;

  constructor(options: GatewayOptions) {
    this.transport = new Transport({ ...options, token: options.apiKey });
  }

  /**
   * Calls a catalog endpoint and returns its result. The input and result are typed for the seeded
   * slugs (KnownEndpoints); any other slug takes a JSON object and returns `unknown`.
   */
  async call<S extends string>(slug: S, input: InputOf<S>, options?: RequestOptions): Promise<CallResult<ResultOf<S>>> {
    return this.callUntyped<ResultOf<S>>(slug, input as GenericInput, options);
  }

  /** `call` without the slug's types: any slug, any JSON object, the result typed as you say. */
  async callUntyped<T = unknown>(slug: string, input: GenericInput = {}, options?: RequestOptions): Promise<CallResult<T>> {
    if (input.stream === true) throw new TypeError('use stream() for a streamed call');
    const { response, receivedAt } = await this.transport.send({
      method: 'POST',
      path: publicPath(slug),
      body: input,
      idempotent: false,
      options,
    });
    const rateLimit = readRateLimit(response.headers, receivedAt);
    const text = await response.text();
    return envelope<T>(text, rateLimit, response.headers.get('x-service-request-id'));
  }

  /**
   * Streams a call (Server-Sent Events). The request starts when you iterate (or call `open()`):
   *
   *   for await (const event of gateway.stream('text.generate', { input: 'Tell me a story' })) {
   *     if (event.type === 'delta') process.stdout.write(event.delta);
   *     else console.log(event.usage.costUsd);
   *   }
   */
  stream<S extends string>(slug: S & StreamableSlug<S>, input: InputOf<S>, options?: RequestOptions): GatewayStream {
    const body = { ...(input as GenericInput), stream: true };
    return new GatewayStream(
      (signal) =>
        this.transport.send({
          method: 'POST',
          path: publicPath(slug),
          body,
          accept: 'text/event-stream',
          idempotent: false,
          options: { ...options, signal },
        }),
      options?.signal,
    );
  }
}

function publicPath(slug: string): string {
  if (!slug) throw new TypeError('a slug is required, e.g. "text.generate"');
  return `/api/public/v1/${encodeURIComponent(slug)}`;
}

function envelope<T>(text: string, rateLimit: RateLimitState, headerRequestId: string | null): CallResult<T> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!isObject(body) || typeof body.request_id !== 'string' || typeof body.billed_usd !== 'number' || !isObject(body.usage)) {
    throw new UnexpectedResponseError({
      code: 'unexpected_response',
      status: 200,
      message: `the answer is not a call result: ${text.slice(0, 200)}`,
      requestId: headerRequestId,
      rateLimit,
    });
  }
  const usage = body.usage;
  return {
    endpoint: String(body.endpoint),
    status: 'accepted',
    requestId: body.request_id,
    billedUsd: body.billed_usd,
    billedPicoUsd: usdToPicoUsd(body.billed_usd),
    receivedAt: new Date(String(body.received_at)),
    usage: {
      billingUnit: String(usage.billing_unit),
      quantity: Number(usage.quantity),
      units: Number(usage.units),
      meters: meterUsageOf(usage.meters),
    },
    result: body.result as T,
    rateLimit,
  };
}
