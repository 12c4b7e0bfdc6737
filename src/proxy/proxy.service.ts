import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import type { CatalogEntry } from '../catalog/catalog-entry';
import { GatewayError } from '../common/errors/error-catalog';
import { GatewayMetrics } from '../metrics/gateway-metrics';
import type { ProviderKind } from '../generated/prisma/enums';
import type { UpstreamTarget } from '../catalog/upstream';
import {
  canPull,
  ChunkPull,
  Provider,
  ProviderError,
  ProviderRequest,
  ProviderResult,
  ProviderStream,
  StreamChunk,
  Usage,
} from './provider.types';
import { followAbort } from './follow-abort';

export const PROVIDERS = Symbol('PROVIDERS');

/** Where the proxy reports each upstream it tries and the one that served (the audit record's fields). */
export interface AttemptTracker {
  attempt(): void;
  served(upstreamId: string): void;
}

/**
 * Calls a catalog endpoint's upstreams in order until one answers. A retryable failure (see
 * ProviderError.retryable) moves on to the next provider; any other answer is final. Knows nothing
 * of keys or money.
 */
@Injectable()
export class ProxyService {
  private readonly logger = new Logger(ProxyService.name);
  private readonly byKind: Map<ProviderKind, Provider>;

  constructor(
    @Inject(PROVIDERS) providers: Provider[],
    @Optional() private readonly metrics?: GatewayMetrics,
  ) {
    this.byKind = new Map(providers.map((p) => [p.kind, p]));
  }

  /** `upstreams`: the ones serving the caller's model (CatalogEntry pricing), in fallback order. */
  call(endpoint: CatalogEntry, request: ProviderRequest, tracker: AttemptTracker, upstreams = endpoint.upstreams): Promise<ProviderResult> {
    return this.withFallback(endpoint, upstreams, request, tracker, (provider, target) => provider.call(target, request));
  }

  /**
   * Opens a stream and waits for its first chunk, so that fallback (and an ordinary JSON error when
   * every provider fails) still applies while nothing has been sent to the caller. A provider that
   * sends no first chunk within `firstChunkTimeoutMs` is cancelled and counts as timed out.
   *
   * `call`: the controller whose signal is `request.signal`, when the caller has one. Cancelling the
   * last upstream's attempt is cancelling the call (nothing follows it), so that attempt uses the
   * call's own controller, and a stream from it (the common case: one upstream) holds no controller
   * and listener of its own for its whole life.
   */
  openStream(
    endpoint: CatalogEntry,
    request: ProviderRequest,
    tracker: AttemptTracker,
    firstChunkTimeoutMs: number,
    upstreams = endpoint.upstreams,
    call?: AbortController,
  ): Promise<ProviderStream> {
    const last = upstreams[upstreams.length - 1];
    return this.withFallback(
      endpoint,
      upstreams,
      request,
      tracker,
      async (provider, target) => {
        if (!provider.stream) throw new ProviderError('invalid_response', `${target.kind} upstreams cannot stream`);
        // Any other attempt can be cancelled alone (no first chunk in time) or with the whole call.
        const ownsCall = call !== undefined && target === last;
        const attempt = ownsCall ? call : followAbort(request.signal);
        const stream = await provider.stream(target, ownsCall ? request : { ...request, signal: attempt.signal });
        return withFirstChunk(stream, firstChunkTimeoutMs, attempt);
      },
      'stream_timeout',
    );
  }

  private async withFallback<T>(
    endpoint: CatalogEntry,
    upstreams: UpstreamTarget[],
    request: ProviderRequest,
    tracker: AttemptTracker,
    attempt: (provider: Provider, target: UpstreamTarget) => Promise<T>,
    timeoutCode: 'upstream_timeout' | 'stream_timeout' = 'upstream_timeout',
  ): Promise<T> {
    let lastFailure: ProviderError | undefined;
    let lastTarget: UpstreamTarget | undefined;
    for (const target of upstreams) {
      const provider = this.byKind.get(target.kind);
      if (!provider) continue;
      if (lastTarget) this.metrics?.fellBack(endpoint.slug, lastTarget);
      tracker.attempt();
      const started = performance.now();
      try {
        const result = await attempt(provider, target);
        this.metrics?.upstreamAnswered(target, (performance.now() - started) / 1000);
        tracker.served(target.id);
        return result;
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err; // a GatewayError (bad input) or a bug: not a provider failure
        this.metrics?.upstreamFailed(target, err.kind, (performance.now() - started) / 1000);
        lastFailure = err;
        lastTarget = target;
        if (err.kind === 'unsupported') {
          this.logger.error(
            { requestId: request.requestId, slug: endpoint.slug, upstream: target.name, kind: target.kind },
            `catalog misconfigured: ${err.message}`,
          );
        }
        if (!err.retryable) break;
        this.logger.warn(
          { requestId: request.requestId, slug: endpoint.slug, upstream: target.name, failure: err.kind, status: err.upstreamStatus },
          'upstream failed, trying the next one',
        );
      }
    }
    throw toGatewayError(lastFailure, timeoutCode);
  }
}

/** Pulls the first chunk (bounded by the idle timeout) and hands back a stream that replays it. */
async function withFirstChunk(stream: ProviderStream, timeoutMs: number, attempt: AbortController): Promise<ProviderStream> {
  const iterator = stream.chunks[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Reject first: aborting makes a real client reject its pending read at once, and the race
      // must settle with the deadline, not with that read's error (a timeout, not a broken stream).
      reject(new ProviderError('timeout', `no first chunk within ${timeoutMs} ms`));
      attempt.abort();
    }, timeoutMs);
  });
  let first: IteratorResult<StreamChunk>;
  try {
    first = await Promise.race([iterator.next(), timedOut]);
  } catch (err) {
    void iterator.return?.(undefined)?.catch(() => undefined);
    if (err instanceof ProviderError) throw err;
    throw new ProviderError('connect', `upstream stream failed before its first chunk: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
  return new FirstChunkReplay(stream, first, iterator);
}

/**
 * The stream with `first` replayed, then the rest of `iterator`. One plain object rather than an
 * async generator or closures: a stream holds it for its whole life (a generator would add its own
 * queue and promises per chunk, and closures made in withFirstChunk would keep its timer and race).
 */
class FirstChunkReplay implements ProviderStream, AsyncIterableIterator<StreamChunk>, ChunkPull {
  constructor(
    private readonly stream: ProviderStream,
    private pending: IteratorResult<StreamChunk> | null,
    private readonly iterator: AsyncIterator<StreamChunk>,
  ) {}

  get chunks(): AsyncIterable<StreamChunk> {
    return this;
  }

  usage(): Usage {
    return this.stream.usage();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<StreamChunk>> {
    if (!this.pending) return this.iterator.next();
    const result = this.pending;
    this.pending = null;
    return Promise.resolve(result);
  }

  pull(onResult: (result: IteratorResult<StreamChunk>) => void, onError: (error: unknown) => void): void {
    const first = this.pending;
    this.pending = null;
    if (first) onResult(first);
    else if (canPull(this.iterator)) this.iterator.pull(onResult, onError);
    else this.iterator.next().then(onResult, onError);
  }

  return(value?: unknown): Promise<IteratorResult<StreamChunk>> {
    this.pending = null;
    return this.iterator.return?.(value) ?? Promise.resolve({ done: true, value: undefined });
  }
}

function toGatewayError(failure: ProviderError | undefined, timeoutCode: 'upstream_timeout' | 'stream_timeout'): GatewayError {
  if (!failure) return new GatewayError('upstream_unavailable', 'No upstream provider is configured for this endpoint.');
  if (failure.kind === 'aborted') return new GatewayError('upstream_unavailable', 'The request was aborted.');
  if (failure.kind === 'timeout') return new GatewayError(timeoutCode);
  if (failure.kind === 'unsupported') {
    return new GatewayError('upstream_unavailable', "This endpoint's upstream cannot serve it: the operator must correct the catalog.");
  }
  if (failure.rejection) return new GatewayError(failure.rejection, undefined, { upstream_status: failure.upstreamStatus });
  if (failure.kind === 'status' && !failure.retryable) {
    return new GatewayError('upstream_rejected', undefined, { upstream_status: failure.upstreamStatus });
  }
  return new GatewayError('upstream_unavailable');
}
