/**
 * The operator's plans (the operator API's /plans), and the console's choice of a public plan (PUT
 * /me/plan of the reseller API): the cache keys and hooks.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePlanRequest, PlanView } from '@unified-api-gateway/sdk';
import { data, sdk } from '../../api/client';
import { SESSION_KEY } from '../../auth/session-query';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { useToast } from '../../components/Toasts';
import { meKeys } from '../account/queries';

export const planKeys = {
  all: ['admin', 'plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
  /** The first 500, for names and choices. */
  choices: () => [...planKeys.all, 'all'] as const,
};

export function usePlans() {
  return useCursorList(planKeys.list(), (cursor) => data(sdk.admin.plans.list({ limit: PAGE_SIZE, cursor })));
}

/** Every plan (the first 500, far more than any operator defines), for names and choices. */
export function useAllPlans() {
  return useQuery({ queryKey: planKeys.choices(), queryFn: () => data(sdk.admin.plans.list({ limit: 500 })), staleTime: 30_000 });
}

/** The plans as a select's options, after "No plan". */
export function planOptions(plans: PlanView[] | undefined): Array<{ value: string; label: string }> {
  return [{ value: '', label: 'No plan' }, ...(plans?.map((p) => ({ value: p.id, label: p.name })) ?? [])];
}

/** Creates a plan (`plan` null) or changes one; a change applies to its tenants at once. */
export function useSavePlan(plan: PlanView | null) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: CreatePlanRequest) => data(plan ? sdk.admin.plans.update(plan.id, body) : sdk.admin.plans.create(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
      toast(plan ? 'Plan saved; it applies to its tenants at once' : 'Plan created');
    },
  });
}

/** Deletes a plan; the API refuses one a tenant is on (409). */
export function useDeletePlan(id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => data(sdk.admin.plans.delete(id)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
      toast('Plan deleted');
    },
  });
}

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
