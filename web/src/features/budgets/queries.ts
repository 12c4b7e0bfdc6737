/** A budget of a key, a customer or a tenant, read and changed through its source (see BudgetSource). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import type { BudgetRequest } from '@unified-api-gateway/sdk';
import { useToast } from '../../components/Toasts';
import type { BudgetSource } from './budget-source';

/** The budget, or null when there is none (the API's 404). */
export function useBudget(source: BudgetSource) {
  return useQuery({
    queryKey: source.queryKey,
    queryFn: async () => {
      try {
        return await source.load();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useSaveBudget(source: BudgetSource) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: BudgetRequest) => source.save(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(source.queryKey, saved);
      if (source.affects) void queryClient.invalidateQueries({ queryKey: source.affects });
      toast('Budget saved');
    },
  });
}

export function useRemoveBudget(source: BudgetSource) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => source.remove(),
    onSuccess: () => {
      queryClient.setQueryData(source.queryKey, null);
      if (source.affects) void queryClient.invalidateQueries({ queryKey: source.affects });
      toast('Budget removed');
    },
  });
}
