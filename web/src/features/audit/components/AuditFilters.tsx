/** The audit trail's filter form; give it `key={JSON.stringify(values)}` so it follows the address bar. */
import { useId, useState, type FormEvent } from 'react';
import type { AuditFilterName, FilterOption, FilterPicker } from '../use-audit-filters';
import { useFiltersOpen } from '../use-filters-open';
import { AuditFilterField } from './AuditFilterField';

const LABELS: Record<AuditFilterName, string> = {
  request_id: 'Request id',
  tenant_id: 'Tenant',
  customer_id: 'Customer',
  api_key_id: 'Key',
  slug: 'Endpoint',
  status: 'HTTP status',
  from: 'From (UTC day)',
  to: 'Until (UTC day)',
};

export function AuditFilters({
  names,
  values,
  onApply,
  options = {},
  pickers = {},
}: {
  names: AuditFilterName[];
  values: Record<AuditFilterName, string>;
  onApply: (values: Record<string, string>) => void;
  options?: Partial<Record<AuditFilterName, FilterOption[]>>;
  pickers?: Partial<Record<AuditFilterName, FilterPicker>>;
}) {
  const id = useId();
  // The form starts from the filters in force; the parent remounts it (key) when they change.
  const [draft, setDraft] = useState(values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const active = names.filter((name) => values[name]).length;
  const open = useFiltersOpen(active > 0);

  return (
    <details className="filters-panel" open={open.value} onToggle={(e) => open.toggled(e.currentTarget.open)}>
      <summary>Filters{active > 0 && <span className="badge badge-info">{active} active</span>}</summary>
      <form className="filters" onSubmit={submit} aria-label="Filter the audit trail">
        {names.map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`${id}-${name}`}>{LABELS[name]}</label>
            <AuditFilterField
              id={`${id}-${name}`}
              name={name}
              value={draft[name]}
              onChange={(value) => setDraft((current) => ({ ...current, [name]: value }))}
              choices={options[name]}
              picker={pickers[name]}
            />
          </div>
        ))}
        <div className="row">
          <button type="submit" className="btn btn-primary btn-sm">
            Apply
          </button>
          {active > 0 && (
            <button type="button" className="btn btn-sm" onClick={() => onApply({})}>
              Clear
            </button>
          )}
        </div>
      </form>
    </details>
  );
}
