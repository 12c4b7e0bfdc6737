/**
 * The console's statements (the reseller API's /statements, and a customer's): the months not closed
 * yet first, then the closed ones page by page; one month as JSON, or its CSV.
 */
import { useQuery } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';

/** Whose statement: the tenant's (every customer and its own keys together), or one customer's. */
export interface StatementScope {
  customerId: string | null;
}

export const statementKeys = {
  all: ['statements'] as const,
  /** The tenant's statements (every customer and its own keys together), or one customer's. */
  scope: ({ customerId }: StatementScope) => [...statementKeys.all, customerId ?? 'tenant'] as const,
  list: (scope: StatementScope) => [...statementKeys.scope(scope), 'list'] as const,
  month: (scope: StatementScope, month: string) => [...statementKeys.scope(scope), 'month', month] as const,
};

/** Statements, newest month first: the months not closed yet (open), then the closed ones. */
export function useStatements(scope: StatementScope) {
  const { customerId } = scope;
  return useCursorList(statementKeys.list(scope), (cursor) => {
    const page = { limit: PAGE_SIZE, cursor };
    return data(customerId ? sdk.reseller.statements.listForCustomer(customerId, page) : sdk.reseller.statements.list(page));
  });
}

/** A month (YYYY-MM): closed, or open (live) while it is not closed yet. */
export function useStatement(scope: StatementScope, month: string) {
  const { customerId } = scope;
  return useQuery({
    queryKey: statementKeys.month(scope, month),
    queryFn: () => data(customerId ? sdk.reseller.statements.getForCustomer(customerId, month) : sdk.reseller.statements.get(month)),
  });
}

/**
 * The CSV of a month, as a same-origin link: the browser downloads it with the session cookie (a GET
 * needs no CSRF token), and the server names the file (Content-Disposition).
 */
export const statementCsvUrl = ({ customerId }: StatementScope, month: string) =>
  customerId
    ? sdk.reseller.url('GET /customers/{id}/statements/{month}', { params: { id: customerId, month }, query: { format: 'csv' } })
    : sdk.reseller.url('GET /statements/{month}', { params: { month }, query: { format: 'csv' } });

/** Where a month's statement page is. */
export function statementPath({ customerId }: StatementScope, month: string): string {
  return customerId ? `/console/customers/${customerId}/statements/${month}` : `/console/statements/${month}`;
}
