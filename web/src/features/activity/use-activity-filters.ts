/**
 * The activity log's filters, the same as the APIs' (the tenant in the admin area, the kind of
 * change, who by kind or by id, the subject's id, from, until), kept in the address bar so a
 * filtered view can be shared or reloaded. Days are UTC; "until" is inclusive here and sent as the
 * next day's start (the API's `to` is exclusive), like the audit trail's.
 */
import { useSearchParams } from 'react-router';
import { utcDayStart } from '../../lib/format';

export const ACTIVITY_FILTERS = ['tenant_id', 'entity_type', 'actor_kind', 'actor_id', 'entity_id', 'from', 'to'] as const;
export type ActivityFilterName = (typeof ACTIVITY_FILTERS)[number];

export function useActivityFilters(names: readonly ActivityFilterName[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<ActivityFilterName, string>;
  const query: Partial<Record<ActivityFilterName, string>> = {};
  for (const name of names) {
    const value = values[name];
    if (!value) continue;
    if (name === 'from') query.from = utcDayStart(value);
    else if (name === 'to') query.to = nextDayStart(value);
    else query[name] = value;
  }
  /** Replaces every filter (an empty value drops it). */
  const apply = (next: Partial<Record<ActivityFilterName, string>>) =>
    setParams(new URLSearchParams(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1]))), { replace: true });
  /** Sets one filter and keeps the others (a row's "only these" links). */
  const narrow = (name: ActivityFilterName, value: string) => apply({ ...values, [name]: value });
  return { values, query, apply, narrow };
}

export type ActivityFilters = ReturnType<typeof useActivityFilters>;

function nextDayStart(day: string): string | undefined {
  const start = utcDayStart(day);
  if (!start) return undefined;
  const date = new Date(start);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}
