/** The audit trail's filter form; give it `key={JSON.stringify(values)}` so it follows the address bar. */
import { useId, useState } from 'react';
import type { AuditFilterName, FilterOption, FilterPicker } from '../use-audit-filters';
import { AuditFilterField } from './AuditFilterField';
import { FilterPanel } from './FilterPanel';

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
  const active = names.filter((name) => values[name]).length;

  return (
    <FilterPanel label="Filter the audit trail" active={active} onApply={() => onApply(draft)} onClear={() => onApply({})}>
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
    </FilterPanel>
  );
}
