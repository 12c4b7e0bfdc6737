/** Issuing a password reset link for any user, a tenant's or an operator (the operator API; the admin area's chunks only). */
import { useMutation } from '@tanstack/react-query';
import { adminSdk } from '../../api/admin-client';
import { data } from '../../api/client';

/** The answer holds the link's token, shown once: it is not kept in the mutation cache. */
export function useIssueOperatorResetLink(userId: string) {
  return useMutation({ gcTime: 0, mutationFn: () => data(adminSdk.users.passwordReset(userId)) });
}
