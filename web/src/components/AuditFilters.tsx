/**
 * The audit trail's filters, the same as the APIs' (customer, key, slug, status, from, to, and the
 * tenant in the admin area), kept in the address bar so a filtered view can be shared or reloaded.
 * Days are UTC; "until" is inclusive here and sent as the next day's start (the API's `to` is exclusive).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { publicApi } from '../api/public-api';
import { SearchPicker, type PickerOption } from './SearchPicker';

export type AuditFilterName = 'tenant_id' | 'customer_id' | 'api_key_id' | 'slug' | 'status' | 'from' | 'to';

/** The customer filter's value for the calls of no customer: the tenant's own keys (the API's `customer_id=none`). */
export const NO_CUSTOMER = 'none';

export interface FilterOption {
  value: string;
  label: string;
}

/** A filter chosen by searching the API as one types (a list too long for a <select>). */
export interface FilterPicker {
  /** Offered before the matches: "All" (value '') is added first. */
  fixed: PickerOption[];
  queryKey: readonly unknown[];
  search: (q: string) => Promise<PickerOption[]>;
  /** The label of a chosen value (a name looked up by id). */
  labelOf: (value: string) => string;
}

const COMMON_STATUSES = ['200', '400', '401', '402', '403', '404', '429', '499', '500', '502', '503', '504'];

/** The filters in the URL, and the API query they make. */
export function useAuditFilters(names: AuditFilterName[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<AuditFilterName, string>;
  const query: Partial<Record<AuditFilterName, string>> = {};
  for (const name of names) {
    const value = values[name];
    if (!value) continue;
    if (name === 'from') query.from = `${value}T00:00:00.000Z`;
    else if (name === 'to') query.to = nextDayStart(value);
    else query[name] = value;
  }
  const apply = (next: Record<string, string>) =>
    setParams(new URLSearchParams(Object.entries(next).filter(([, value]) => value)), { replace: true });
  return { values, query, apply };
}

function nextDayStart(day: string): string | undefined {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

const WIDE = '(min-width: 720px)';

/**
 * Whether the filters are unfolded: on a wide screen, or while a filter is active; on a phone they
 * fold away behind their summary, so the records come first. The screen's width is followed (a
 * rotated phone, a narrowed window) until the user opens or closes them: then their choice holds.
 */
function useFiltersOpen(active: boolean) {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  const [chosen, setChosen] = useState<boolean | null>(null);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const follow = () => setWide(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  const value = chosen ?? (active || wide);
  return {
    value,
    // <details> reports every change of `open`, ours included: only a change away from what we render is the user's.
    toggled: (nowOpen: boolean) => {
      if (nowOpen !== value) setChosen(nowOpen);
    },
  };
}

/** The filter form; give it `key={JSON.stringify(values)}` so it follows the address bar. */
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
  const catalog = useQuery({ queryKey: ['public', 'catalog'], queryFn: publicApi.catalog });
  // The form starts from the filters in force; the parent remounts it (key) when they change.
  const [draft, setDraft] = useState(values);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const set = (name: AuditFilterName) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const labels: Record<AuditFilterName, string> = {
    tenant_id: 'Tenant',
    customer_id: 'Customer',
    api_key_id: 'Key',
    slug: 'Endpoint',
    status: 'HTTP status',
    from: 'From (UTC day)',
    to: 'Until (UTC day)',
  };
  const active = names.filter((name) => values[name]).length;
  const open = useFiltersOpen(active > 0);

  return (
    <details className="filters-panel" open={open.value} onToggle={(e) => open.toggled(e.currentTarget.open)}>
      <summary>Filters{active > 0 && <span className="badge badge-info">{active} active</span>}</summary>
      <form className="filters" onSubmit={submit} aria-label="Filter the audit trail">
        {names.map((name) => {
          const inputId = `${id}-${name}`;
          const choices = options[name];
          const picker = pickers[name];
          return (
            <div className="field" key={name}>
              <label htmlFor={inputId}>{labels[name]}</label>
              {picker ? (
                <SearchPicker
                  id={inputId}
                  value={draft[name]}
                  valueLabel={draft[name] ? picker.labelOf(draft[name]) : ''}
                  fixed={[{ value: '', label: 'All' }, ...picker.fixed]}
                  queryKey={picker.queryKey}
                  search={picker.search}
                  placeholder="All: type to search"
                  onChange={set(name)}
                />
              ) : choices ? (
                <select id={inputId} value={draft[name]} onChange={(e) => set(name)(e.target.value)}>
                  <option value="">All</option>
                  {choices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                  {draft[name] && !choices.some((c) => c.value === draft[name]) && <option value={draft[name]}>{draft[name]}</option>}
                </select>
              ) : name === 'from' || name === 'to' ? (
                <input id={inputId} type="date" value={draft[name]} onChange={(e) => set(name)(e.target.value)} />
              ) : name === 'slug' ? (
                <>
                  <input
                    id={inputId}
                    list={`${inputId}-list`}
                    value={draft.slug}
                    onChange={(e) => set('slug')(e.target.value.trim())}
                    placeholder="All"
                  />
                  <datalist id={`${inputId}-list`}>
                    {catalog.data?.data.map((e) => (
                      <option key={e.slug} value={e.slug} />
                    ))}
                  </datalist>
                </>
              ) : name === 'status' ? (
                <>
                  <input
                    id={inputId}
                    type="text"
                    inputMode="numeric"
                    list={`${inputId}-list`}
                    value={draft.status}
                    onChange={(e) => set('status')(e.target.value.replace(/\D/g, '').slice(0, 3))}
                    placeholder="All"
                  />
                  <datalist id={`${inputId}-list`}>
                    {COMMON_STATUSES.map((status) => (
                      <option key={status} value={status} />
                    ))}
                  </datalist>
                </>
              ) : (
                <input
                  id={inputId}
                  type="text"
                  value={draft[name]}
                  onChange={(e) => set(name)(e.target.value.trim())}
                  placeholder="An id"
                />
              )}
            </div>
          );
        })}
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
