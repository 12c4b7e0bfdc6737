/** The console's choice of a public plan (PUT /me/plan of the reseller API), for owners. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanView } from '@unified-api-gateway/sdk';
import { data, sdk } from '../../api/client';
import { SESSION_KEY } from '../../auth/session-query';
import { useToast } from '../../components/Toasts';
import { meKeys } from '../account/queries';

/** Owners: from a public plan to another public one. */
export function useChoosePlan(plan: PlanView) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => data(sdk.reseller.choosePlan(plan.id)),
    onSuccess: (next) => {
      queryClient.setQueryData(meKeys.me, next);
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      toast(`You are on ${next.plan?.name ?? 'no plan'}`);
    },
  });
}
