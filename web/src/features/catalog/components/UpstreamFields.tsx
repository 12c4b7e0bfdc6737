/** One upstream of the list being edited: name, kind, timeout, and for an HTTP kind its URL, path and secret variable. */
import type { UpstreamRequest } from '@unified-api-gateway/sdk';
import { ReorderButtons } from '../../../components/ReorderButtons';
import { SelectField, TextField } from '../../../components/ui';
import { kindNeedsBaseUrl, PROVIDER_KIND_OPTIONS } from '../../../lib/provider-kinds';
import type { UPSTREAM_FIELDS, UpstreamDraft } from '../upstream-draft';

export function UpstreamFields({
  row,
  index,
  count,
  onChange,
  onMove,
  onRemove,
  problemOf,
}: {
  row: UpstreamDraft;
  index: number;
  count: number;
  onChange: (patch: Partial<UpstreamDraft>) => void;
  onMove: (index: number, by: number) => void;
  onRemove: () => void;
  problemOf: (path: string) => string | null;
}) {
  const problem = (field: (typeof UPSTREAM_FIELDS)[number]) => problemOf(`upstreams.${index}.${field}`);
  return (
    <fieldset>
      <legend>
        {index + 1}. {row.name || 'New upstream'}
      </legend>
      <div className="form">
        <div className="form-row">
          <TextField label="Name" required value={row.name} onChange={(e) => onChange({ name: e.target.value })} error={problem('name')} />
          <SelectField
            label="Kind"
            value={row.kind}
            onChange={(e) => onChange({ kind: e.target.value as UpstreamRequest['kind'] })}
            options={PROVIDER_KIND_OPTIONS}
            error={problem('kind')}
          />
          <TextField
            label="Timeout (ms)"
            inputMode="numeric"
            value={String(row.timeout_ms ?? '')}
            onChange={(e) => onChange({ timeout_ms: Number(e.target.value.replace(/\D/g, '')) || undefined })}
            error={problem('timeout_ms')}
          />
        </div>
        {kindNeedsBaseUrl(row.kind) && (
          <div className="form-row">
            <TextField
              label="Base URL"
              type="url"
              placeholder="https://api.example.com"
              value={row.base_url ?? ''}
              onChange={(e) => onChange({ base_url: e.target.value || undefined })}
              error={problem('base_url')}
            />
            <TextField
              label="Path"
              placeholder="/v1/summarize"
              value={row.path ?? ''}
              onChange={(e) => onChange({ path: e.target.value })}
              error={problem('path')}
            />
            <TextField
              label="Secret variable"
              value={row.auth_secret_env ?? ''}
              onChange={(e) => onChange({ auth_secret_env: e.target.value || undefined })}
              hint="UPSTREAM_SECRET_…"
              error={problem('auth_secret_env')}
            />
          </div>
        )}
        <div className="row">
          <label className="check">
            <input type="checkbox" checked={row.enabled ?? true} onChange={(e) => onChange({ enabled: e.target.checked })} />
            Enabled
          </label>
          <ReorderButtons
            label={row.name || `upstream ${index + 1}`}
            index={index}
            count={count}
            onMove={onMove}
            onRemove={onRemove}
            removeDisabled={count === 1}
          />
        </div>
      </div>
    </fieldset>
  );
}
