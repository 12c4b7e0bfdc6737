/**
 * The activity log: cache keys, the query as the APIs take it, and the console's hook (the reseller
 * API's GET /activity); the operator's is in operator-queries.ts, with the operator API's client.
 */
import { data, sdk } from '../../api/client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { ACTOR_KINDS, ENTITY_KINDS } from './describe';
import type { ActivityFilterName } from './use-activity-filters';

export type ActivityQuery = Partial<Record<ActivityFilterName, string>>;

/** The query as the API types it: a kind the address bar holds that the API does not know is not sent (all kinds). */
export function apiQuery({ actor_kind, entity_type, ...rest }: ActivityQuery) {
  return {
    ...rest,
    actor_kind: ACTOR_KINDS.find((k) => k.value === actor_kind)?.value,
    entity_type: ENTITY_KINDS.find((k) => k.value === entity_type)?.value,
  };
}

export const activityKeys = {
  all: ['activity'] as const,
  admin: (query: ActivityQuery) => [...activityKeys.all, 'admin', query] as const,
  console: (query: ActivityQuery) => [...activityKeys.all, 'console', query] as const,
};

/** The signed-in tenant's own changes, the operator's changes of its account included (the reseller API). */
export function useConsoleActivity(query: ActivityQuery) {
  // tenant_id is the operator's filter only: the reseller API refuses it.
  const { tenant_id: _tenant, ...own } = query;
  return useCursorList(activityKeys.console(own), (cursor) =>
    data(sdk.reseller.activity.list({ ...apiQuery(own), limit: PAGE_SIZE, cursor })),
  );
}
