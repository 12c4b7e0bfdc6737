/** The console's choice of a public plan (PUT /me/plan of the reseller API), for owners. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeView, PlanView } from '@unified-api-gateway/sdk';
import { data, sdk } from '../../api/client';
import { SESSION_KEY } from '../../auth/session-query';
import { useToast } from '../../components/Toasts';
import { formatDate } from '../../lib/format';
import { meKeys } from '../account/queries';

/** Owners: from a public plan to another public one; one with a smaller fee is scheduled for the next month. */
export function useChoosePlan(plan: PlanView) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => data(sdk.reseller.choosePlan(plan.id)),
    onSuccess: (next) => {
      queryClient.setQueryData(meKeys.me, next);
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      const scheduled = next.scheduled_plan_change;
      toast(
        scheduled
          ? `You move to ${scheduled.plan.name} on ${formatDate(scheduled.effective_from)}`
          : `You are on ${next.plan?.name ?? 'no plan'}`,
      );
    },
  });
}

/** Owners: cancel the move scheduled for the next month (they stay on their plan). */
export function useCancelScheduledPlanChange() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => data(sdk.reseller.cancelScheduledPlanChange()),
    onSuccess: (next: MeView) => {
      queryClient.setQueryData(meKeys.me, next);
      toast(`You stay on ${next.plan?.name ?? 'no plan'}`);
    },
  });
}
