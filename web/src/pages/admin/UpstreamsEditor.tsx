/**
 * The upstreams of an endpoint as an editable list, in fallback order: used to add an endpoint and
 * to replace an endpoint's upstreams. Holds no state of its own; the form owns the rows and sends
 * them (without `key`) as the API's UpstreamRequest[].
 */
import type { UpstreamRequest, UpstreamView } from '../../api/openapi.generated';
import { ReorderButtons } from '../../components/ReorderButtons';
import { SelectField, TextField } from '../../components/ui';
import { kindNeedsBaseUrl, PROVIDER_KIND_OPTIONS } from '../../lib/provider-kinds';

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

export function UpstreamsEditor({
  rows,
  onChange,
  problemOf = () => null,
}: {
  rows: UpstreamDraft[];
  onChange: (rows: UpstreamDraft[]) => void;
  /** The API's message about `upstreams.<index>.<field>`, if it sent one. */
  problemOf?: (path: string) => string | null;
}) {
  const update = (index: number, patch: Partial<UpstreamDraft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const move = (index: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row);
    onChange(next);
  };
  const problem = (index: number, field: (typeof UPSTREAM_FIELDS)[number]) => problemOf(`upstreams.${index}.${field}`);

  return (
    <>
      {rows.map((row, index) => (
        <fieldset key={row.key}>
          <legend>
            {index + 1}. {row.name || 'New upstream'}
          </legend>
          <div className="form">
            <div className="form-row">
              <TextField
                label="Name"
                required
                value={row.name}
                onChange={(e) => update(index, { name: e.target.value })}
                error={problem(index, 'name')}
              />
              <SelectField
                label="Kind"
                value={row.kind}
                onChange={(e) => update(index, { kind: e.target.value as UpstreamRequest['kind'] })}
                options={PROVIDER_KIND_OPTIONS}
                error={problem(index, 'kind')}
              />
              <TextField
                label="Timeout (ms)"
                inputMode="numeric"
                value={String(row.timeout_ms ?? '')}
                onChange={(e) => update(index, { timeout_ms: Number(e.target.value.replace(/\D/g, '')) || undefined })}
                error={problem(index, 'timeout_ms')}
              />
            </div>
            {kindNeedsBaseUrl(row.kind) && (
              <div className="form-row">
                <TextField
                  label="Base URL"
                  type="url"
                  placeholder="https://api.example.com"
                  value={row.base_url ?? ''}
                  onChange={(e) => update(index, { base_url: e.target.value || undefined })}
                  error={problem(index, 'base_url')}
                />
                <TextField
                  label="Path"
                  placeholder="/v1/summarize"
                  value={row.path ?? ''}
                  onChange={(e) => update(index, { path: e.target.value })}
                  error={problem(index, 'path')}
                />
                <TextField
                  label="Secret variable"
                  value={row.auth_secret_env ?? ''}
                  onChange={(e) => update(index, { auth_secret_env: e.target.value || undefined })}
                  hint="UPSTREAM_SECRET_…"
                  error={problem(index, 'auth_secret_env')}
                />
              </div>
            )}
            <div className="row">
              <label className="check">
                <input type="checkbox" checked={row.enabled ?? true} onChange={(e) => update(index, { enabled: e.target.checked })} />
                Enabled
              </label>
              <ReorderButtons
                label={row.name || `upstream ${index + 1}`}
                index={index}
                count={rows.length}
                onMove={move}
                onRemove={() => onChange(rows.filter((_, i) => i !== index))}
                removeDisabled={rows.length === 1}
              />
            </div>
          </div>
        </fieldset>
      ))}
      <div className="row">
        <button type="button" className="btn btn-sm" onClick={() => onChange([...rows, newUpstream()])} disabled={rows.length >= 10}>
          Add an upstream
        </button>
      </div>
    </>
  );
}
