/** The per-endpoint limits of a limits form: an endpoint and its requests per window, row by row. */
import { TextField } from '../../../components/ui';

type Row = { slug: string; limit: string };

export function PerSlugLimits({ rows, slugs, onChange }: { rows: Row[]; slugs: string[]; onChange: (rows: Row[]) => void }) {
  const update = (index: number, patch: Partial<Row>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset>
      <legend>Per endpoint</legend>
      {rows.length === 0 && <p className="faint">No per-endpoint limit.</p>}
      {rows.map((row, index) => (
        <div className="form-row" key={index}>
          <div className="field">
            <label htmlFor={`limit-slug-${index}`}>Endpoint</label>
            <select id={`limit-slug-${index}`} value={row.slug} onChange={(e) => update(index, { slug: e.target.value })}>
              <option value="">Choose…</option>
              {[...new Set([...slugs, row.slug].filter(Boolean))].map((slug) => (
                <option key={slug} value={slug}>
                  {slug}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Requests per window"
            inputMode="numeric"
            value={row.limit}
            onChange={(e) => update(index, { limit: e.target.value })}
          />
          <div className="field">
            <span className="label" aria-hidden="true">
              &nbsp;
            </span>
            <button
              type="button"
              className="btn btn-sm btn-danger-outline"
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
              aria-label={`Remove the limit of ${row.slug || 'this endpoint'}`}
            >
              Remove
            </button>
          </div>
        </div>
      ))}
      <button type="button" className="btn btn-sm" onClick={() => onChange([...rows, { slug: '', limit: '' }])}>
        Add a per-endpoint limit
      </button>
    </fieldset>
  );
}
