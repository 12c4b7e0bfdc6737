import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CatalogEntry } from '../catalog/catalog-entry';
import { GatewayError } from '../common/errors/error-catalog';
import type { ProviderKind } from '../generated/prisma/enums';
import {
  Provider,
  ProviderError,
  ProviderRequest,
  ProviderResult,
  ProviderStream,
  UpstreamTarget,
} from './provider.types';

export const PROVIDERS = Symbol('PROVIDERS');

/** Where the proxy reports which upstream served and how many were tried (the audit record's fields). */
export interface AttemptTracker {
  upstreamId: string | null;
  providersTried: number;
}

/**
 * Calls a catalog endpoint's upstreams in order until one answers. A connect error, timeout, 5xx or
 * 429 moves on to the next provider; any other answer is final. Knows nothing of keys or money.
 */
@Injectable()
export class ProxyService {
  private readonly logger = new Logger(ProxyService.name);
  private readonly byKind: Map<ProviderKind, Provider>;

  constructor(@Inject(PROVIDERS) providers: Provider[]) {
    this.byKind = new Map(providers.map((p) => [p.kind, p]));
  }

  call(endpoint: CatalogEntry, request: ProviderRequest, tracker: AttemptTracker): Promise<ProviderResult> {
    return this.withFallback(endpoint, request, tracker, (provider, target) => provider.call(target, request));
  }

  /** Opens a stream; fallback applies only here, before the first chunk reaches the caller. */
  openStream(endpoint: CatalogEntry, request: ProviderRequest, tracker: AttemptTracker): Promise<ProviderStream> {
    return this.withFallback(endpoint, request, tracker, (provider, target) => {
      if (!provider.stream) throw new ProviderError('invalid_response', `${target.kind} upstreams cannot stream`);
      return provider.stream(target, request);
    });
  }

  private async withFallback<T>(
    endpoint: CatalogEntry,
    request: ProviderRequest,
    tracker: AttemptTracker,
    attempt: (provider: Provider, target: UpstreamTarget) => Promise<T>,
  ): Promise<T> {
    let lastFailure: ProviderError | undefined;
    for (const target of endpoint.upstreams) {
      const provider = this.byKind.get(target.kind);
      if (!provider) continue;
      tracker.providersTried++;
      try {
        const result = await attempt(provider, target);
        tracker.upstreamId = target.id;
        return result;
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err; // a GatewayError (bad input) or a bug: not a provider failure
        lastFailure = err;
        if (!err.retryable) break;
        this.logger.warn({ requestId: request.requestId, slug: endpoint.slug, upstream: target.name, failure: err.kind, status: err.upstreamStatus }, 'upstream failed, trying the next one');
      }
    }
    throw toGatewayError(lastFailure);
  }
}

function toGatewayError(failure: ProviderError | undefined): GatewayError {
  if (!failure) return new GatewayError('upstream_unavailable', 'No upstream provider is configured for this endpoint.');
  if (failure.kind === 'aborted') return new GatewayError('upstream_unavailable', 'The request was aborted.');
  if (failure.kind === 'timeout') return new GatewayError('upstream_timeout');
  if (failure.kind === 'status' && !failure.retryable) {
    return new GatewayError('upstream_rejected', undefined, { upstream_status: failure.upstreamStatus });
  }
  return new GatewayError('upstream_unavailable');
}
