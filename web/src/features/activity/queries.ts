/** The activity log (the operator API's and the reseller API's GET /activity): cache keys and hooks. */
import { data, sdk } from '../../api/client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { ACTOR_KINDS, ENTITY_KINDS } from './describe';
import type { ActivityFilterName } from './use-activity-filters';

export type ActivityQuery = Partial<Record<ActivityFilterName, string>>;

/** The query as the API types it: a kind the address bar holds that the API does not know is not sent (all kinds). */
function apiQuery({ actor_kind, entity_type, ...rest }: ActivityQuery) {
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

/** Every tenant's changes and the operator's own, newest first (the operator API). */
export function useAdminActivity(query: ActivityQuery) {
  return useCursorList(activityKeys.admin(query), (cursor) =>
    data(sdk.admin.activity.list({ ...apiQuery(query), limit: PAGE_SIZE, cursor })),
  );
}

/** The signed-in tenant's own changes, the operator's changes of its account included (the reseller API). */
export function useConsoleActivity(query: ActivityQuery) {
  // tenant_id is the operator's filter only: the reseller API refuses it.
  const { tenant_id: _tenant, ...own } = query;
  return useCursorList(activityKeys.console(own), (cursor) =>
    data(sdk.reseller.activity.list({ ...apiQuery(own), limit: PAGE_SIZE, cursor })),
  );
}
