/**
 * The operator's plans (the operator API's /plans): the cache keys and hooks. The console's choice of
 * a public plan is in choice-queries.ts, apart from the operator API's client.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePlanRequest, PlanView } from '@unified-api-gateway/sdk';
import { data } from '../../api/client';
import { adminSdk } from '../../api/admin-client';
import { PAGE_SIZE, useCursorList } from '../../components/Paging';
import { useToast } from '../../components/Toasts';

export const planKeys = {
  all: ['admin', 'plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
  /** The first 500, for names and choices. */
  choices: () => [...planKeys.all, 'all'] as const,
};

export function usePlans() {
  return useCursorList(planKeys.list(), (cursor) => data(adminSdk.plans.list({ limit: PAGE_SIZE, cursor })));
}

/** Every plan (the first 500, far more than any operator defines), for names and choices. */
export function useAllPlans() {
  return useQuery({ queryKey: planKeys.choices(), queryFn: () => data(adminSdk.plans.list({ limit: 500 })), staleTime: 30_000 });
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
    mutationFn: (body: CreatePlanRequest) => data(plan ? adminSdk.plans.update(plan.id, body) : adminSdk.plans.create(body)),
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
    mutationFn: () => data(adminSdk.plans.delete(id)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
      toast('Plan deleted');
    },
  });
}
