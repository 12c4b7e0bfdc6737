/** The limits of a key or a customer, read and replaced whole through its source (see LimitsSource). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LimitsBody } from '@unified-api-gateway/sdk';
import { useToast } from '../../components/Toasts';
import type { EffectiveLimitsSource } from './effective-limits-source';
import type { LimitsSource } from './limits-source';

export function useLimits(source: LimitsSource) {
  return useQuery({ queryKey: source.queryKey, queryFn: source.load });
}

export function useSaveLimits(source: LimitsSource) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: LimitsBody) => source.save(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(source.queryKey, saved);
      if (source.affects) void queryClient.invalidateQueries({ queryKey: source.affects });
      toast('Limits saved; they apply at once');
    },
  });
}

/** Every limit and budget of a key's calls, as the gateway computes them (read-only; the key's page). */
export function useEffectiveLimits(source: EffectiveLimitsSource) {
  return useQuery({ queryKey: source.queryKey, queryFn: source.load });
}

/** The key's calls per day over the last 30 days. */
export function useKeyUsage(source: EffectiveLimitsSource) {
  return useQuery({ queryKey: source.usageKey, queryFn: source.loadUsage });
}
