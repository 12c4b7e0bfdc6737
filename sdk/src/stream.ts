/**
 * A streamed call (Server-Sent Events) as an async iterator: `delta` events, then one `done` event
 * with the final usage. Built on the SSE reader the gateway itself uses for upstream streams.
 *
 * Leaving the loop early (`break`, a throw) or aborting the signal closes the connection at once:
 * the gateway cancels the upstream and bills only what was generated (its audit record says
 * `aborted`). An error before the first chunk is thrown as the typed error of its JSON answer; an
 * error in the middle is thrown from the loop, with the usage billed for the part that came
 * (`error.streamUsage`).
 */
import {
  GatewayConnectionError,
  GatewayError,
  UnexpectedResponseError,
  errorFromStreamEvent,
  isObject,
  type StreamUsage,
} from './errors.js';
import { usdToPicoUsd } from './money.js';
import { meterUsageOf } from './usage.js';
import { readRateLimit, type RateLimitState } from './rate-limit.js';
import { abortReason } from './retry.js';
import { readSseEvents, SseLineTooLongError } from './sse-reader.js';
import type { Answer } from './transport.js';

export type { StreamUsage };

export type StreamEvent =
  /** A piece of generated text. */
  | { type: 'delta'; delta: string }
  /** The last event: the stream finished, and what it cost. */
  | { type: 'done'; usage: StreamUsage };

/** What is known once the gateway accepted the stream (its first chunk is at hand). */
export interface StreamOpened {
  requestId: string;
  rateLimit: RateLimitState;
}

type Start = (signal: AbortSignal) => Promise<Answer>;

export class GatewayStream implements AsyncIterable<StreamEvent> {
  /** The request id (X-Service-Request-Id) once the stream opened, else null. */
  requestId: string | null = null;
  /** The rate-limit state of the stream's answer once it opened, else null. */
  rateLimit: RateLimitState | null = null;
  /** The final usage once the stream finished (or failed in-band), else null. */
  usage: StreamUsage | null = null;

  private readonly controller = new AbortController();
  private opening: Promise<StreamOpened> | null = null;
  private body: ReadableStream<Uint8Array> | null = null;
  private iterated = false;
  /** Stops following the caller's signal (once the stream is over: a long-lived signal must not collect listeners). */
  private unlink: () => void = () => undefined;

  /** @internal Made by `Gateway.stream()`. */
  constructor(
    private readonly start: Start,
    signal: AbortSignal | undefined,
  ) {
    if (signal?.aborted) {
      this.controller.abort(abortReason(signal));
    } else if (signal) {
      const follow = () => this.controller.abort(abortReason(signal));
      signal.addEventListener('abort', follow, { once: true });
      this.unlink = () => signal.removeEventListener('abort', follow);
    }
  }

  /**
   * Sends the request and waits for the gateway to accept it (iterating does this too). Rejects with
   * the typed error when the gateway refuses the stream (nothing billed).
   */
  open(): Promise<StreamOpened> {
    this.opening ??= this.start(this.controller.signal).then(({ response, receivedAt }) => {
      const contentType = response.headers.get('content-type') ?? '';
      const requestId = response.headers.get('x-service-request-id') ?? '';
      if (!contentType.startsWith('text/event-stream') || !response.body) {
        this.controller.abort();
        throw new UnexpectedResponseError({
          code: 'unexpected_response',
          status: response.status,
          message: `expected an event stream, got ${contentType || 'no content type'}`,
          requestId: requestId || null,
          rateLimit: readRateLimit(response.headers, receivedAt),
        });
      }
      this.body = response.body;
      this.requestId = requestId;
      this.rateLimit = readRateLimit(response.headers, receivedAt);
      return { requestId, rateLimit: this.rateLimit };
    });
    this.opening.catch(() => this.unlink());
    return this.opening;
  }

  /** Stops the stream now: the connection closes and the gateway bills only what was generated. */
  abort(reason?: unknown): void {
    this.controller.abort(reason);
  }

  [Symbol.asyncIterator](): AsyncIterator<StreamEvent> {
    if (this.iterated) throw new TypeError('a stream can be read only once');
    this.iterated = true;
    return this.events();
  }

  /** Reads the whole stream: the text and the final usage. */
  async text(): Promise<{ text: string; usage: StreamUsage }> {
    let text = '';
    for await (const event of this) {
      if (event.type === 'delta') text += event.delta;
      else return { text, usage: event.usage };
    }
    // events() throws rather than end without its `done` event.
    throw new GatewayConnectionError('the stream ended before its final event', { mayHaveBeenSent: true, requestId: this.requestId });
  }

  private async *events(): AsyncGenerator<StreamEvent> {
    await this.open();
    let finished = false;
    try {
      for await (const data of readSseEvents(chunksOf(this.body!))) {
        if (!isObject(data)) continue;
        if (isObject(data.error)) {
          this.usage = usageOf(data.usage);
          throw errorFromStreamEvent(
            {
              code: String(data.error.code),
              message: stringOr(data.error.message),
              details: isObject(data.error.details) ? data.error.details : undefined,
            },
            this.requestId,
            this.rateLimit,
            this.usage ?? undefined,
          );
        }
        if (typeof data.delta === 'string') yield { type: 'delta', delta: data.delta };
        if (data.done === true) {
          this.usage = usageOf(data.usage);
          if (!this.usage) throw this.malformed('the final event has no usage');
          finished = true;
          yield { type: 'done', usage: this.usage };
        }
      }
    } catch (error) {
      throw this.failure(error);
    } finally {
      // A loop left early (break, throw) or a failure: close the connection now, which stops billing.
      if (!finished) this.controller.abort();
      this.unlink();
    }
    if (!finished)
      throw new GatewayConnectionError('the stream ended before its final event', { mayHaveBeenSent: true, requestId: this.requestId });
  }

  /** What a failure while reading is thrown as: the abort reason, a typed error, or a connection error. */
  private failure(error: unknown): unknown {
    if (this.controller.signal.aborted) return abortReason(this.controller.signal);
    if (error instanceof GatewayError) return error;
    if (error instanceof SyntaxError) return this.malformed(`an event is not JSON (${error.message})`);
    if (error instanceof SseLineTooLongError) return this.malformed(error.message);
    return new GatewayConnectionError('the stream was cut off', { mayHaveBeenSent: true, cause: error, requestId: this.requestId });
  }

  private malformed(message: string): UnexpectedResponseError {
    return new UnexpectedResponseError({
      code: 'unexpected_response',
      status: 200,
      message,
      requestId: this.requestId,
      rateLimit: this.rateLimit,
    });
  }
}

function usageOf(value: unknown): StreamUsage | null {
  if (!isObject(value) || typeof value.cost_usd !== 'number') return null;
  return {
    calls: typeof value.calls === 'number' ? value.calls : 1,
    costUsd: value.cost_usd,
    costPicoUsd: usdToPicoUsd(value.cost_usd),
    meters: meterUsageOf(value.meters),
  };
}

const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The chunks of a fetch body through its reader (browsers' ReadableStream is not always async-iterable). */
async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!ended) reader.cancel().catch(() => undefined);
  }
}
