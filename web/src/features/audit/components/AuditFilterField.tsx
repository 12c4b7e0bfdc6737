/** One filter of the audit trail: a search picker, a list of choices, a date, an endpoint or a status (each with suggestions), or an id. */
import { SearchPicker } from '../../../components/SearchPicker';
import { usePublicCatalog } from '../../catalog/public-queries';
import type { AuditFilterName, FilterOption, FilterPicker } from '../use-audit-filters';

const COMMON_STATUSES = ['200', '400', '401', '402', '403', '404', '429', '499', '500', '502', '503', '504'];

/** A text input with suggestions (a datalist), for the endpoint and the status. */
function Suggested({
  id,
  value,
  onChange,
  suggestions,
  numeric,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  suggestions: string[];
  numeric?: boolean;
}) {
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode={numeric ? 'numeric' : undefined}
        list={`${id}-list`}
        value={value}
        onChange={(e) => onChange(numeric ? e.target.value.replace(/\D/g, '').slice(0, 3) : e.target.value.trim())}
        placeholder="All"
      />
      <datalist id={`${id}-list`}>
        {suggestions.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
    </>
  );
}

export function AuditFilterField({
  id,
  name,
  value,
  onChange,
  choices,
  picker,
}: {
  id: string;
  name: AuditFilterName;
  value: string;
  onChange: (value: string) => void;
  choices?: FilterOption[];
  picker?: FilterPicker;
}) {
  const catalog = usePublicCatalog();
  if (picker) {
    return (
      <SearchPicker
        id={id}
        value={value}
        valueLabel={value ? picker.labelOf(value) : ''}
        fixed={[{ value: '', label: 'All' }, ...picker.fixed]}
        queryKey={picker.queryKey}
        search={picker.search}
        placeholder="All: type to search"
        onChange={onChange}
      />
    );
  }
  if (choices) {
    return (
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
        {value && !choices.some((c) => c.value === value) && <option value={value}>{value}</option>}
      </select>
    );
  }
  if (name === 'from' || name === 'to') return <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} />;
  if (name === 'slug')
    return <Suggested id={id} value={value} onChange={onChange} suggestions={catalog.data?.data.map((e) => e.slug) ?? []} />;
  if (name === 'status') return <Suggested id={id} value={value} onChange={onChange} suggestions={COMMON_STATUSES} numeric />;
  return <input id={id} type="text" value={value} onChange={(e) => onChange(e.target.value.trim())} placeholder="An id" />;
}
