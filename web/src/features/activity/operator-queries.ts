/** The operator's activity log (the operator API's GET /activity): every tenant's changes and the operator's own. */
import { adminSdk } from '../../api/admin-client';
import { data } from '../../api/client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { activityKeys, apiQuery, type ActivityQuery } from './queries';

/** Every tenant's changes and the operator's own, newest first (the operator API). */
export function useAdminActivity(query: ActivityQuery) {
  return useCursorList(activityKeys.admin(query), (cursor) =>
    data(adminSdk.activity.list({ ...apiQuery(query), limit: PAGE_SIZE, cursor })),
  );
}
