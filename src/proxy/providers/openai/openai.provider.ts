import { Agent, request, Dispatcher } from 'undici';
import { estimateTokens } from '../simulator/simulations';
import { classify } from '../http/http.provider';
import { readSseEvents } from '../../../streaming/sse-reader';
import { upstreamHeaders } from '../upstream-request';
import { followAbort } from '../../follow-abort';
import {
  Provider,
  ProviderError,
  ProviderRequest,
  ProviderResult,
  ProviderStream,
  StreamChunk,
  UpstreamTarget,
} from '../../provider.types';

const DEFAULT_PATH = '/v1/chat/completions';
const DEFAULT_MODEL = 'default';

interface ChatCompletion {
  model?: string;
  choices?: Array<{ message?: { content?: string }; finish_reason?: string; delta?: { content?: string } }>;
  usage?: { total_tokens?: number; prompt_tokens?: number; completion_tokens?: number };
}

/**
 * OpenAI-compatible chat completions (OpenAI, vLLM, Ollama, …). The caller's `input` becomes the
 * user message and `model` is passed through (else "default"); streams are parsed incrementally
 * and re-emitted as our chunks. Usage is the server's `usage.total_tokens` when it sends one, else
 * estimated at ~4 characters per token of prompt and output.
 */
export class OpenAiProvider implements Provider {
  readonly kind = 'openai' as const;
  /** No cap on connections per upstream: every open stream holds one for its whole life. */
  private readonly agent = new Agent({ keepAliveTimeout: 30_000 });

  async call(target: UpstreamTarget, req: ProviderRequest): Promise<ProviderResult> {
    const prompt = promptOf(req);
    const { response, done } = await this.send(target, req, { model: modelOf(req), messages: [{ role: 'user', content: prompt }], stream: false });
    try {
      const body = (await response.body.json().catch(() => {
        throw new ProviderError('invalid_response', 'upstream answer is not JSON');
      })) as ChatCompletion;
      const text = body.choices?.[0]?.message?.content ?? '';
      const tokens = body.usage?.total_tokens ?? estimateTokens(prompt) + estimateTokens(text);
      return {
        result: { text, finish_reason: body.choices?.[0]?.finish_reason ?? null, model: body.model ?? modelOf(req), usage: body.usage ?? null },
        usage: { quantity: BigInt(tokens) },
      };
    } finally {
      done();
    }
  }

  /** Resolves once the upstream answered 2xx with headers; a failure before that falls back. */
  async stream(target: UpstreamTarget, req: ProviderRequest): Promise<ProviderStream> {
    const prompt = promptOf(req);
    const { response, done } = await this.send(target, req, {
      model: modelOf(req),
      messages: [{ role: 'user', content: prompt }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let generated = '';
    let reported: number | undefined;
    const signal = req.signal;
    async function* chunks(): AsyncGenerator<StreamChunk> {
      try {
        for await (const event of readSseEvents(response.body)) {
          const completion = event as ChatCompletion;
          if (completion.usage?.total_tokens !== undefined) reported = completion.usage.total_tokens;
          const delta = completion.choices?.[0]?.delta?.content;
          if (delta) {
            generated += delta;
            yield { delta };
          }
        }
      } catch (err) {
        if (signal.aborted) throw new ProviderError('aborted', 'caller went away');
        throw err instanceof ProviderError ? err : new ProviderError('connect', `upstream stream broke: ${(err as Error).message}`);
      } finally {
        // Abandoned or finished: release (or cancel) the upstream response at once.
        response.body.destroy();
        done();
      }
    }
    return {
      chunks: chunks(),
      usage: () => ({ quantity: BigInt(reported ?? estimateTokens(prompt) + (generated ? estimateTokens(generated) : 0)) }),
    };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** POSTs and waits for a 2xx status; the timeout covers the time to response headers. */
  private async send(target: UpstreamTarget, req: ProviderRequest, payload: object): Promise<{ response: Dispatcher.ResponseData; done: () => void }> {
    // Aborted by the caller (through req.signal) or by the header deadline below.
    const deadline = followAbort(req.signal);
    const timer = setTimeout(() => deadline.abort(), target.timeoutMs);
    const signal = deadline.signal;
    try {
      const url = `${(target.baseUrl ?? '').replace(/\/+$/, '')}${target.path || DEFAULT_PATH}`;
      const response = await request(url, {
        method: 'POST',
        headers: { ...upstreamHeaders({ ...target, authHeader: target.authHeader ?? 'authorization', authScheme: target.authScheme ?? 'Bearer ' }, req, 'application/json'), accept: 'application/json, text/event-stream' },
        body: JSON.stringify(payload),
        signal,
        dispatcher: this.agent,
      });
      if (response.statusCode >= 300) {
        await response.body.dump().catch(() => undefined);
        throw new ProviderError('status', `upstream answered ${response.statusCode}`, response.statusCode);
      }
      clearTimeout(timer);
      return { response, done: () => clearTimeout(timer) };
    } catch (err) {
      clearTimeout(timer);
      throw classify(err, req.signal, deadline.signal, target);
    }
  }
}

function promptOf(req: ProviderRequest): string {
  const input = req.input.input;
  if (typeof input === 'string') return input;
  return JSON.stringify(req.input);
}

function modelOf(req: ProviderRequest): string {
  return typeof req.input.model === 'string' && req.input.model ? req.input.model : DEFAULT_MODEL;
}
