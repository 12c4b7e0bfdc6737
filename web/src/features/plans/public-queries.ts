/** The public plans (GET /api/public/v1/plans, without a key): the website, sign-up and the console's plan page. */
import { useQuery } from '@tanstack/react-query';
import { data, sdk } from '../../api/client';

export const publicPlanKeys = {
  all: ['public', 'plans'] as const,
};

// The gateway lets browsers keep the public plans for a minute; the console reads them on most pages
// (the limit window) and must show a plan the operator has just published, so it revalidates (a 304
// when nothing changed).
const fetchPublicPlans = () => data(sdk.public.plans({ revalidate: true }));

export function usePublicPlans() {
  return useQuery({ queryKey: publicPlanKeys.all, queryFn: fetchPublicPlans });
}

/** The window every request limit counts in (RATE_LIMIT_WINDOW_SECONDS), from the public plans; undefined until loaded. */
export function useRateLimitWindow(): number | undefined {
  return useQuery({
    queryKey: publicPlanKeys.all,
    queryFn: fetchPublicPlans,
    select: (plans) => plans.rate_limit_window_seconds,
  }).data;
}
