import { setTimeout as sleep } from 'node:timers/promises';
import { Provider, ProviderError, ProviderRequest, ProviderResult, ProviderStream, StreamChunk } from '../../provider.types';
import { DEFAULT_METER } from '../../../catalog/meters';
import { estimateTokens, estimateTokensOfLength } from '../shared/usage';
import { completionWords, simulate, textGeneration, type TextGeneration } from './simulations';

export interface SimulatorOptions {
  /** Added before every answer (and before a stream's first chunk). */
  latencyMs: number;
  /** Pause between streamed chunks; 0 yields to the event loop between chunks. */
  chunkIntervalMs: number;
}

/**
 * The built-in DEMO upstream the seeded catalog points at, so the gateway works offline out of the
 * box. Deterministic answers and usage per slug (see simulations.ts); not a real service.
 */
export class SimulatorProvider implements Provider {
  readonly kind = 'simulator' as const;

  constructor(private readonly options: SimulatorOptions) {}

  async call(_target: unknown, request: ProviderRequest): Promise<ProviderResult> {
    await this.wait(this.options.latencyMs, request.signal);
    const { result, meters } = simulate(request.slug, request.input, DEFAULT_METER[request.billingUnit]);
    return { result, usage: { meters, source: 'reported' } };
  }

  /**
   * Streams what the whole answer would say (text.generate: the same words, the same input tokens),
   * output tokens growing with each chunk. Another streamable slug on the simulator streams a
   * completion of its JSON input, after validating the input as its whole answer would.
   */
  async stream(_target: unknown, request: ProviderRequest): Promise<ProviderStream> {
    // Validates the input exactly as a non-stream call would, before anything is sent.
    const { words, inputTokens } = streamedGeneration(request);
    await this.wait(this.options.latencyMs, request.signal);
    const sent = BigInt(inputTokens);
    // Only the length of the generated text matters for the count.
    let generatedLength = 0;
    const interval = this.options.chunkIntervalMs;
    const wait = (ms: number) => this.wait(ms, request.signal);
    async function* chunks(): AsyncGenerator<StreamChunk> {
      for (let i = 0; i < words.length; i++) {
        if (i > 0) await (interval > 0 ? wait(interval) : new Promise((resolve) => setImmediate(resolve)));
        if (request.signal.aborted) throw new ProviderError('aborted', 'caller went away');
        generatedLength += words[i].length;
        yield { delta: words[i] };
      }
    }
    return {
      chunks: chunks(),
      usage: () => ({
        meters: { input_tokens: sent, output_tokens: BigInt(generatedLength ? estimateTokensOfLength(generatedLength) : 0) },
        source: 'reported',
      }),
    };
  }

  private async wait(ms: number, signal: AbortSignal): Promise<void> {
    if (ms <= 0) return;
    try {
      await sleep(ms, undefined, { signal });
    } catch {
      throw new ProviderError('aborted', 'caller went away');
    }
  }
}

function streamedGeneration(request: ProviderRequest): Pick<TextGeneration, 'words' | 'inputTokens'> {
  if (request.slug === 'text.generate') return textGeneration(request.input, request.slug);
  simulate(request.slug, request.input, DEFAULT_METER[request.billingUnit]);
  const prompt = JSON.stringify(request.input);
  return { words: completionWords(prompt, 256).words, inputTokens: estimateTokens(prompt) };
}
