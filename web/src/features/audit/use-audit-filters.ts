/**
 * The audit trail's filters, the same as the APIs' (request id, customer, key, slug, status, from, to, and the
 * tenant in the admin area), kept in the address bar so a filtered view can be shared or reloaded.
 * Days are UTC; "until" is inclusive here and sent as the next day's start (the API's `to` is exclusive).
 */
import { useSearchParams } from 'react-router';
import type { PickerOption } from '../../components/SearchPicker';

export type AuditFilterName = 'request_id' | 'tenant_id' | 'customer_id' | 'api_key_id' | 'slug' | 'status' | 'from' | 'to';

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
