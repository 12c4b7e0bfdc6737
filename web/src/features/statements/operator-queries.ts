/**
 * A tenant's statements as the operator reads them (the operator API's /tenants/:id/statements, and
 * the same per customer of a reseller): the months, one month, and its CSV.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, data } from '../../api/client';
import { adminSdk } from '../../api/admin-client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { tenantKeys } from '../tenants/queries';

export const operatorStatementKeys = {
  /** Under the tenant's own key, so that everything about a tenant goes together. */
  all: (tenantId: string) => [...tenantKeys.detail(tenantId), 'statements'] as const,
  list: (tenantId: string, customerId: string | null) => [...operatorStatementKeys.all(tenantId), customerId, 'list'] as const,
  month: (tenantId: string, customerId: string | null, month: string) =>
    [...operatorStatementKeys.all(tenantId), customerId, month] as const,
};

/** The tenant's statements (`customerId` null), or those of one of its customers. */
export function useTenantStatements(tenantId: string, customerId: string | null) {
  const { statements } = adminSdk;
  return useCursorList(operatorStatementKeys.list(tenantId, customerId), (cursor) => {
    const page = { limit: PAGE_SIZE, cursor };
    return data(customerId ? statements.listForCustomer(tenantId, customerId, page) : statements.list(tenantId, page));
  });
}

/** One month's statement; null for a closed month that has none (nothing was used in it: 404). */
export function useTenantStatement(tenantId: string, customerId: string | null, month: string) {
  const { statements } = adminSdk;
  return useQuery({
    queryKey: operatorStatementKeys.month(tenantId, customerId, month),
    queryFn: () =>
      data(customerId ? statements.getForCustomer(tenantId, customerId, month) : statements.get(tenantId, month)).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
  });
}

/** The CSV of a month, as a same-origin link the browser downloads with the session cookie. */
export const tenantStatementCsvUrl = (tenantId: string, customerId: string | null, month: string) =>
  customerId
    ? adminSdk.url('GET /tenants/{id}/customers/{customerId}/statements/{month}', {
        params: { id: tenantId, customerId, month },
        query: { format: 'csv' },
      })
    : adminSdk.url('GET /tenants/{id}/statements/{month}', { params: { id: tenantId, month }, query: { format: 'csv' } });
