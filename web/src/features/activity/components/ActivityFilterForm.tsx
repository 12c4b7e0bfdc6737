/** The activity log's filter form; give it `key={JSON.stringify(values)}` so it follows the address bar. */
import { useId, useState, type ReactNode } from 'react';
import { SearchPicker } from '../../../components/SearchPicker';
import type { FilterPicker } from '../../audit/use-audit-filters';
import { FilterPanel } from '../../audit/components/FilterPanel';
import { ACTOR_KINDS, ENTITY_KINDS } from '../describe';
import type { ActivityFilterName } from '../use-activity-filters';

const LABELS: Record<ActivityFilterName, string> = {
  tenant_id: 'Tenant',
  entity_type: 'Kind of change',
  actor_kind: 'Changed by',
  actor_id: 'User or key id',
  entity_id: 'Subject',
  from: 'From (UTC day)',
  to: 'Until (UTC day)',
};

const CHOICES: Partial<Record<ActivityFilterName, ReadonlyArray<{ value: string; label: string }>>> = {
  entity_type: ENTITY_KINDS,
  actor_kind: ACTOR_KINDS,
};

export function ActivityFilterForm({
  names,
  values,
  onApply,
  tenantPicker,
}: {
  names: readonly ActivityFilterName[];
  values: Record<ActivityFilterName, string>;
  onApply: (values: Partial<Record<ActivityFilterName, string>>) => void;
  tenantPicker?: FilterPicker;
}) {
  const id = useId();
  // The form starts from the filters in force; the parent remounts it (key) when they change.
  const [draft, setDraft] = useState(values);
  const set = (name: ActivityFilterName) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const active = names.filter((name) => values[name]).length;

  const control = (name: ActivityFilterName): ReactNode => {
    const fieldId = `${id}-${name}`;
    const choices = CHOICES[name];
    if (name === 'tenant_id' && tenantPicker) {
      return (
        <SearchPicker
          id={fieldId}
          value={draft.tenant_id}
          valueLabel={draft.tenant_id ? tenantPicker.labelOf(draft.tenant_id) : ''}
          fixed={[{ value: '', label: 'All' }, ...tenantPicker.fixed]}
          queryKey={tenantPicker.queryKey}
          search={tenantPicker.search}
          placeholder="All: type to search"
          onChange={set(name)}
        />
      );
    }
    if (choices) {
      return (
        <select id={fieldId} value={draft[name]} onChange={(e) => set(name)(e.target.value)}>
          <option value="">All</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      );
    }
    if (name === 'from' || name === 'to')
      return <input id={fieldId} type="date" value={draft[name]} onChange={(e) => set(name)(e.target.value)} />;
    return (
      <input
        id={fieldId}
        type="text"
        value={draft[name]}
        onChange={(e) => set(name)(e.target.value.trim())}
        placeholder={name === 'entity_id' ? 'Pick one from a change below' : 'An id'}
      />
    );
  };

  return (
    <FilterPanel label="Filter the activity log" active={active} onApply={() => onApply(draft)} onClear={() => onApply({})}>
      {names.map((name) => (
        <div className="field" key={name}>
          <label htmlFor={`${id}-${name}`}>{LABELS[name]}</label>
          {control(name)}
        </div>
      ))}
    </FilterPanel>
  );
}
