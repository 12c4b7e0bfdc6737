import type { MeterQuantities } from '../catalog/meters';
import type { UpstreamTarget } from '../catalog/upstream';
import type { BillingUnit, Category, ProviderKind } from '../generated/prisma/enums';

/** What a provider is asked to do for one public call. Providers know nothing of keys or money. */
export interface ProviderRequest {
  slug: string;
  category: Category;
  /** The slug's part after the category (`generate` of text.generate): what a provider kind is asked to do. */
  operation: string;
  billingUnit: BillingUnit;
  method: 'GET' | 'POST';
  /** The caller's JSON body (POST) or query parameters (GET), without `model` (the catalog decides it). */
  input: Record<string, unknown>;
  requestId: string;
  /** Aborted when the caller goes away or the gateway gives up. */
  signal: AbortSignal;
}

/**
 * What a call used, per meter (src/catalog/meters.ts), each in its base measure: tokens of each
 * kind, milliseconds, characters, items. Billing prices each meter the chosen price has.
 */
export interface Usage {
  meters: MeterQuantities;
  /**
   * `reported` when the upstream reported every quantity (validated: providers/shared/usage.ts),
   * `estimated` when the provider estimated any of them (no report, an invalid one, a stream cut short).
   */
  source: 'reported' | 'estimated';
  /** An invalid report that was replaced by the estimate (printable, short), for the warning log. */
  rejected?: string;
  /**
   * Of the output tokens, those the model spent reasoning, where the provider reports them apart
   * (OpenAI's `completion_tokens_details.reasoning_tokens`, Gemini's `thoughtsTokenCount`). Already
   * inside `output_tokens` and billed there: shown to callers, never billed again.
   */
  reasoningTokens?: bigint;
}

export interface ProviderResult {
  /** The upstream's answer, returned to the caller under `result`. */
  result: unknown;
  usage: Usage;
}

/** One chunk of a streamed generation. */
export interface StreamChunk {
  delta: string;
}

/**
 * A streamed generation. Iterate `chunks`; after the iteration ends (or throws, or is abandoned)
 * `usage()` tells what was generated so far, which is what gets billed.
 */
export interface ProviderStream {
  chunks: AsyncIterable<StreamChunk>;
  usage(): Usage;
}

/**
 * Optional on a stream's iterator: the next chunk by callback (`onResult` may run at once), with
 * no promise per chunk. A wait lasts as long as the upstream's gap between chunks, long enough for
 * what it allocates to outlive the young generation; the relay pulls this way when it can.
 */
export interface ChunkPull {
  pull(onResult: (result: IteratorResult<StreamChunk>) => void, onError: (error: unknown) => void): void;
}

export function canPull(iterator: AsyncIterator<StreamChunk>): iterator is AsyncIterator<StreamChunk> & ChunkPull {
  return typeof (iterator as Partial<ChunkPull>).pull === 'function';
}

/**
 * `unsupported`: the upstream's kind does not serve the slug (an operator misconfiguration: a row
 * the operator API would have refused, see provider-kind.ts kindServes). Never retried: the operator
 * must fix the catalog, and another upstream of the list answering would hide the mistake.
 */
export type ProviderFailureKind = 'connect' | 'timeout' | 'status' | 'invalid_response' | 'aborted' | 'unsupported';

/**
 * Why an upstream refused the caller's input, where its error says so in its own words (OpenAI's
 * `context_length_exceeded`, Anthropic's "prompt is too long", …): the caller gets that code (400)
 * rather than the generic upstream_rejected. Never retried on another upstream.
 */
export type ProviderRejection = 'context_length_exceeded' | 'content_policy_violation';

/** A provider could not serve the call. `retryable` failures move on to the next provider. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    /** HTTP status the upstream answered with, for kind 'status'. */
    readonly upstreamStatus?: number,
    /** The caller's input was refused for this reason (kind 'status', a 4xx): see ProviderRejection. */
    readonly rejection?: ProviderRejection,
  ) {
    super(message);
  }

  /**
   * Connect errors, timeouts, an invalid answer (not JSON, too large), 5xx, 429 and 408 go to the next
   * provider; other 4xx are the caller's fault, an aborted call is over, and an unsupported one is
   * the operator's to fix.
   */
  get retryable(): boolean {
    if (this.kind === 'aborted' || this.kind === 'unsupported' || this.rejection !== undefined) return false;
    if (this.kind !== 'status') return true;
    const s = this.upstreamStatus ?? 500;
    return s >= 500 || s === 429 || s === 408;
  }
}

/** A provider kind (one folder under proxy/providers). */
export interface Provider {
  readonly kind: ProviderKind;
  call(target: UpstreamTarget, request: ProviderRequest): Promise<ProviderResult>;
  /** Present on kinds that can stream generations. Resolves once the upstream accepted the stream. */
  stream?(target: UpstreamTarget, request: ProviderRequest): Promise<ProviderStream>;
}
