import { isUpstreamSecretEnv } from '../../../catalog/upstream-secret';
import type { ProviderRequest, UpstreamTarget } from '../../provider.types';

/** baseUrl + path (+ the caller's query for GET). Plain concatenation keeps a base path like /v2. */
export function upstreamUrl(target: UpstreamTarget, req: Pick<ProviderRequest, 'method' | 'input'>): string {
  const url = `${(target.baseUrl ?? '').replace(/\/+$/, '')}${target.path}`;
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
 * catalog names (UPSTREAM_SECRET_… only), at call time: it is never stored in the database nor logged.
 */
export function upstreamHeaders(
  target: UpstreamTarget,
  req: Pick<ProviderRequest, 'requestId'>,
  contentType: string | null,
): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': req.requestId };
  if (contentType) headers['content-type'] = contentType;
  // Only UPSTREAM_SECRET_… variables, whatever a stored row says (rows written before the rule, or around the API).
  if (target.authSecretEnv && isUpstreamSecretEnv(target.authSecretEnv)) {
    const secret = process.env[target.authSecretEnv];
    if (secret) headers[(target.authHeader ?? 'authorization').toLowerCase()] = `${target.authScheme ?? ''}${secret}`;
  }
  return headers;
}
