import { CATEGORY_BILLING_UNIT } from '../../src/catalog/billing-units';
import { UPSTREAM_DEFAULTS, type UpstreamTarget } from '../../src/catalog/upstream';
import type { Category } from '../../src/generated/prisma/enums';
import type { ProviderRequest, ProviderStream, StreamChunk } from '../../src/proxy/provider.types';

/** Bounds of whole answers for provider specs: generous, the specs test other things. */
export const TEST_LIMITS = { maxResponseBytes: 1024 * 1024, deadlineMs: 10_000 };

/** An enabled upstream as the proxy hands it to a provider. */
export function upstreamTarget(fields: Pick<UpstreamTarget, 'kind'> & Partial<UpstreamTarget>): UpstreamTarget {
  const { enabled: _enabled, ...defaults } = UPSTREAM_DEFAULTS;
  return { ...defaults, id: 'upstream-1', name: `${fields.kind}-test`, timeoutMs: 5000, ...fields };
}

/** A 1×1 PNG, for image inputs. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A POST call of `slug` (`category.operation`) with this input, in its category's billing unit. */
export function providerRequest(slug: string, input: Record<string, unknown>, signal = new AbortController().signal): ProviderRequest {
  const [category, operation] = slug.split('.') as [Category, string];
  return {
    slug,
    category,
    operation,
    billingUnit: CATEGORY_BILLING_UNIT[category],
    method: 'POST',
    input,
    requestId: 'req-test',
    signal,
  };
}

/** A text.<operation> call with this input. */
export function textRequest(input: Record<string, unknown>, options: { operation?: string; signal?: AbortSignal } = {}): ProviderRequest {
  return providerRequest(`text.${options.operation ?? 'generate'}`, input, options.signal);
}

/** Every chunk's delta, in order. */
export async function streamDeltas(stream: ProviderStream): Promise<string[]> {
  const deltas: string[] = [];
  for await (const chunk of stream.chunks) deltas.push(chunk.delta);
  return deltas;
}

/** Every chunk of a stream, joined. */
export async function streamText(stream: ProviderStream): Promise<string> {
  return (await streamDeltas(stream)).join('');
}

/** The deltas a stream relayed before it failed, and its failure (undefined if it ended well). */
export async function deltasBeforeFailure(stream: ProviderStream): Promise<{ deltas: string[]; error: unknown }> {
  const deltas: string[] = [];
  try {
    for await (const chunk of stream.chunks) deltas.push(chunk.delta);
  } catch (error) {
    return { deltas, error };
  }
  return { deltas, error: undefined };
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
