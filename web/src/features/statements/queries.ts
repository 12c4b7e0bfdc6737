/**
 * The console's statements (the reseller API's /statements, and a customer's): the months not closed
 * yet first, then the closed ones page by page; one month as JSON, or its CSV.
 */
import { useQuery } from '@tanstack/react-query';
import { resellerApi, type StatementScope } from '../../api/reseller-api';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';

export type { StatementScope };

export const statementKeys = {
  all: ['statements'] as const,
  /** The tenant's statements (every customer and its own keys together), or one customer's. */
  scope: ({ customerId }: StatementScope) => [...statementKeys.all, customerId ?? 'tenant'] as const,
  list: (scope: StatementScope) => [...statementKeys.scope(scope), 'list'] as const,
  month: (scope: StatementScope, month: string) => [...statementKeys.scope(scope), 'month', month] as const,
};

export function useStatements(scope: StatementScope) {
  return useCursorList(statementKeys.list(scope), (cursor) => resellerApi.statements.list(scope, { limit: PAGE_SIZE, cursor }));
}

/** A month (YYYY-MM): closed, or open (live) while it is not closed yet. */
export function useStatement(scope: StatementScope, month: string) {
  return useQuery({ queryKey: statementKeys.month(scope, month), queryFn: () => resellerApi.statements.get(scope, month) });
}

/**
 * The CSV of a month, as a same-origin link: the browser downloads it with the session cookie (a GET
 * needs no CSRF token), and the server names the file (Content-Disposition).
 */
export const statementCsvUrl = (scope: StatementScope, month: string) => resellerApi.statements.csvUrl(scope, month);

/** Where a month's statement page is. */
export function statementPath({ customerId }: StatementScope, month: string): string {
  return customerId ? `/console/customers/${customerId}/statements/${month}` : `/console/statements/${month}`;
}
