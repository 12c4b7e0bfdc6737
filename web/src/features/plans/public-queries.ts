/** The public plans (GET /api/public/v1/plans, without a key): the website, sign-up and the console's plan page. */
import { useQuery } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';

export const publicPlanKeys = {
  all: ['public', 'plans'] as const,
};

export function usePublicPlans() {
  return useQuery({ queryKey: publicPlanKeys.all, queryFn: () => data(sdk.public.plans()) });
}
