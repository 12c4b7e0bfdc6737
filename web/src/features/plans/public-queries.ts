/** The public plans (GET /api/public/v1/plans, without a key): the website, sign-up and the console's plan page. */
import { useQuery } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';

export const publicPlanKeys = {
  all: ['public', 'plans'] as const,
};

export function usePublicPlans() {
  return useQuery({ queryKey: publicPlanKeys.all, queryFn: () => data(sdk.public.plans()) });
}

/** The window every request limit counts in (RATE_LIMIT_WINDOW_SECONDS), from the public plans; undefined until loaded. */
export function useRateLimitWindow(): number | undefined {
  return useQuery({
    queryKey: publicPlanKeys.all,
    queryFn: () => data(sdk.public.plans()),
    select: (plans) => plans.rate_limit_window_seconds,
  }).data;
}
