/**
 * A tenant's statements as the operator reads them (the operator API's /tenants/:id/statements, and
 * the same per customer of a reseller): the months, one month, and its CSV.
 */
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../api/admin-api';
import { ApiError } from '../../api/http';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { tenantKeys } from '../tenants/queries';

export const operatorStatementKeys = {
  /** Under the tenant's own key, so that everything about a tenant goes together. */
  all: (tenantId: string) => [...tenantKeys.detail(tenantId), 'statements'] as const,
  list: (tenantId: string, customerId: string | null) => [...operatorStatementKeys.all(tenantId), customerId, 'list'] as const,
  month: (tenantId: string, customerId: string | null, month: string) =>
    [...operatorStatementKeys.all(tenantId), customerId, month] as const,
};

export function useTenantStatements(tenantId: string, customerId: string | null) {
  return useCursorList(operatorStatementKeys.list(tenantId, customerId), (cursor) =>
    adminApi.statements.list(tenantId, customerId, { limit: PAGE_SIZE, cursor }),
  );
}

/** One month's statement; null for a closed month that has none (nothing was used in it: 404). */
export function useTenantStatement(tenantId: string, customerId: string | null, month: string) {
  return useQuery({
    queryKey: operatorStatementKeys.month(tenantId, customerId, month),
    queryFn: () =>
      adminApi.statements.get(tenantId, customerId, month).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });
}

export const tenantStatementCsvUrl = (tenantId: string, customerId: string | null, month: string) =>
  adminApi.statements.csvUrl(tenantId, customerId, month);
