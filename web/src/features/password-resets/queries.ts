/**
 * Issuing a password reset link for someone else: an owner for a user of the tenant (the console
 * API), an operator for any user, operators included (the operator API). Using a link is the reset
 * page's (features/auth).
 */
import { useMutation } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';

/** Who issues the link, and so through which API. */
export type ResetIssuer = 'owner' | 'operator';

/** The answer holds the link's token, shown once: it is not kept in the mutation cache. */
export function useIssueResetLink(issuer: ResetIssuer, userId: string) {
  return useMutation({
    gcTime: 0,
    mutationFn: () => data(issuer === 'operator' ? sdk.admin.users.passwordReset(userId) : sdk.console.users.passwordReset(userId)),
  });
}
