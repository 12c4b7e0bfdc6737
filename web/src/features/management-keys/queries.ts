/** The tenant's management keys (the reseller API's /management-keys, owners only): cache keys and hooks. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resellerApi } from '../../api/reseller-api';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { useToast } from '../../components/Toasts';

export const managementKeyKeys = {
  all: ['management-keys'] as const,
};

/** Owners only (`enabled`): the API refuses every other role, listing included. */
export function useManagementKeys(enabled: boolean) {
  return useCursorList(managementKeyKeys.all, (cursor) => resellerApi.managementKeys.list({ limit: PAGE_SIZE, cursor }), enabled);
}

/** The answer holds the secret: not kept in the mutation cache. */
export function useCreateManagementKey() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (name: string) => resellerApi.managementKeys.create(name.trim() || undefined),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: managementKeyKeys.all }),
  });
}

export function useRevokeManagementKey(id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => resellerApi.managementKeys.revoke(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: managementKeyKeys.all });
      toast('Management key revoked');
    },
  });
}
