/** The tenant's management keys (the reseller API's /management-keys, owners only): cache keys and hooks. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { useToast } from '../../components/Toasts';

export const managementKeyKeys = {
  all: ['management-keys'] as const,
};

/** Owners only (`enabled`): the API refuses every other role, listing included. */
export function useManagementKeys(enabled: boolean) {
  return useCursorList(managementKeyKeys.all, (cursor) => data(sdk.reseller.managementKeys.list({ limit: PAGE_SIZE, cursor })), enabled);
}

/** The answer holds the secret: not kept in the mutation cache. */
export function useCreateManagementKey() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (name: string) => {
      // A blank name is sent as none (the key has no name).
      const trimmed = name.trim();
      return data(sdk.reseller.managementKeys.create(trimmed ? { name: trimmed } : {}));
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: managementKeyKeys.all }),
  });
}

export function useRevokeManagementKey(id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => data(sdk.reseller.managementKeys.revoke(id)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: managementKeyKeys.all });
      toast('Management key revoked');
    },
  });
}
