import { setTimeout as sleep } from 'node:timers/promises';
import { Provider, ProviderError, ProviderRequest, ProviderResult, ProviderStream, StreamChunk } from '../../provider.types';
import { DEFAULT_METER } from '../../../catalog/meters';
import { estimateTokens, estimateTokensOfLength } from '../shared/usage';
import { completionWords, simulate } from './simulations';
import { promptTextOf } from '../../text-generation';

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
    const { result, quantity } = simulate(request.slug, request.input);
    return { result, usage: { meters: { [DEFAULT_METER[request.billingUnit]]: quantity }, source: 'reported' } };
  }

  async stream(_target: unknown, request: ProviderRequest): Promise<ProviderStream> {
    const { input } = request;
    const prompt =
      typeof input.input === 'string' ? input.input : Array.isArray(input.messages) ? promptTextOf(input) : JSON.stringify(input);
    // Validates the input exactly as a non-stream call would, before anything is sent.
    simulate(request.slug, request.input);
    await this.wait(this.options.latencyMs, request.signal);
    const words = completionWords(prompt, 256);
    const promptTokens = estimateTokens(prompt);
    // Only the length of the generated text matters for the estimate.
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
        meters: { tokens: BigInt(promptTokens + (generatedLength ? estimateTokensOfLength(generatedLength) : 0)) },
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
