import { ERROR_CATALOG, ErrorCode } from '../common/errors/error-catalog';
import { canPull, ProviderError, ProviderStream, StreamChunk, Usage } from '../proxy/provider.types';
import type { SseWriter } from '../streaming/sse-writer';
import type { StreamOutcome } from './call-context';

export interface RelayOptions {
  /** No chunk for this long ends the stream with stream_timeout. */
  idleTimeoutMs: number;
  /** The stream lasting this long ends it with stream_duration_exceeded, chunks or not. */
  maxDurationMs: number;
  /** Aborting it cancels the upstream request. */
  upstream: AbortController;
  /** Bills the usage so far (once, whatever the outcome), before the last events are written. */
  bill(usage: Usage): void;
  /** The events the client reads, in the dialect of the door the call came through. */
  events: StreamEvents;
}

/**
 * A door's stream dialect: the payload of each `data:` event. `completed` and `failed` run after the
 * usage was billed, so their events can show the bill; `[DONE]` follows them.
 */
export interface StreamEvents {
  chunk(delta: string): object;
  /** The last events of a stream that ran to its end. */
  completed(usage: Usage): readonly object[];
  /** The in-band error of a stream that had started, and what follows it. */
  failed(code: ErrorCode, message: string, usage: Usage): readonly object[];
}

export interface RelayResult {
  outcome: StreamOutcome;
  errorCode: ErrorCode | null;
}

type Step =
  | { kind: 'chunk'; chunk: StreamChunk }
  | { kind: 'end' }
  | { kind: 'timeout' }
  | { kind: 'expired' }
  | { kind: 'closed' }
  | { kind: 'error'; error: unknown };

/**
 * Relays an upstream stream (already open, first chunk included) to the client as SSE events.
 * Pulls one chunk at a time and waits for the client to take each (backpressure), so a slow client
 * pauses the upstream. Ends in exactly one of: completed, aborted (client left: upstream cancelled
 * at once; also a client that takes no bytes for the write timeout), errored (error event + done),
 * timed out (stream_timeout or stream_duration_exceeded event + done). Whatever happens, the usage
 * generated so far is billed once.
 */
export async function relayStream(stream: ProviderStream, writer: SseWriter, options: RelayOptions): Promise<RelayResult> {
  const { events } = options;
  const iterator = stream.chunks[Symbol.asyncIterator]();
  const steps = new StepSource(iterator, writer, options.idleTimeoutMs, options.maxDurationMs);
  try {
    for (;;) {
      const step = await steps.next();
      switch (step.kind) {
        case 'chunk':
          await writer.event(events.chunk(step.chunk.delta));
          continue;
        case 'end': {
          const usage = stream.usage();
          options.bill(usage);
          for (const event of events.completed(usage)) await writer.event(event);
          writer.done();
          return { outcome: 'completed', errorCode: null };
        }
        case 'closed':
          options.upstream.abort();
          options.bill(stream.usage());
          return { outcome: 'aborted', errorCode: null };
        case 'timeout':
          options.upstream.abort();
          await finishWithError(writer, options, stream, 'stream_timeout');
          return { outcome: 'timed_out', errorCode: 'stream_timeout' };
        case 'expired':
          options.upstream.abort();
          await finishWithError(writer, options, stream, 'stream_duration_exceeded');
          return { outcome: 'timed_out', errorCode: 'stream_duration_exceeded' };
        case 'error': {
          if (writer.closed || (step.error instanceof ProviderError && step.error.kind === 'aborted')) {
            options.bill(stream.usage());
            return { outcome: 'aborted', errorCode: null };
          }
          options.upstream.abort();
          await finishWithError(writer, options, stream, 'upstream_unavailable');
          return { outcome: 'errored', errorCode: 'upstream_unavailable' };
        }
      }
    }
  } finally {
    steps.dispose();
    // Leave the upstream iterator in a finished state (runs the provider's cleanup).
    void iterator.return?.(undefined)?.catch(() => undefined);
  }
}

/** A stream ended by an error: the usage so far billed, then the dialect's error events and `[DONE]`. */
async function finishWithError(writer: SseWriter, options: RelayOptions, stream: ProviderStream, code: ErrorCode): Promise<void> {
  const usage = stream.usage();
  options.bill(usage);
  for (const event of options.events.failed(code, ERROR_CATALOG[code].message, usage)) await writer.event(event);
  writer.done();
}

/**
 * The next thing that happens to a stream: a chunk, its end, an upstream error, the idle timer,
 * the maximum duration, or the client closing. One idle timer per stream, re-armed for each wait,
 * and one duration timer; the duration can run out while a write waits for the client (bounded by
 * the writer's own timeout), and is then the next step.
 */
class StepSource {
  /** The pending next()'s resolve; whatever happens first settles it, the rest find it gone. */
  private wake: ((step: Step) => void) | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly deadline: NodeJS.Timeout;
  private expired = false;
  // Made once per stream, not per wait: a wait lasts as long as the upstream's gap between chunks,
  // long enough for what it allocates to outlive the young generation.
  private readonly onClose = () => this.settle(CLOSED);
  private readonly waitFor = (resolve: (step: Step) => void) => {
    this.wake = resolve;
  };
  private readonly onResult = (result: IteratorResult<StreamChunk>) =>
    this.settle(result.done ? END : { kind: 'chunk', chunk: result.value });
  private readonly onError = (error: unknown) => this.settle({ kind: 'error', error });

  constructor(
    private readonly iterator: AsyncIterator<StreamChunk>,
    private readonly writer: SseWriter,
    idleTimeoutMs: number,
    maxDurationMs: number,
  ) {
    this.timer = setTimeout(() => this.settle(TIMEOUT), idleTimeoutMs);
    this.deadline = setTimeout(() => {
      this.expired = true;
      this.settle(EXPIRED);
    }, maxDurationMs);
    writer.onClose(this.onClose);
  }

  next(): Promise<Step> {
    if (this.writer.closed) return Promise.resolve(CLOSED);
    if (this.expired) return Promise.resolve(EXPIRED);
    this.timer.refresh();
    const step = new Promise<Step>(this.waitFor);
    if (canPull(this.iterator)) this.iterator.pull(this.onResult, this.onError);
    else this.iterator.next().then(this.onResult, this.onError);
    return step;
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.deadline);
    this.writer.offClose(this.onClose);
  }

  private settle(step: Step): void {
    const wake = this.wake;
    this.wake = null;
    wake?.(step);
  }
}

const END: Step = { kind: 'end' };
const TIMEOUT: Step = { kind: 'timeout' };
const EXPIRED: Step = { kind: 'expired' };
const CLOSED: Step = { kind: 'closed' };
