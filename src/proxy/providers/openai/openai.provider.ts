import { Agent, request, Dispatcher, type FormData } from 'undici';
import type { UpstreamTarget } from '../../../catalog/upstream';
import { SseLineTooLongError } from '../../../../sdk/src/sse-reader';
import { describeServed, knownOperationOf } from '../../provider-kind';
import {
  ChunkPull,
  Provider,
  ProviderError,
  ProviderRequest,
  ProviderResult,
  ProviderStream,
  StreamChunk,
  Usage,
} from '../../provider.types';
import { isObject } from '../shared/json';
import { SSE_END, SSE_WAIT, SseBody } from '../shared/sse-body';
import { classify, joinBaseUrl, upstreamHeaders } from '../shared/upstream-http';
import { AgentsBySize, maxResponseBytesOf, UpstreamDeadlines, UpstreamLimits } from '../shared/upstream-limits';
import { speechRequest, speechResult, transcriptionRequest, transcriptionResult } from './openai-audio';
import { chatCompletionRequest, chatCompletionResult, chatUsage } from './openai-chat';
import { embeddingsRequest, embeddingsResult } from './openai-embeddings';
import { upstreamFailure } from './openai-errors';
import { imageRequest, imageResult } from './openai-images';
import { OPENAI_AUTH, OPENAI_OPERATIONS, type OpenAiOperation } from './openai-operations';

const DEFAULT_MODEL = 'default';
/** What may follow a stream's [DONE] (the end of the body) must come at once, or the connection is dropped. */
const DRAIN_AFTER_DONE_MS = 1000;

/** How a whole answer's body is read: JSON, or the bytes as they are (speech). */
type BodyReading = 'json' | 'bytes';

/**
 * OpenAI's API, and servers compatible with it (vLLM, Ollama, Azure OpenAI behind its path, …):
 * each known operation (openai-operations.ts; any other text slug is a chat completion) is called
 * at its path, with the operator's `model` (else "default"), and answered in the slug's one shape
 * (docs/concepts/provider-kinds.md, "The `openai` kind"). A slug of another operation is an operator misconfiguration:
 * ProviderError 'unsupported', never retried.
 */
export class OpenAiProvider implements Provider {
  readonly kind = 'openai' as const;
  /**
   * Streams: no cap on connections per upstream (every open stream holds one for its whole life)
   * and no size cap (a stream is bounded by its duration and the relay's backpressure).
   */
  private readonly streamAgent = new Agent({ keepAliveTimeout: 30_000 });
  /** Whole answers: one agent per response-size cap (undici enforces it per connection pool). */
  private readonly callAgents = new AgentsBySize({ keepAliveTimeout: 30_000 });

  private readonly deadlines: UpstreamDeadlines;

  constructor(private readonly limits: UpstreamLimits) {
    this.deadlines = new UpstreamDeadlines(limits.deadlineMs);
  }

  async call(target: UpstreamTarget, req: ProviderRequest): Promise<ProviderResult> {
    const model = modelOf(target);
    switch (knownOperationOf(req.slug, req.category)) {
      case 'text.generate': {
        const payload = JSON.stringify(chatCompletionRequest(req.input, model, false));
        return chatCompletionResult(await this.wholeAnswer(target, req, 'text.generate', payload, 'json'), req.input, model);
      }
      case 'text.embed': {
        const payload = JSON.stringify(embeddingsRequest(req.input, model));
        return embeddingsResult(await this.wholeAnswer(target, req, 'text.embed', payload, 'json'), req.input, model);
      }
      case 'media.image': {
        const { request: image, requested } = imageRequest(req.input, model);
        return imageResult(await this.wholeAnswer(target, req, 'media.image', JSON.stringify(image), 'json'), req.input, requested);
      }
      case 'voice.stt': {
        const { form, audioBytes } = transcriptionRequest(req.input, model);
        return transcriptionResult(await this.wholeAnswer(target, req, 'voice.stt', form, 'json'), audioBytes);
      }
      case 'voice.tts': {
        const { request: speech, text, format } = speechRequest(req.input, model);
        const audio = (await this.wholeAnswer(target, req, 'voice.tts', JSON.stringify(speech), 'bytes')) as Buffer;
        return speechResult(audio, text, format);
      }
      default:
        throw unsupported(target, req);
    }
  }

  /** Text generations only. Resolves once the upstream answered 2xx with headers; a failure before that falls back. */
  async stream(target: UpstreamTarget, req: ProviderRequest): Promise<ProviderStream> {
    if (knownOperationOf(req.slug, req.category) !== 'text.generate') throw unsupported(target, req);
    const payload = JSON.stringify(chatCompletionRequest(req.input, modelOf(target), true));
    const response = await this.send(target, req, 'text.generate', payload, this.streamAgent, target.timeoutMs, true);
    if (response.statusCode >= 300) throw await upstreamFailure(response);
    return new ChatCompletionStream(response.body, req.signal, req.input);
  }

  async close(): Promise<void> {
    this.deadlines.close();
    await Promise.all([this.streamAgent.close(), this.callAgents.close()]);
  }

  /**
   * A whole (non-stream) answer: the deadline bounds connect, headers and the whole body
   * (upstream-limits.ts), the upstream's size cap the body.
   */
  private async wholeAnswer(
    target: UpstreamTarget,
    req: ProviderRequest,
    operation: OpenAiOperation,
    payload: string | FormData,
    reading: BodyReading,
  ): Promise<unknown> {
    const deadline = this.deadlines.start(target);
    try {
      const dispatcher = this.callAgents.for(maxResponseBytesOf(target, this.limits));
      const response = await this.send(
        target,
        req,
        operation,
        payload,
        dispatcher,
        Math.min(target.timeoutMs, deadline.remainingMs()),
        false,
      );
      deadline.watch(response.body);
      if (response.statusCode >= 300) throw await upstreamFailure(response);
      try {
        return reading === 'json' ? await response.body.json() : Buffer.from(await response.body.arrayBuffer());
      } catch (err) {
        // Not JSON is the upstream's fault; a body that stalls, breaks or runs past a limit counts like a failed call.
        throw err instanceof SyntaxError
          ? new ProviderError('invalid_response', 'upstream answer is not JSON')
          : classify(err, req.signal, target);
      }
    } catch (err) {
      throw deadline.expired && !req.signal.aborted ? deadline.error() : err;
    } finally {
      deadline.release();
    }
  }

  /**
   * POSTs to the operation's path (the upstream's own path when it sets one) and waits for the
   * headers. undici's own timers bound that wait (and, for a whole answer, the gaps in its body);
   * a stream's body is bounded by the relay's idle timeout and maximum duration instead. No extra
   * AbortController or timer per stream: a stream would hold them for its life.
   */
  private async send(
    target: UpstreamTarget,
    req: ProviderRequest,
    operation: OpenAiOperation,
    payload: string | FormData,
    dispatcher: Dispatcher,
    headersTimeoutMs: number,
    stream: boolean,
  ): Promise<Dispatcher.ResponseData> {
    // A multipart body sets its own content type (with its boundary).
    const headers = upstreamHeaders(target, req, typeof payload === 'string' ? 'application/json' : null, OPENAI_AUTH);
    if (stream) headers.accept = 'text/event-stream, application/json';
    try {
      return await request(joinBaseUrl(target, target.path || OPENAI_OPERATIONS[operation].defaultPath), {
        method: 'POST',
        headers,
        body: payload,
        signal: req.signal,
        headersTimeout: headersTimeoutMs,
        bodyTimeout: stream ? 0 : target.timeoutMs,
        dispatcher,
      });
    } catch (err) {
      throw classify(err, req.signal, target);
    }
  }
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A chat completion stream: its text deltas, and its usage (what the upstream reported, else, for
 * a stream cut short, as OpenAI reports at the end only, the estimate). One object per open stream
 * and no async generator: a stream holds it for its whole life, and each generator layer (this
 * one, the SSE reader's, the body's iterator) would hold its own queue and promises per chunk.
 *
 * Its end ([DONE] or the end of the body) leaves the body to be read to its end (its chunked
 * terminator), so the keep-alive connection serves the next call; destroying a body not yet at
 * its end closes the connection, and the next stream pays a new connect. Abandoned (`return()`)
 * or failed: the body is destroyed at once.
 */
class ChatCompletionStream implements ProviderStream, AsyncIterableIterator<StreamChunk>, ChunkPull {
  /** Only the length of what is generated matters (the output estimate): no copy of the text is kept. */
  private generatedLength = 0;
  private reported: unknown;
  /** A choice said why it finished: the answer is whole even should `[DONE]` not follow. */
  private finished = false;
  private open = true;
  private readonly events: SseBody;
  /** The read waiting for the body (between chunks). */
  private resolveWait: ((result: IteratorResult<StreamChunk>) => void) | null = null;
  private rejectWait: ((reason: unknown) => void) | null = null;

  constructor(
    private readonly body: Dispatcher.ResponseData['body'],
    private readonly signal: AbortSignal,
    private readonly input: Record<string, unknown>,
  ) {
    this.events = new SseBody(body);
  }

  get chunks(): AsyncIterable<StreamChunk> {
    return this;
  }

  usage(): Usage {
    return chatUsage(this.reported, this.input, this.generatedLength);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<StreamChunk>> {
    return new Promise((resolve, reject) => this.pull(resolve, reject));
  }

  pull(onResult: (result: IteratorResult<StreamChunk>) => void, onError: (error: unknown) => void): void {
    if (!this.open) return onResult(DONE);
    try {
      const step = this.step();
      if (step !== SSE_WAIT) return onResult(step);
    } catch (err) {
      return onError(this.failed(err));
    }
    this.resolveWait = onResult;
    this.rejectWait = onError;
    this.events.wait(this.resume);
  }

  return(): Promise<IteratorResult<StreamChunk>> {
    if (this.open) this.close(false);
    // A read still waiting (abandoned mid-wait) ends too.
    const resolve = this.resolveWait;
    this.resolveWait = this.rejectWait = null;
    resolve?.(DONE);
    return Promise.resolve(DONE);
  }

  // Made once per stream, not per wait (see ChunkPull).
  private readonly resume = () => {
    const resolve = this.resolveWait;
    const reject = this.rejectWait;
    if (!resolve || !reject) return;
    try {
      const step = this.step();
      if (step === SSE_WAIT) return this.events.wait(this.resume);
      this.resolveWait = this.rejectWait = null;
      resolve(step);
    } catch (err) {
      this.resolveWait = this.rejectWait = null;
      reject(this.failed(err));
    }
  };

  /** The next text delta, DONE at the end, or SSE_WAIT when the body has nothing more yet. */
  private step(): IteratorResult<StreamChunk> | typeof SSE_WAIT {
    for (;;) {
      const event = this.events.read();
      if (event === SSE_WAIT) return SSE_WAIT;
      if (event === SSE_END) {
        // A body that ends before any sign of the answer's end was cut short (a proxy's clean close
        // mid-answer): an error in-band, as the anthropic and gemini streams say, not a whole answer.
        if (!this.events.terminated && !this.finished && this.reported === undefined)
          throw new ProviderError('connect', 'the openai stream ended before [DONE]');
        this.close(true);
        return DONE;
      }
      if (!isObject(event)) continue;
      // With include_usage every event has `usage`: null until the last one, which has no choices.
      if (isObject(event.usage)) this.reported = event.usage;
      const choice: unknown = Array.isArray(event.choices) ? event.choices[0] : undefined;
      if (isObject(choice) && typeof choice.finish_reason === 'string') this.finished = true;
      const delta = isObject(choice) && isObject(choice.delta) ? choice.delta : undefined;
      if (delta === undefined) continue;
      // Tool calls stream as argument fragments; the chunk shape carries text only, but they are output all the same.
      if (delta.tool_calls !== undefined) this.generatedLength += toolCallDeltaLength(delta.tool_calls);
      const content = delta.content;
      if (typeof content === 'string' && content) {
        this.generatedLength += content.length;
        return { done: false, value: { delta: content } };
      }
    }
  }

  private failed(err: unknown): ProviderError {
    this.close(false);
    if (this.signal.aborted) return new ProviderError('aborted', 'caller went away');
    if (err instanceof SseLineTooLongError) return new ProviderError('invalid_response', `upstream stream: ${err.message}`);
    return err instanceof ProviderError ? err : new ProviderError('connect', `upstream stream broke: ${(err as Error).message}`);
  }

  private close(finished: boolean): void {
    this.open = false;
    this.events.release();
    if (finished) {
      void this.body.dump({ limit: Number.MAX_SAFE_INTEGER, signal: AbortSignal.timeout(DRAIN_AFTER_DONE_MS) }).catch(() => undefined);
    } else {
      // Nobody reads the body any more: the abort error its destruction emits has no one to tell.
      this.body.on('error', () => undefined);
      this.body.destroy();
    }
  }
}

/** The model the operator fixed for this upstream: never the caller's (a caller's choice could run a dearer model at the slug's price). */
function modelOf(target: UpstreamTarget): string {
  return target.model ?? DEFAULT_MODEL;
}

function unsupported(target: UpstreamTarget, req: ProviderRequest): ProviderError {
  return new ProviderError(
    'unsupported',
    `upstream ${target.name} is of kind openai, which does not serve ${req.slug}; it serves ${describeServed({ serves: OPENAI_OPERATIONS })}`,
  );
}

/** Characters of function names and argument fragments in a stream event's `tool_calls`. */
function toolCallDeltaLength(calls: unknown): number {
  if (!Array.isArray(calls)) return 0;
  let length = 0;
  for (const call of calls as unknown[]) {
    const fn = isObject(call) ? call.function : undefined;
    if (!isObject(fn)) continue;
    if (typeof fn.name === 'string') length += fn.name.length;
    if (typeof fn.arguments === 'string') length += fn.arguments.length;
  }
  return length;
}
