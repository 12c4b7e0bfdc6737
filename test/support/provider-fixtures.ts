import { UPSTREAM_DEFAULTS, type UpstreamTarget } from '../../src/catalog/upstream';
import type { ProviderRequest, ProviderStream, StreamChunk } from '../../src/proxy/provider.types';

/** Bounds of whole answers for provider specs: generous, the specs test other things. */
export const TEST_LIMITS = { maxResponseBytes: 1024 * 1024, deadlineMs: 10_000 };

/** An enabled upstream as the proxy hands it to a provider. */
export function upstreamTarget(fields: Pick<UpstreamTarget, 'kind'> & Partial<UpstreamTarget>): UpstreamTarget {
  const { enabled: _enabled, ...defaults } = UPSTREAM_DEFAULTS;
  return { ...defaults, id: 'upstream-1', name: `${fields.kind}-test`, timeoutMs: 5000, ...fields };
}

/** A text.<operation> call with this input. */
export function textRequest(input: Record<string, unknown>, options: { operation?: string; signal?: AbortSignal } = {}): ProviderRequest {
  const operation = options.operation ?? 'generate';
  return {
    slug: `text.${operation}`,
    category: 'text',
    operation,
    billingUnit: 'tokens_1k',
    method: 'POST',
    input,
    requestId: 'req-test',
    signal: options.signal ?? new AbortController().signal,
  };
}

/** Every chunk of a stream, joined. */
export async function streamText(stream: ProviderStream): Promise<string> {
  let text = '';
  for await (const chunk of stream.chunks) text += chunk.delta;
  return text;
}

/** The first `count` chunks; then the consumer stops (as the relay does when the caller leaves). */
export async function takeChunks(stream: ProviderStream, count: number): Promise<StreamChunk[]> {
  const iterator = stream.chunks[Symbol.asyncIterator]();
  const chunks: StreamChunk[] = [];
  while (chunks.length < count) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
  }
  await iterator.return?.(undefined);
  return chunks;
}
