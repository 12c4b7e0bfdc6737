/**
 * The upstreams of an endpoint as a form edits them, in fallback order: each an UpstreamRequest with a
 * key for its row; sent (without `key`) as the API's UpstreamRequest[].
 */
import type { UpstreamRequest, UpstreamView } from '@unified-api-gateway/sdk';

export type UpstreamDraft = UpstreamRequest & { key: string };

/** The fields of an upstream that a form shows an API problem next to (`upstreams.<i>.<field>`). */
export const UPSTREAM_FIELDS = ['name', 'kind', 'base_url', 'path', 'timeout_ms', 'auth_secret_env'] as const;

/** Every property path of `count` upstreams that the editor can show a problem next to. */
export function upstreamPaths(count: number): string[] {
  return Array.from({ length: count }, (_, index) => UPSTREAM_FIELDS.map((field) => `upstreams.${index}.${field}`)).flat();
}

let nextKey = 0;

export function newUpstream(): UpstreamDraft {
  nextKey += 1;
  return { key: `new-${nextKey}`, name: '', kind: 'http', path: '', timeout_ms: 10_000, enabled: true };
}

export function toUpstreamDraft(upstream: UpstreamView): UpstreamDraft {
  const request: UpstreamDraft = {
    key: upstream.id,
    name: upstream.name,
    kind: upstream.kind,
    path: upstream.path,
    timeout_ms: upstream.timeout_ms,
    enabled: upstream.enabled,
  };
  if (upstream.base_url) request.base_url = upstream.base_url;
  if (upstream.auth_header) request.auth_header = upstream.auth_header;
  if (upstream.auth_scheme) request.auth_scheme = upstream.auth_scheme;
  if (upstream.auth_secret_env) request.auth_secret_env = upstream.auth_secret_env;
  if (upstream.max_response_bytes !== null) request.max_response_bytes = upstream.max_response_bytes;
  if (upstream.deadline_ms !== null) request.deadline_ms = upstream.deadline_ms;
  if (upstream.model) request.model = upstream.model;
  if (upstream.serves_model) request.serves_model = upstream.serves_model;
  // Not edited here, but kept: replacing the upstreams from this editor must not drop a mapping set through the API.
  if (upstream.usage_mapping) request.usage_mapping = upstream.usage_mapping;
  return request;
}

export function toUpstreamRequests(rows: UpstreamDraft[]): UpstreamRequest[] {
  return rows.map(({ key: _key, ...request }) => request);
}
