import { Agent, Dispatcher, request } from 'undici';
import { readSseEvents, SseLineTooLongError } from '../../../../sdk/src/sse-reader';
import type { UpstreamTarget } from '../../../catalog/upstream';
import { ProviderError, type ProviderRequest } from '../../provider.types';
import { classify } from './upstream-http';
import { AgentsBySize, maxResponseBytesOf, UpstreamDeadlines, UpstreamLimits } from './upstream-limits';

/**
 * JSON over HTTP to a vendor's API, for the kinds that speak one (anthropic, gemini): a whole answer
 * under the upstream's deadline and size cap, or an event stream, and a failed status turned into a
 * ProviderError by the kind's own reading of its error body (which says whether the prompt was too
 * long, or refused by a content policy). Knows no vendor.
 */

/** The kind's reading of a failed answer: its status and its body (parsed JSON, else the text, else undefined). */
export type FailureOf = (status: number, body: unknown) => ProviderError;

/** The most of an error body read for its message: vendors' errors are a few hundred bytes. */
const ERROR_BODY_LIMIT = 64 * 1024;
/** What may follow the end of a stream (the end of the body) must come at once, or the connection is dropped. */
const DRAIN_AFTER_END_MS = 1000;

export interface JsonPost {
  url: string;
  headers: Record<string, string>;
  payload: unknown;
  failureOf: FailureOf;
}

export class JsonUpstream {
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

  /** POSTs and reads the whole JSON answer: connect, headers and body within the upstream's deadline. */
  async call(target: UpstreamTarget, req: ProviderRequest, post: JsonPost): Promise<unknown> {
    const deadline = this.deadlines.start(target);
    try {
      const response = await this.send(
        target,
        req,
        post,
        this.callAgents.for(maxResponseBytesOf(target, this.limits)),
        Math.min(target.timeoutMs, deadline.remainingMs()),
        target.timeoutMs,
      );
      deadline.watch(response.body);
      if (response.statusCode >= 300) throw post.failureOf(response.statusCode, await errorBody(response.body));
      try {
        return await response.body.json();
      } catch (err) {
        // Not JSON is the upstream's fault; a body that stalls, breaks or runs past a limit counts like a failed call.
        throw err instanceof SyntaxError ? new ProviderError('invalid_response', 'upstream answer is not JSON') : err;
      }
    } catch (err) {
      throw deadline.expired && !req.signal.aborted ? deadline.error() : classify(err, req.signal, target);
    } finally {
      deadline.release();
    }
  }

  /**
   * POSTs for an event stream; resolves once the upstream answered 2xx with headers (a failure
   * before that falls back). undici's headersTimeout bounds the wait for headers; the body is
   * bounded by the relay's idle timeout and maximum duration: no timer per stream here.
   */
  async openStream(target: UpstreamTarget, req: ProviderRequest, post: JsonPost): Promise<UpstreamEvents> {
    try {
      const response = await this.send(target, req, post, this.streamAgent, target.timeoutMs, 0);
      if (response.statusCode >= 300) throw post.failureOf(response.statusCode, await errorBody(response.body));
      return new UpstreamEvents(response.body, req.signal);
    } catch (err) {
      throw classify(err, req.signal, target);
    }
  }

  async close(): Promise<void> {
    this.deadlines.close();
    await Promise.all([this.streamAgent.close(), this.callAgents.close()]);
  }

  private send(
    target: UpstreamTarget,
    req: ProviderRequest,
    post: JsonPost,
    dispatcher: Dispatcher,
    headersTimeout: number,
    bodyTimeout: number,
  ): Promise<Dispatcher.ResponseData> {
    return request(post.url, {
      method: 'POST',
      headers: post.headers,
      body: JSON.stringify(post.payload),
      signal: req.signal,
      headersTimeout,
      bodyTimeout,
      dispatcher,
    });
  }
}

/**
 * The JSON events of an upstream's SSE body (`event:` lines are skipped: the vendors that stream
 * this way repeat the event's name in its JSON). Iterate `events()` once.
 */
export class UpstreamEvents {
  private completed = false;

  constructor(
    private readonly body: Dispatcher.ResponseData['body'],
    private readonly signal: AbortSignal,
  ) {
    // Node's string decoder (keeps UTF-8 characters across chunks) is lighter per open stream than a TextDecoder.
    body.setEncoding('utf8');
  }

  /**
   * The upstream said its answer is over (Anthropic's message_stop): what is left of the body (its
   * chunked terminator) is read rather than cut, so the keep-alive connection serves the next call.
   */
  complete(): void {
    this.completed = true;
  }

  async *events(): AsyncGenerator<unknown> {
    let ended = false;
    try {
      // Leaving the loop early must not destroy the body by itself (see finally).
      for await (const event of readSseEvents(this.body.iterator({ destroyOnReturn: false }))) yield event;
      ended = true;
    } catch (err) {
      if (this.signal.aborted) throw new ProviderError('aborted', 'caller went away');
      if (err instanceof SseLineTooLongError) throw new ProviderError('invalid_response', `upstream stream: ${err.message}`);
      if (err instanceof SyntaxError) throw new ProviderError('invalid_response', 'an upstream stream event is not JSON');
      throw err instanceof ProviderError ? err : new ProviderError('connect', `upstream stream broke: ${(err as Error).message}`);
    } finally {
      // Over (the body's end, or the upstream's last event): drain. Abandoned: cancel now; destroying a
      // body not yet at its end closes the connection, and the next stream pays a new connect.
      if (ended || this.completed)
        void this.body.dump({ limit: Number.MAX_SAFE_INTEGER, signal: AbortSignal.timeout(DRAIN_AFTER_END_MS) }).catch(() => undefined);
      else {
        // Nobody reads the body any more: the abort error its destruction emits has no one to tell.
        this.body.on('error', () => undefined);
        this.body.destroy();
      }
    }
  }
}

/** Up to ERROR_BODY_LIMIT bytes of a failed answer: parsed JSON, else the text; undefined if it cannot be read. */
async function errorBody(body: Dispatcher.ResponseData['body']): Promise<unknown> {
  let text = '';
  // Cutting a long body emits an abort error; what was read is all that is wanted.
  body.on('error', () => undefined);
  try {
    body.setEncoding('utf8');
    for await (const chunk of body) {
      text += chunk as string;
      // Longer than any vendor's error: cut (the connection goes with it).
      if (text.length >= ERROR_BODY_LIMIT) {
        body.destroy();
        break;
      }
    }
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
