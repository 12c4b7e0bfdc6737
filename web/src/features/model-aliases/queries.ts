/** The model aliases of the OpenAI-compatible API (the operator API's /model-aliases): cache keys and hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { data } from '../../api/client';
import { adminSdk } from '../../api/admin-client';
import { useToast } from '../../components/Toasts';

export const modelAliasKeys = {
  all: ['admin', 'model-aliases'] as const,
};

export function useModelAliases() {
  return useQuery({ queryKey: modelAliasKeys.all, queryFn: () => data(adminSdk.modelAliases.list()) });
}

/** Adds an alias, or points one that exists at the new target. */
export function useSetAlias() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ alias, target }: { alias: string; target: string }) => data(adminSdk.modelAliases.set(alias.trim(), target)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: modelAliasKeys.all });
      toast(`${saved.alias} now stands for ${saved.target}`);
    },
  });
}

export function useRemoveAlias(alias: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => data(adminSdk.modelAliases.delete(alias)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: modelAliasKeys.all });
      toast(`Alias ${alias} removed`);
    },
  });
}
