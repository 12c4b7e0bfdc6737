/** The account's users and invitations (the console API's /users and /invitations): cache keys and hooks. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { useToast } from '../../components/Toasts';
import type { TenantRole } from './roles';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  invitations: () => [...userKeys.all, 'invitations'] as const,
};

export function useUsers() {
  return useCursorList(userKeys.list(), (cursor) => data(sdk.console.users.list({ limit: PAGE_SIZE, cursor })));
}

/** Owners only (`enabled`), as on the API. */
export function useInvitations(enabled: boolean) {
  return useCursorList(userKeys.invitations(), (cursor) => data(sdk.console.invitations.list({ limit: PAGE_SIZE, cursor })), enabled);
}

/** A change of users or invitations: both lists ask again, and a toast says what happened. */
function useTeamChange<V>(run: (variables: V) => Promise<unknown>, message: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      toast(message);
    },
  });
}

/** An invitation; its answer holds the invitation's link (its token), so it is not kept in the mutation cache. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (body: { email: string; role: TenantRole }) =>
      data(sdk.console.users.invite({ email: body.email.trim(), role: body.role })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export const useChangeRole = (id: string) =>
  useTeamChange((role: TenantRole) => data(sdk.console.users.changeRole(id, role)), 'Role changed');
export const useRemoveUser = (id: string) => useTeamChange(() => data(sdk.console.users.remove(id)), 'User removed');
export const useWithdrawInvitation = (id: string) =>
  useTeamChange(() => data(sdk.console.invitations.withdraw(id)), 'Invitation withdrawn');
