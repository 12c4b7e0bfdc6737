import { errors as undiciErrors } from 'undici';
import type { UpstreamTarget } from '../../../catalog/upstream';
import { isUpstreamSecretEnv } from '../../../catalog/upstream-secret';
import { ProviderError, type ProviderRequest } from '../../provider.types';

/**
 * What every provider kind that speaks HTTP to its upstream shares: the URL, the headers (with the
 * provider secret), and the mapping of transport failures onto the failure kinds fallback knows.
 * Provider kinds never import each other; they import this.
 */

/** baseUrl + path. Plain concatenation keeps a base path like /v2; a trailing slash on the base is dropped. */
export function joinBaseUrl(target: Pick<UpstreamTarget, 'baseUrl'>, path: string): string {
  return `${(target.baseUrl ?? '').replace(/\/+$/, '')}${path}`;
}

/** baseUrl + path, plus the caller's input as the query string of a GET. */
export function upstreamUrl(target: UpstreamTarget, req: Pick<ProviderRequest, 'method' | 'input'>): string {
  const url = joinBaseUrl(target, target.path);
  if (req.method !== 'GET') return url;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(req.input)) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const qs = query.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/**
 * Headers for an upstream call. The provider secret is read from the environment variable the
 * catalog names (UPSTREAM_SECRET_… only), at call time: it is never stored in the database nor
 * logged. It goes in the upstream's header after its scheme, else in the kind's default ones
 * (`defaultAuth`, its ProviderKindDefinition's), else in `authorization` as it is.
 */
export function upstreamHeaders(
  target: UpstreamTarget,
  req: Pick<ProviderRequest, 'requestId'>,
  contentType: string | null,
  defaultAuth: { header: string; scheme: string } | null = null,
): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': req.requestId };
  if (contentType) headers['content-type'] = contentType;
  // Only UPSTREAM_SECRET_… variables, whatever a stored row says (rows written before the rule, or around the API).
  if (target.authSecretEnv && isUpstreamSecretEnv(target.authSecretEnv)) {
    const secret = process.env[target.authSecretEnv];
    if (secret) {
      const header = target.authHeader ?? defaultAuth?.header ?? 'authorization';
      headers[header.toLowerCase()] = `${target.authScheme ?? defaultAuth?.scheme ?? ''}${secret}`;
    }
  }
  return headers;
}

/** Maps a transport failure onto the failure kinds fallback understands. */
export function classify(err: unknown, callerSignal: AbortSignal, target: UpstreamTarget): ProviderError {
  if (err instanceof ProviderError) return err;
  if (callerSignal.aborted) return new ProviderError('aborted', 'caller went away');
  if (err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError) {
    return new ProviderError('timeout', `no answer from ${target.name} within ${target.timeoutMs} ms`);
  }
  if (err instanceof undiciErrors.ResponseExceededMaxSizeError) {
    return new ProviderError('invalid_response', `the answer of ${target.name} is larger than its size limit`);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ProviderError('connect', `cannot reach ${target.name}: ${message}`);
}
