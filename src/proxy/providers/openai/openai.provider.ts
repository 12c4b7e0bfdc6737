import { Agent, request, Dispatcher } from 'undici';
import type { UpstreamTarget } from '../../../catalog/upstream';
import { readSseEvents, SseLineTooLongError } from '../../../../sdk/src/sse-reader';
import { Provider, ProviderError, ProviderRequest, ProviderResult, ProviderStream, StreamChunk } from '../../provider.types';
import { estimatedUsage, estimateTokens, estimateTokensOfLength, reportedUsage } from '../shared/usage';
import { classify, joinBaseUrl, upstreamHeaders } from '../shared/upstream-http';
import { AgentsBySize, maxResponseBytesOf, UpstreamDeadlines, UpstreamLimits } from '../shared/upstream-limits';

const DEFAULT_PATH = '/v1/chat/completions';
const DEFAULT_MODEL = 'default';
/** What may follow a stream's [DONE] (the end of the body) must come at once, or the connection is dropped. */
const DRAIN_AFTER_DONE_MS = 1000;

interface ChatCompletion {
  model?: string;
  choices?: Array<{ message?: { content?: unknown }; finish_reason?: string; delta?: { content?: unknown } }>;
  usage?: { total_tokens?: unknown; prompt_tokens?: unknown; completion_tokens?: unknown };
}

/**
 * OpenAI-compatible chat completions (OpenAI, vLLM, Ollama, …). The caller's `input` becomes the
 * user message; `model` is the upstream's, fixed by the operator (else "default"); streams are
 * parsed incrementally and re-emitted as our chunks. Usage is the server's `usage.total_tokens`
 * when it sends a valid one (providers/shared/reported-usage.ts), else estimated at ~4 characters per token of
 * prompt and output.
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
    const prompt = promptOf(req);
    // The deadline bounds connect, headers and the whole body (upstream-limits.ts).
    const deadline = this.deadlines.start(target);
    let body: ChatCompletion;
    try {
      const response = await this.send(
        target,
        req,
        { model: modelOf(target), messages: [{ role: 'user', content: prompt }], ...outputLimitOf(req), stream: false },
        req.signal,
        this.callAgents.for(maxResponseBytesOf(target, this.limits)),
        Math.min(target.timeoutMs, deadline.remainingMs()),
      );
      deadline.watch(response.body);
      try {
        body = (await response.body.json()) as ChatCompletion;
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
    const reported = reportedTokens(body);
    const content = body?.choices?.[0]?.message?.content;
    const text = typeof content === 'string' ? content : '';
    return {
      result: {
        text,
        finish_reason: body?.choices?.[0]?.finish_reason ?? null,
        model: body?.model ?? modelOf(target),
        usage: body?.usage ?? null,
      },
      usage: reportedUsage('tokens', reported) ?? estimatedUsage('tokens', reported, BigInt(estimateTokens(prompt) + estimateTokens(text))),
    };
  }

  /** Resolves once the upstream answered 2xx with headers; a failure before that falls back. */
  async stream(target: UpstreamTarget, req: ProviderRequest): Promise<ProviderStream> {
    const prompt = promptOf(req);
    const response = await this.send(
      target,
      req,
      {
        model: modelOf(target),
        messages: [{ role: 'user', content: prompt }],
        ...outputLimitOf(req),
        stream: true,
        stream_options: { include_usage: true },
      },
      req.signal,
      this.streamAgent,
      target.timeoutMs,
    );
    // Only the length of the generated text matters (the token estimate): no copy of the text is kept.
    let generatedLength = 0;
    let reported: unknown;
    const signal = req.signal;
    // Node's string decoder (keeps UTF-8 characters across chunks) is lighter per open stream than a TextDecoder.
    response.body.setEncoding('utf8');
    async function* chunks(): AsyncGenerator<StreamChunk> {
      let finished = false;
      try {
        // Leaving the loop at [DONE] must not destroy the body (see finally).
        for await (const event of readSseEvents(response.body.iterator({ destroyOnReturn: false }))) {
          const completion = event as ChatCompletion;
          const tokens = reportedTokens(completion);
          if (tokens !== undefined) reported = tokens;
          const delta = completion?.choices?.[0]?.delta?.content;
          if (typeof delta === 'string' && delta) {
            generatedLength += delta.length;
            yield { delta };
          }
        }
        finished = true;
      } catch (err) {
        if (signal.aborted) throw new ProviderError('aborted', 'caller went away');
        if (err instanceof SseLineTooLongError) throw new ProviderError('invalid_response', `upstream stream: ${err.message}`);
        throw err instanceof ProviderError ? err : new ProviderError('connect', `upstream stream broke: ${(err as Error).message}`);
      } finally {
        // Finished ([DONE] or the end): read what is left of the body (its chunked terminator)
        // so the keep-alive connection serves the next call; destroying a body not yet at its end
        // closes the connection, and the next stream pays a new connect. Abandoned: cancel now.
        if (finished)
          void response.body
            .dump({ limit: Number.MAX_SAFE_INTEGER, signal: AbortSignal.timeout(DRAIN_AFTER_DONE_MS) })
            .catch(() => undefined);
        else response.body.destroy();
      }
    }
    return {
      chunks: chunks(),
      usage: () =>
        reportedUsage('tokens', reported) ??
        estimatedUsage('tokens', reported, BigInt(estimateTokens(prompt) + (generatedLength ? estimateTokensOfLength(generatedLength) : 0))),
    };
  }

  async close(): Promise<void> {
    this.deadlines.close();
    await Promise.all([this.streamAgent.close(), this.callAgents.close()]);
  }

  /**
   * POSTs and waits for a 2xx status. undici's own timers bound the wait for response headers
   * (and, for a whole answer, the gaps in its body); a stream's body is bounded by the relay's idle
   * timeout and maximum duration instead. No extra AbortController or timer per stream: a stream
   * would hold them for its life.
   */
  private async send(
    target: UpstreamTarget,
    req: ProviderRequest,
    payload: { stream: boolean; [field: string]: unknown },
    signal: AbortSignal,
    dispatcher: Dispatcher,
    headersTimeoutMs: number,
  ): Promise<Dispatcher.ResponseData> {
    try {
      const url = joinBaseUrl(target, target.path || DEFAULT_PATH);
      const response = await request(url, {
        method: 'POST',
        headers: {
          ...upstreamHeaders(
            { ...target, authHeader: target.authHeader ?? 'authorization', authScheme: target.authScheme ?? 'Bearer ' },
            req,
            'application/json',
          ),
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(payload),
        signal,
        headersTimeout: headersTimeoutMs,
        bodyTimeout: payload.stream ? 0 : target.timeoutMs,
        dispatcher,
      });
      if (response.statusCode >= 300) {
        await response.body.dump().catch(() => undefined);
        throw new ProviderError('status', `upstream answered ${response.statusCode}`, response.statusCode);
      }
      return response;
    } catch (err) {
      throw classify(err, req.signal, target);
    }
  }
}

function promptOf(req: ProviderRequest): string {
  const input = req.input.input;
  if (typeof input === 'string') return input;
  return JSON.stringify(req.input);
}

/**
 * The caller's `max_tokens` (a positive integer), forwarded so that the upstream stops there: a
 * budget holds the call's input plus that much output (billing/call-hold.ts). Anything else is not sent.
 */
function outputLimitOf(req: ProviderRequest): { max_tokens?: number } {
  const max = req.input.max_tokens;
  return typeof max === 'number' && Number.isSafeInteger(max) && max > 0 ? { max_tokens: max } : {};
}

/** The model the operator fixed for this upstream: never the caller's (a caller's choice could run a dearer model at the slug's price). */
function modelOf(target: UpstreamTarget): string {
  return target.model ?? DEFAULT_MODEL;
}

/** `usage.total_tokens` as sent (validated by providers/shared/reported-usage.ts), or undefined when absent. */
function reportedTokens(completion: ChatCompletion | null | undefined): unknown {
  const usage = completion?.usage as unknown;
  return typeof usage === 'object' && usage !== null ? (usage as Record<string, unknown>).total_tokens : undefined;
}
