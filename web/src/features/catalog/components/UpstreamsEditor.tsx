/**
 * The upstreams of an endpoint as an editable list, in fallback order: used to add an endpoint and
 * to replace an endpoint's upstreams. Holds no state of its own; the form owns the rows.
 */
import { moveRow } from '../../../components/ReorderButtons';
import { newUpstream, type UpstreamDraft } from '../upstream-draft';
import { UpstreamFields } from './UpstreamFields';

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
  return (
    <>
      {rows.map((row, index) => (
        <UpstreamFields
          key={row.key}
          row={row}
          index={index}
          count={rows.length}
          onChange={(patch) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)))}
          onMove={(at, by) => onChange(moveRow(rows, at, by))}
          onRemove={() => onChange(rows.filter((_, i) => i !== index))}
          problemOf={problemOf}
        />
      ))}
      <div className="row">
        <button type="button" className="btn btn-sm" onClick={() => onChange([...rows, newUpstream()])} disabled={rows.length >= 10}>
          Add an upstream
        </button>
      </div>
    </>
  );
}
