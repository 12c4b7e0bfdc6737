/**
 * Issuing a password reset link for a user of the tenant (owners, the console API). The operator's
 * (any user, operators included) is in operator-queries.ts, so the console never loads the operator
 * API's client. Using a link is the reset page's (features/auth).
 */
import { useMutation } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';

/** The answer holds the link's token, shown once: it is not kept in the mutation cache. */
export function useIssueResetLink(userId: string) {
  return useMutation({ gcTime: 0, mutationFn: () => data(sdk.console.users.passwordReset(userId)) });
}
